// The statements of the generic resource routes: a document's table read and written through its
// column map. Table and column names come only from resource documents checked at load
// (resourceBlockProblems: lower-case identifiers), values are always bound; every statement names
// the tenant itself (row-level security is the second lock) and sees live rows only.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';
import type { ResourceBlock } from '../../../src/shared/resource/resource-block';

/** A row as the table holds it: the document's columns plus the standard ones. */
export type ResourceRow = Record<string, unknown> & {
  id: string;
  tenant_id: string;
  row_version: number;
  create_time: Date;
  update_user: string | null;
  update_time: Date | null;
};

const table = (block: ResourceBlock) => sql.table(block.table);

/** The columns a list or a detail reads, standard ones first. */
function selection(block: ResourceBlock): RawBuilder<unknown> {
  const names = ['id', 'tenant_id', 'row_version', 'create_user', 'create_time', 'update_user', 'update_time'];
  for (const c of Object.values(block.columns)) names.push(c.column);
  return sql.join(names.map((n) => sql.ref(n)));
}

const live = (tenantId: string) => sql`tenant_id = ${tenantId} and is_deleted = 0`;

export interface SortTerm {
  column: string;
  desc: boolean;
}

/** One page of the tenant's live rows matching the query's search conditions, in `order` (then id). */
export async function listResourceRows(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  query: Record<string, unknown> & { current?: number; size?: number },
  filters: Record<string, FilterColumn>,
  order: SortTerm[],
): Promise<{ rows: ResourceRow[]; total: number; current: number; size: number }> {
  const { current, size, offset } = paging(query);
  const where = sql.join([live(tenantId), ...filterConditions(query, filters)], sql` and `);
  const orderBy = sql.join([...order.map((o) => (o.desc ? sql`${sql.ref(o.column)} desc` : sql`${sql.ref(o.column)} asc`)), sql`id asc`]);
  const [count, page] = await Promise.all([
    sql<{ n: string }>`select count(*) as n from ${table(block)} where ${where}`.execute(db),
    sql<ResourceRow>`select ${selection(block)} from ${table(block)} where ${where} order by ${orderBy} limit ${size} offset ${offset}`.execute(
      db,
    ),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0), current, size };
}

export async function findResourceRow(db: Kysely<Database>, block: ResourceBlock, tenantId: string, id: string) {
  const { rows } = await sql<ResourceRow>`select ${selection(block)} from ${table(block)} where ${live(tenantId)} and id = ${id}`.execute(
    db,
  );
  return rows[0];
}

/** Whether another live row of the tenant has these column values (`exceptId`: the row being changed). */
export async function resourceValuesTaken(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  values: Record<string, unknown>,
  exceptId: string | undefined,
): Promise<boolean> {
  const equal = Object.entries(values).map(([column, v]) => sql`${sql.ref(column)} = ${v}`);
  const other = exceptId === undefined ? [] : [sql`id <> ${exceptId}`];
  const { rows } =
    await sql`select 1 from ${table(block)} where ${sql.join([live(tenantId), ...equal, ...other], sql` and `)} limit 1`.execute(db);
  return rows.length > 0;
}

/** The ids among `ids` that are live rows of `tableName` in the tenant. */
export async function liveIdsOf(db: Kysely<Database>, tableName: string, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{
    id: string;
  }>`select id from ${sql.table(tableName)} where ${live(tenantId)} and id in (${sql.join(ids)})`.execute(db);
  return new Set(rows.map((r) => r.id));
}

export async function insertResourceRow(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  values: Record<string, unknown>,
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  const all: Record<string, unknown> = {
    ...values,
    id,
    tenant_id: tenantId,
    create_user: userId,
    create_time: now,
    update_user: userId,
    update_time: now,
  };
  const columns = Object.keys(all);
  await sql`insert into ${table(block)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(columns.map((c) => all[c]))})`.execute(
    db,
  );
  return id;
}

/** Writes `values` into the tenant's live row over the version read and steps it: the new version, or undefined when gone or moved on. */
export async function updateResourceRow(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  id: string,
  rowVersion: number,
  values: Record<string, unknown>,
  userId: string,
  now: Date,
): Promise<number | undefined> {
  const sets = Object.entries({ ...values, update_user: userId, update_time: now }).map(([c, v]) => sql`${sql.ref(c)} = ${v}`);
  const { rows } = await sql<{ row_version: number }>`update ${table(block)} set ${sql.join([
    ...sets,
    sql`row_version = row_version + 1`,
  ])} where ${live(tenantId)} and id = ${id} and row_version = ${rowVersion} returning row_version`.execute(db);
  return rows[0]?.row_version;
}

/** Soft-removes the tenant's live rows among `ids`; the ids removed. */
export async function removeResourceRows(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  ids: string[],
  userId: string,
  now: Date,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
  }>`update ${table(block)} set is_deleted = 1, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where ${live(tenantId)} and id in (${sql.join(ids)}) returning id`.execute(db);
  return rows.map((r) => r.id);
}
