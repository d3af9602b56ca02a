// Roles of a tenant (blade_role, migration 017): a tree per tenant, soft-deleted, versioned.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, RoleTable } from '../../db/schema';

export type RoleRow = Selectable<RoleTable>;

export interface RoleWrite {
  parent_id: string;
  role_name: string;
  role_alias: string;
  sort: number;
}

/** The tenant's live roles (narrowed by `conditions`, from crud-filters), in screen order. */
export async function listTenantRoles(db: Kysely<Database>, tenantId: string, conditions: RawBuilder<unknown>[] = []): Promise<RoleRow[]> {
  let query = db.selectFrom('blade_role').selectAll().where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  for (const condition of conditions) query = query.where(condition as RawBuilder<boolean>);
  return query.orderBy('sort').orderBy('id').execute();
}

export async function findTenantRole(db: Kysely<Database>, tenantId: string, id: string): Promise<RoleRow | undefined> {
  return db
    .selectFrom('blade_role')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function roleAliasTaken(
  db: Kysely<Database>,
  tenantId: string,
  alias: string,
  exceptId: string | undefined,
): Promise<boolean> {
  const row = await db
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', alias)
    .where('is_deleted', '=', 0)
    .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId ?? ''))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRole(db: Kysely<Database>, tenantId: string, id: string, row: RoleWrite, by: string, at: Date): Promise<void> {
  await db
    .insertInto('blade_role')
    .values({ id, tenant_id: tenantId, ...row, update_user_name: by, update_time: at })
    .execute();
}

/** Updates the role only over the version the caller read; undefined when it moved on (or is gone). */
export async function updateRoleAt(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  version: number,
  row: Partial<RoleWrite>,
  by: string,
  at: Date,
): Promise<RoleRow | undefined> {
  return db
    .updateTable('blade_role')
    .set({ ...row, row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('row_version', '=', version)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
}

export async function softDeleteRoles(db: Kysely<Database>, tenantId: string, ids: string[], by: string, at: Date): Promise<string[]> {
  const rows = await db
    .updateTable('blade_role')
    .set({ is_deleted: 1, row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Which of the roles a live user of the tenant holds (blade_user.role_id is comma-joined). */
export async function rolesHeldByUsers(db: Kysely<Database>, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_role as r')
    .select('r.id')
    .where('r.tenant_id', '=', tenantId)
    .where('r.id', 'in', roleIds)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('blade_user as u')
          .select('u.id')
          .whereRef('u.tenant_id', '=', 'r.tenant_id')
          .where('u.is_deleted', '=', 0)
          .where(sql<boolean>`(',' || u.role_id || ',') like ('%,' || r.id || ',%')`),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** The tenant's live administrator roles that hold the menu `menuId` (系统管理): the last one must keep it. */
export async function administratorRolesHolding(db: Kysely<Database>, tenantId: string, menuId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blade_role as r')
    .innerJoin('blade_role_menu as rm', 'rm.role_id', 'r.id')
    .select('r.id')
    .where('r.tenant_id', '=', tenantId)
    .where('r.is_deleted', '=', 0)
    .where('r.role_alias', 'in', ['administrator', 'admin'])
    .where('rm.menu_id', '=', menuId)
    .execute();
  return rows.map((r) => r.id);
}
