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

/** Conditions a caller's row scope adds (services/resource-scope.ts); none: the whole tenant. */
export type ScopeConditions = readonly RawBuilder<unknown>[];

/** The tenant's live rows the scope lets the caller see. */
const visible = (tenantId: string, scope: ScopeConditions) =>
  scope.length ? sql.join([live(tenantId), ...scope], sql` and `) : live(tenantId);

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
  scope: ScopeConditions = [],
): Promise<{ rows: ResourceRow[]; total: number; current: number; size: number }> {
  const { current, size, offset } = paging(query);
  const where = sql.join([visible(tenantId, scope), ...filterConditions(query, filters)], sql` and `);
  const orderBy = sql.join([...order.map((o) => (o.desc ? sql`${sql.ref(o.column)} desc` : sql`${sql.ref(o.column)} asc`)), sql`id asc`]);
  // One after the other: each statement is its own scoped transaction (db/scoped-driver.ts), and two
  // at once would take two pooled connections for one request.
  const count = await sql<{ n: string }>`select count(*) as n from ${table(block)} where ${where}`.execute(db);
  // `select *`, not the document's column list: PostgreSQL hands whole table rows to the sort only
  // when the select list is the table's own; a list of columns is projected row by row before the
  // top-N sort — 1.6× the page's database time on 8,000 rows (bench: resource list vs blade-system/post).
  // The view (services/resource-rows.ts resourceView) reads only the document's columns.
  const page =
    await sql<ResourceRow>`select * from ${table(block)} where ${where} order by ${orderBy} limit ${size} offset ${offset}`.execute(db);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0), current, size };
}

export async function findResourceRow(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  id: string,
  scope: ScopeConditions = [],
) {
  const { rows } =
    await sql<ResourceRow>`select ${selection(block)} from ${table(block)} where ${visible(tenantId, scope)} and id = ${id}`.execute(db);
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

/** Whether a live row of `tableName` in the tenant holds one of `ids` in `column` (a child, a member, a detail row). */
export async function anyLiveRowReferring(
  db: Kysely<Database>,
  tableName: string,
  column: string,
  tenantId: string,
  ids: string[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const { rows } = await sql`select 1 from ${sql.table(tableName)} where ${live(tenantId)} and ${sql.ref(column)} in (${sql.join(
    ids,
  )}) limit 1`.execute(db);
  return rows.length > 0;
}

export async function insertResourceRow(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  values: Record<string, unknown>,
  userId: string,
  now: Date,
): Promise<ResourceRow> {
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
  // The row as stored comes back from the insert itself: no second statement to answer it.
  const { rows } = await sql<ResourceRow>`insert into ${table(block)} (${sql.join(columns.map((c) => sql.ref(c)))}) values (${sql.join(
    columns.map((c) => all[c]),
  )}) returning ${selection(block)}`.execute(db);
  return rows[0]!;
}

/** Writes `values` into the tenant's live row over the version read and steps it: the row as stored, or undefined when gone or moved on. */
export async function updateResourceRow(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  id: string,
  rowVersion: number,
  values: Record<string, unknown>,
  userId: string,
  now: Date,
  scope: ScopeConditions = [],
): Promise<ResourceRow | undefined> {
  const sets = Object.entries({ ...values, update_user: userId, update_time: now }).map(([c, v]) => sql`${sql.ref(c)} = ${v}`);
  const { rows } = await sql<ResourceRow>`update ${table(block)} set ${sql.join([
    ...sets,
    sql`row_version = row_version + 1`,
  ])} where ${visible(tenantId, scope)} and id = ${id} and row_version = ${rowVersion} returning ${selection(block)}`.execute(db);
  return rows[0];
}

/** Soft-removes the tenant's live rows among `ids`; the ids removed. */
export async function removeResourceRows(
  db: Kysely<Database>,
  block: ResourceBlock,
  tenantId: string,
  ids: string[],
  userId: string,
  now: Date,
  scope: ScopeConditions = [],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{
    id: string;
  }>`update ${table(block)} set is_deleted = 1, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where ${visible(tenantId, scope)} and id in (${sql.join(ids)}) returning id`.execute(db);
  return rows.map((r) => r.id);
}
