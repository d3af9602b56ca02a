import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DeptAdminColumns, DeptTable } from '../../db/schema';
import { filterConditions, type FilterColumn } from '../../platform/repositories/crud-filters';
import { insertCreated, softDeleteVersioned, updateAtVersion } from '../../platform/repositories/resource-rows';
import { keysWithChildren, liveChildren } from './tree-rows';

/** Departments (机构, blade-system/dept): the tenant's blade_dept rows that are not removed. */
export type DeptRow = Selectable<DeptTable & DeptAdminColumns>;

/** The list's search conditions (crud-filters.ts): the columns the dept screen shows. */
const FILTERS: Record<string, FilterColumn> = {
  deptName: { column: 'dept_name', kind: 'text' },
  fullName: { column: 'full_name', kind: 'text' },
  deptCategory: { column: 'dept_category', kind: 'number' },
  regionCode: { column: 'region_code', kind: 'text' },
};

const live = (db: Kysely<Database>, tenantId: string) =>
  db.selectFrom('blade_dept').selectAll().where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);

/** The tenant's live departments, matching the list's conditions when given, in screen order. */
export async function listDeptRows(db: Kysely<Database>, tenantId: string, query: Record<string, unknown> = {}): Promise<DeptRow[]> {
  const conditions = filterConditions(query, FILTERS);
  return live(db, tenantId)
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The live children of one parent ('0': the top level), each with whether it has children of its own. */
export const listDeptChildren = (db: Kysely<Database>, tenantId: string, parentId: string) =>
  liveChildren(db, 'blade_dept', tenantId, parentId);

export async function findDept(db: Kysely<Database>, tenantId: string, id: string): Promise<DeptRow | undefined> {
  return live(db, tenantId).where('id', '=', id).executeTakeFirst();
}

export async function findDepts(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<DeptRow[]> {
  if (ids.length === 0) return [];
  return live(db, tenantId).where('id', 'in', ids).orderBy('sort').orderBy('id').execute();
}

export interface DeptWrite {
  parentId: string;
  deptName: string;
  fullName: string;
  deptCategory: number;
  regionCode: string | null;
  sort: number;
  remark: string;
}

const columns = (input: DeptWrite) => ({
  parent_id: input.parentId,
  dept_name: input.deptName,
  full_name: input.fullName,
  dept_category: input.deptCategory,
  region_code: input.regionCode,
  sort: input.sort,
  remark: input.remark,
});

export const insertDept = (db: Kysely<Database>, tenantId: string, input: DeptWrite, userId: string, now: Date): Promise<string> =>
  insertCreated(db, 'blade_dept', tenantId, columns(input), userId, now);

/**
 * Changes a department only over the version the caller read: the new version, or undefined when
 * the row is gone or moved on (the caller tells which).
 */
export const updateDept = (
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  input: DeptWrite,
  userId: string,
  now: Date,
) => updateAtVersion(db, 'blade_dept', tenantId, id, rowVersion, { ...columns(input), update_user: userId, update_time: now });

/** The departments among `ids` that have a live child outside `ids`… or inside: BladeX refuses both. */
export const deptsWithChildren = (db: Kysely<Database>, tenantId: string, ids: string[]) =>
  keysWithChildren(db, 'blade_dept', tenantId, ids);

/** The departments among `ids` that a live user of the tenant belongs to (dept_id is comma-joined). */
export async function deptsWithUsers(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  const used: string[] = [];
  for (const id of ids) {
    const hit = await db
      .selectFrom('blade_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      // ids are digits only (the route's schema), so the pattern has nothing to escape.
      .where(sql<boolean>`',' || dept_id || ',' like ${`%,${id},%`}`)
      .limit(1)
      .executeTakeFirst();
    if (hit) used.push(id);
  }
  return used;
}

export const softDeleteDepts = (db: Kysely<Database>, tenantId: string, ids: string[], userId: string, now: Date) =>
  softDeleteVersioned(db, 'blade_dept', 'id', tenantId, ids, userId, now);

/**
 * Holds the tenant's department rows until the transaction ends, so two moves (or a move and a
 * removal) of one tenant run one after another and the parent checks each made still hold when it
 * writes: two concurrent moves could otherwise each pass the cycle check and together close a loop.
 */
export async function lockTenantDepts(db: Kysely<Database>, tenantId: string): Promise<void> {
  await db.selectFrom('blade_dept').select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).forUpdate().execute();
}
