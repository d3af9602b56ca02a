// What a role holds: its menus and buttons (blade_role_menu) and its data and api scopes
// (blade_role_scope, migration 017). A grant replaces them, inside the caller's transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export const SCOPE_DATA = 1;
export const SCOPE_API = 2;
export type ScopeCategory = typeof SCOPE_DATA | typeof SCOPE_API;

export async function replaceRoleMenus(db: Kysely<Database>, tenantId: string, roleIds: string[], menuIds: string[]): Promise<void> {
  await db.deleteFrom('blade_role_menu').where('tenant_id', '=', tenantId).where('role_id', 'in', roleIds).execute();
  const rows = roleIds.flatMap((role_id) => menuIds.map((menu_id) => ({ role_id, menu_id, tenant_id: tenantId })));
  if (rows.length > 0) await db.insertInto('blade_role_menu').values(rows).execute();
}

export async function replaceRoleScopes(
  db: Kysely<Database>,
  tenantId: string,
  roleIds: string[],
  category: ScopeCategory,
  scopeIds: string[],
): Promise<void> {
  await db
    .deleteFrom('blade_role_scope')
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .where('scope_category', '=', category)
    .execute();
  const rows = roleIds.flatMap((role_id) =>
    scopeIds.map((scope_id) => ({ role_id, scope_id, scope_category: category, tenant_id: tenantId })),
  );
  if (rows.length > 0) await db.insertInto('blade_role_scope').values(rows).execute();
}

/** The menu and button ids the tenant's roles hold (any of them). */
export async function roleMenuIds(db: Kysely<Database>, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_role_menu')
    .select('menu_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .orderBy('menu_id')
    .execute();
  return rows.map((r) => r.menu_id);
}

/** The scope ids of one category the tenant's roles hold, with the role holding each. */
export async function roleScopeRows(
  db: Kysely<Database>,
  tenantId: string,
  roleIds: string[],
  category: ScopeCategory,
): Promise<{ role_id: string; scope_id: string }[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('blade_role_scope')
    .select(['role_id', 'scope_id'])
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .where('scope_category', '=', category)
    .orderBy('scope_id')
    .execute();
}

/** Drops every role's grants of these menus and scopes, in every tenant (a removed menu or scope): system work. */
export async function dropGrantsOf(db: Kysely<Database>, menuIds: string[], scopeIds: string[]): Promise<void> {
  if (menuIds.length > 0) await db.deleteFrom('blade_role_menu').where('menu_id', 'in', menuIds).execute();
  if (scopeIds.length > 0) await db.deleteFrom('blade_role_scope').where('scope_id', 'in', scopeIds).execute();
}
