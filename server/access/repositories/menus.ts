import type { Kysely, Selectable } from 'kysely';
import type { Database, MenuTable } from '../../db/schema';

export type Menu = Selectable<MenuTable>;

/** Menus (category 1) or buttons (category 2) granted to a role, optionally within one top menu. */
export async function menusForRole(db: Kysely<Database>, roleId: string, category: 1 | 2, topMenuId?: string): Promise<Menu[]> {
  let query = db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_role_menu as rm', 'rm.menu_id', 'm.id')
    .selectAll('m')
    .where('rm.role_id', '=', roleId)
    .where('m.category', '=', category);
  if (topMenuId) {
    query = query.where('m.id', 'in', db.selectFrom('blade_top_menu_setting').select('menu_id').where('top_menu_id', '=', topMenuId));
  }
  return query.orderBy('m.sort').orderBy('m.id').execute();
}

export async function topMenusForRole(db: Kysely<Database>, roleId: string) {
  return db
    .selectFrom('blade_top_menu as t')
    .selectAll('t')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('blade_top_menu_setting as s')
          .innerJoin('blade_role_menu as rm', 'rm.menu_id', 's.menu_id')
          .select('s.menu_id')
          .whereRef('s.top_menu_id', '=', 't.id')
          .where('rm.role_id', '=', roleId),
      ),
    )
    .orderBy('t.sort')
    .execute();
}

/**
 * The menu and button codes granted to the caller's roles — only roles of the caller's own tenant
 * count (roles are tenant-owned). `among` narrows the answer to those codes.
 */
export async function roleMenuCodes(
  db: Kysely<Database>,
  tenantId: string,
  roleIds: readonly string[],
  among?: readonly string[],
): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_menu as m')
    .innerJoin('blade_role_menu as rm', 'rm.menu_id', 'm.id')
    .innerJoin('blade_role as r', 'r.id', 'rm.role_id')
    .select('m.code')
    .where('r.tenant_id', '=', tenantId)
    .where('rm.role_id', 'in', roleIds)
    .$if(among !== undefined, (q) => q.where('m.code', 'in', among ?? []))
    .execute();
  return [...new Set(rows.map((r) => r.code))];
}
