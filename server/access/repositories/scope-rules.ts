// Data scopes and api scopes (blade_scope_data, blade_scope_api; migration 017): platform rows
// attached to a menu, and the lookups that apply them to a caller's roles.
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, ScopeApiTable, ScopeDataTable } from '../../db/schema';
import { SCOPE_API, SCOPE_DATA } from './role-grants';

export type ScopeDataRow = Selectable<ScopeDataTable>;
export type ScopeApiRow = Selectable<ScopeApiTable>;
export type ScopeTable = 'blade_scope_data' | 'blade_scope_api';
export type ScopeRowOf<T extends ScopeTable> = T extends 'blade_scope_data' ? ScopeDataRow : ScopeApiRow;

export interface ScopeDataWrite {
  menu_id: string;
  resource_code: string;
  scope_name: string;
  scope_column: string;
  scope_type: number;
  scope_value: string;
  remark: string;
}

export interface ScopeApiWrite {
  menu_id: string;
  resource_code: string;
  scope_name: string;
  scope_path: string;
  scope_type: number;
  remark: string;
}

export type ScopeWriteOf<T extends ScopeTable> = T extends 'blade_scope_data' ? ScopeDataWrite : ScopeApiWrite;

// Both tables share the columns these statements touch; kysely is told the data table's name so
// it types them once (the rows are returned as the table asked for).
const as = (table: ScopeTable) => table as 'blade_scope_data';

export async function pageScopes<T extends ScopeTable>(
  db: Kysely<Database>,
  table: T,
  conditions: RawBuilder<unknown>[],
  offset: number,
  size: number,
): Promise<{ rows: ScopeRowOf<T>[]; total: number }> {
  let base = db.selectFrom(as(table)).where('is_deleted', '=', 0);
  for (const condition of conditions) base = base.where(condition as RawBuilder<boolean>);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('menu_id').orderBy('id').offset(offset).limit(size).execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as ScopeRowOf<T>[], total: Number(count.n) };
}

export async function liveScopes<T extends ScopeTable>(db: Kysely<Database>, table: T, ids?: string[]): Promise<ScopeRowOf<T>[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .selectFrom(as(table))
    .selectAll()
    .where('is_deleted', '=', 0)
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids ?? []))
    .orderBy('menu_id')
    .orderBy('id')
    .execute();
  return rows as unknown as ScopeRowOf<T>[];
}

export async function findScope<T extends ScopeTable>(db: Kysely<Database>, table: T, id: string): Promise<ScopeRowOf<T> | undefined> {
  const row = await db.selectFrom(as(table)).selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
  return row as unknown as ScopeRowOf<T> | undefined;
}

export async function insertScope<T extends ScopeTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  row: ScopeWriteOf<T>,
  by: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto(as(table))
    .values({ id, ...(row as ScopeDataWrite), update_user_name: by, update_time: at })
    .execute();
}

export async function updateScopeAt<T extends ScopeTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
  version: number,
  row: ScopeWriteOf<T>,
  by: string,
  at: Date,
): Promise<ScopeRowOf<T> | undefined> {
  const updated = await db
    .updateTable(as(table))
    .set({ ...(row as ScopeDataWrite), row_version: sql`row_version + 1`, update_user_name: by, update_time: at })
    .where('id', '=', id)
    .where('row_version', '=', version)
    .where('is_deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return updated as unknown as ScopeRowOf<T> | undefined;
}

/** The live scopes attached to these menus (a removed menu takes its scopes with it). */
export async function scopeIdsOfMenus(db: Kysely<Database>, table: ScopeTable, menuIds: string[]): Promise<string[]> {
  if (menuIds.length === 0) return [];
  const rows = await db.selectFrom(as(table)).select('id').where('menu_id', 'in', menuIds).where('is_deleted', '=', 0).execute();
  return rows.map((r) => r.id);
}

/** The data scopes on the menu `menuCode` that the tenant's roles hold, with the role holding each. */
export async function grantedDataScopes(
  db: Kysely<Database>,
  tenantId: string,
  roleIds: string[],
  menuCode: string,
): Promise<{ role_id: string; scope_type: number; scope_value: string }[]> {
  if (roleIds.length === 0) return [];
  return db
    .selectFrom('blade_role_scope as rs')
    .innerJoin('blade_scope_data as s', 's.id', 'rs.scope_id')
    .innerJoin('blade_menu as m', 'm.id', 's.menu_id')
    .select(['rs.role_id', 's.scope_type', 's.scope_value'])
    .where('rs.tenant_id', '=', tenantId)
    .where('rs.role_id', 'in', roleIds)
    .where('rs.scope_category', '=', SCOPE_DATA)
    .where('s.is_deleted', '=', 0)
    .where('m.code', '=', menuCode)
    .execute();
}

/** The api scope ids the tenant's roles hold. */
export async function grantedApiScopeIds(db: Kysely<Database>, tenantId: string, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('blade_role_scope')
    .select('scope_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('role_id', 'in', roleIds)
    .where('scope_category', '=', SCOPE_API)
    .execute();
  return rows.map((r) => r.scope_id);
}

/** Every live api scope's id and path pattern: the route guard keeps them (access/services/scope-api-access.ts). */
export async function apiScopePatterns(db: Kysely<Database>): Promise<{ id: string; scope_path: string }[]> {
  return db.selectFrom('blade_scope_api').select(['id', 'scope_path']).where('is_deleted', '=', 0).execute();
}

/** The tenant's departments as a parent map (本部门及以下 walks it). */
export async function tenantDeptParents(db: Kysely<Database>, tenantId: string): Promise<{ id: string; parent_id: string }[]> {
  return db.selectFrom('blade_dept').select(['id', 'parent_id']).where('tenant_id', '=', tenantId).execute();
}
