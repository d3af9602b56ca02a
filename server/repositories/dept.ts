import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, DeptAdminColumns, DeptTable } from '../db/schema';
import { newId } from '../db/ids';
import { filterConditions, type FilterColumn } from './crud-filters';
import { softDeleteFrom } from './soft-delete';

/** Departments (机构, blade-system/dept): the tenant's blade_dept rows that are not removed. */
export type DeptRow = Selectable<DeptTable & DeptAdminColumns>;

/** The list's search conditions (crud-filters.ts): the columns the dept screen shows. */
const FILTERS: Record<string, FilterColumn> = {
  deptName: { column: 'dept_name', kind: 'text' },
  fullName: { column: 'full_name', kind: 'text' },
  deptCategory: { column: 'dept_category', kind: 'number' },
  regionCode: { column: 'region_code', kind: 'text' },
};

/** The tenant's live departments, matching the list's conditions when given, in screen order. */
export async function listDeptRows(db: Kysely<Database>, tenantId: string, query: Record<string, unknown> = {}): Promise<DeptRow[]> {
  const conditions = filterConditions(query, FILTERS);
  return db
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The live children of one parent ('0': the top level), each with whether it has children of its own. */
export async function listDeptChildren(db: Kysely<Database>, tenantId: string, parentId: string) {
  return db
    .selectFrom('blade_dept as d')
    .selectAll('d')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('blade_dept as c')
            .select('c.id')
            .where('c.tenant_id', '=', tenantId)
            .where('c.is_deleted', '=', 0)
            .whereRef('c.parent_id', '=', 'd.id'),
        )
        .as('has_children'),
    )
    .where('d.tenant_id', '=', tenantId)
    .where('d.is_deleted', '=', 0)
    .where('d.parent_id', '=', parentId)
    .orderBy('d.sort')
    .orderBy('d.id')
    .execute();
}

export async function findDept(db: Kysely<Database>, tenantId: string, id: string): Promise<DeptRow | undefined> {
  return db
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findDepts(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<DeptRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('blade_dept')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
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

export async function insertDept(db: Kysely<Database>, tenantId: string, input: DeptWrite, userId: string, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dept')
    .values({ id, tenant_id: tenantId, ...columns(input), create_user: userId, create_time: now, update_user: userId, update_time: now })
    .execute();
  return id;
}

/**
 * Changes a department only over the version the caller read: the new version, or undefined when
 * the row is gone or moved on (the caller tells which).
 */
export async function updateDept(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  input: DeptWrite,
  userId: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db
    .updateTable('blade_dept')
    .set({ ...columns(input), row_version: sql<number>`row_version + 1`, update_user: userId, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('row_version', '=', rowVersion)
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

/** The departments among `ids` that have a live child outside `ids`… or inside: BladeX refuses both. */
export async function deptsWithChildren(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('blade_dept')
    .select('parent_id')
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where('parent_id', 'in', ids)
    .execute();
  return rows.map((r) => r.parent_id);
}

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

export async function softDeleteDepts(db: Kysely<Database>, tenantId: string, ids: string[], userId: string, now: Date): Promise<number> {
  const rows = await softDeleteFrom(db, 'blade_dept', tenantId, { update_user: userId, update_time: now })
    .set({ row_version: sql<number>`row_version + 1` })
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * Holds the tenant's department rows until the transaction ends, so two moves (or a move and a
 * removal) of one tenant run one after another and the parent checks each made still hold when it
 * writes: two concurrent moves could otherwise each pass the cycle check and together close a loop.
 */
export async function lockTenantDepts(db: Kysely<Database>, tenantId: string): Promise<void> {
  await db.selectFrom('blade_dept').select('id').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).forUpdate().execute();
}
