import { sql, type Insertable, type Kysely, type Selectable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Database, UserArchiveTable } from '../../db/schema';
import { archiveWritten, cachedListValue } from './archive-list-cache';
import { QueryTemplate } from '../../platform/repositories/query-template';

export type ArchiveRow = Selectable<UserArchiveTable>;

/** The columns an archive answer shows (archives/services/archive-view.ts): every one but the bookkeeping ones. */
export const ARCHIVE_SHOWN_COLUMNS = [
  'id',
  'tenant_id',
  'archives_no',
  'archives_status',
  'person_name',
  'sex',
  'birthday',
  'card_type',
  'id_card',
  'avatar',
  'phone',
  'contact_name',
  'contact_phone',
  'contact_rela_code',
  'compate_address',
  'compate_address_number',
  'home_address',
  'home_address_number',
  'region_code',
  'region_address',
  'family_id',
  'contract_id',
  'main_doctor_id',
  'doctor_name',
  'team_id',
  'team_name',
  'emp_id',
  'insurance_code',
  'card_no',
  'crowd_labels',
  'gw_status',
  'sh_status',
  'off_type',
  'off_reason',
  'dead_flag',
  'dead_date',
  'dead_reason',
  'off_date',
  'off_user',
  'off_user_name',
  'off_tenant',
  'off_tenant_name',
  'row_version',
  'create_time',
  'update_time',
] as const satisfies readonly (keyof ArchiveRow)[];
/** An archive as a list page reads it: the columns its answer shows. */
export type ArchiveShownRow = Pick<ArchiveRow, (typeof ARCHIVE_SHOWN_COLUMNS)[number]>;
export type NewArchive = Insertable<UserArchiveTable>;
export type ArchivePatch = Updateable<UserArchiveTable>;

export const ARCHIVE_ACTIVE = '1';
export const ARCHIVE_CANCELLED = '2';

/** List filters, already normalised by the route (exact ID number, name and number fragments). */
export interface ArchiveFilter {
  personNameLike?: string;
  personName?: string;
  archivesNoLike?: string;
  archivesNo?: string;
  idCard?: string;
  status?: string;
  sex?: string;
  mainDoctorId?: string;
  teamId?: string;
  crowdLabel?: string;
}

/** Sortable wire names → columns; anything else is ignored (never interpolated). */
export const ARCHIVE_SORT_COLUMNS = {
  createTime: 'create_time',
  updateTime: 'update_time',
  archivesNo: 'archives_no',
  personName: 'person_name',
  birthday: 'birthday',
} as const;
export type ArchiveSortColumn = (typeof ARCHIVE_SORT_COLUMNS)[keyof typeof ARCHIVE_SORT_COLUMNS];

export interface ArchivePaging {
  current: number;
  size: number;
  sort: { column: ArchiveSortColumn; direction: 'asc' | 'desc' }[];
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the filter compares with, per filter present (fragments already made LIKE patterns). */
type FilterParams = Partial<Record<keyof ArchiveFilter, unknown>>;

function filterParams(filter: ArchiveFilter): FilterParams {
  const params: FilterParams = {};
  for (const key of Object.keys(filter) as (keyof ArchiveFilter)[]) {
    const value = filter[key];
    if (!value) continue;
    params[key] =
      key === 'personNameLike' || key === 'archivesNoLike'
        ? `%${escapeLike(value)}%`
        : key === 'crowdLabel'
          ? `%,${escapeLike(value)},%`
          : value;
  }
  return params;
}

/** The filter's conditions, with `params` as they are (values, or the slots of a query template). */
function filteredBy(db: Kysely<Database>, tenantId: unknown, params: FilterParams) {
  const v = params as Partial<Record<keyof ArchiveFilter, string>>;
  let query = db
    .selectFrom('user_archive')
    .where('tenant_id', '=', tenantId as string)
    // A literal, not a parameter: the list page runs with a generic plan (db/plan-selection.ts),
    // which can use the partial indexes `where is_deleted = 0` (ID card, archive number) only so.
    .where('is_deleted', '=', sql.lit(0));
  if (v.personNameLike) query = query.where('person_name', 'like', v.personNameLike);
  if (v.personName) query = query.where('person_name', '=', v.personName);
  if (v.archivesNoLike) query = query.where('archives_no', 'like', v.archivesNoLike);
  if (v.archivesNo) query = query.where('archives_no', '=', v.archivesNo);
  if (v.idCard) query = query.where('id_card', '=', v.idCard);
  if (v.status) query = query.where('archives_status', '=', v.status);
  if (v.sex) query = query.where('sex', '=', v.sex);
  if (v.mainDoctorId) query = query.where('main_doctor_id', '=', v.mainDoctorId);
  if (v.teamId) query = query.where('team_id', '=', v.teamId);
  if (v.crowdLabel) query = query.where(sql<boolean>`(',' || crowd_labels || ',') like ${v.crowdLabel}`);
  return query;
}

function filtered(db: Kysely<Database>, tenantId: string, filter: ArchiveFilter) {
  return filteredBy(db, tenantId, filterParams(filter));
}

/**
 * Rows between two page anchors: deep pages skip at most this many index entries. 100 rather than
 * 500: skipping 45 entries on average instead of 245 took 12 % off PostgreSQL's CPU per random page,
 * and 1,000 anchors for 100,000 archives are still one index walk to find and 20 KB to keep.
 */
export const ANCHOR_STEP = 100;

/**
 * One page and the total. The total is kept a few seconds per tenant and filter
 * (archive-list-cache.ts) and counted again after any archive write; without `cacheOn` it is
 * always counted. The page is found in two steps (a "deferred join"): the ids of the page from the
 * list index alone — an index-only scan once the table is vacuumed — then only those rows whole.
 *
 * A deep page (offset ≥ ANCHOR_STEP) in an all-descending order (the default, newest first) does not
 * make PostgreSQL step over up to 100,000 index entries: the ids of every ANCHOR_STEP-th row of
 * that filter and order are kept like the total, and the page starts after the nearest anchor
 * before it, `(sort columns, id) < (those of the anchor)` — a range condition on the index — with an
 * OFFSET under ANCHOR_STEP. The anchor is referred to by id and its sort values read in the same
 * statement, so no timestamp passes through JavaScript; archives are never removed outright (only
 * marked deleted), so an anchor id always finds its row.
 */
export async function listArchives(
  db: Kysely<Database>,
  tenantId: string,
  filter: ArchiveFilter,
  paging: ArchivePaging,
  /**
   * The database the kept totals and anchors belong to: `db` itself outside a transaction; for a
   * read-only transaction on it (the list route's), the database it was opened on. A transaction
   * that wrote archives must leave it out: its own changes are not in the kept values.
   */
  cacheOn: Kysely<Database> | undefined = db.isTransaction ? undefined : db,
): Promise<{ rows: ArchiveShownRow[]; total: number }> {
  const columns = [...paging.sort.map((s) => s.column), 'id' as const];
  const offset = (paging.current - 1) * paging.size;
  const filterKey = JSON.stringify(filter);

  const count = async (on: Kysely<Database>) =>
    Number(
      (
        await filtered(on, tenantId, filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const total = cacheOn ? cachedListValue(cacheOn, tenantId, `total ${filterKey}`, count, db) : count(db);

  const anchorable = cacheOn !== undefined && offset >= ANCHOR_STEP && paging.sort.every((s) => s.direction === 'desc');
  const anchors =
    cacheOn && anchorable
      ? await cachedListValue(
          cacheOn,
          tenantId,
          `anchors ${JSON.stringify(columns)} ${filterKey}`,
          (on) => pageAnchors(on, tenantId, filter, columns),
          db,
        )
      : [];
  const block = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length);
  // The page's statement runs on every list call: built once per shape (filters present, order,
  // from an anchor or not) and reused as SQL text (query-template.ts).
  const params = filterParams(filter);
  const values: Record<string, unknown> = { tenantId, ...params, offset: offset - block * ANCHOR_STEP };
  if (block > 0) values.anchorId = anchors[block - 1];
  const shape = `${Object.keys(params).join(',')}|${paging.sort.map((s) => `${s.column} ${s.direction}`).join(',')}|${block > 0 ? 'anchor' : ''}|${paging.size}`;
  const pageQuery = pageTemplate.query(db, values, shape);
  const [rows, n] = await Promise.all([db.executeQuery<ArchiveShownRow>(pageQuery).then((r) => r.rows), total]);
  return { rows, total: n };
}

/** listArchives' page statement (see there), its shape given by the values present and the order. */
const pageTemplate = new QueryTemplate<Record<string, unknown>>((db, slots, shape) => {
  const [, sortText, anchored, sizeText] = shape.split('|') as [string, string, string, string];
  // The page size is part of the SQL, not a parameter: under the generic plan the template runs with
  // (db/plan-selection.ts), an unknown LIMIT is planned as a tenth of the table, and the page's
  // rows were then read by a hash join over every archive (14 ms instead of 0.2). Sizes are few
  // (the route allows 1–500), so the shapes stay few.
  const size = Number(sizeText);
  if (!Number.isSafeInteger(size) || size < 1) throw new Error(`archive list: not a page size: ${sizeText}`);
  const sort = sortText.split(',').map((part) => {
    const [column, direction] = part.split(' ') as [ArchiveSortColumn, 'asc' | 'desc'];
    return { column, direction };
  });
  const { tenantId, offset, anchorId, ...filterSlots } = slots;
  const columns = [...sort.map((s) => s.column), 'id' as const];
  const order = <Q extends SelectQueryBuilder<Database, 'user_archive', object>>(query: Q): Q => {
    let ordered = query;
    for (const { column, direction } of sort) ordered = ordered.orderBy(column, direction) as Q;
    // The id breaks ties so paging is stable when many rows share a creation time (batch seeds).
    return ordered.orderBy('id', 'desc') as Q;
  };
  let ids = filteredBy(db, tenantId, filterSlots as FilterParams).select('id');
  if (anchored) {
    const row = (names: readonly string[]) => sql.join(names.map((n) => sql.ref(n)));
    const anchorValues = db
      .selectFrom('user_archive')
      .select(columns)
      .where('id', '=', anchorId as unknown as string);
    ids = ids.where(sql<boolean>`(${row(columns)}) < (${anchorValues})`);
  }
  const pageIds = order(ids)
    .limit(sql.lit(size))
    .offset(offset as unknown as number);
  return order(
    db
      .selectFrom('user_archive')
      .select(ARCHIVE_SHOWN_COLUMNS)
      .where('tenant_id', '=', tenantId as unknown as string)
      .where('id', 'in', pageIds),
  );
});

/**
 * The ids of rows ANCHOR_STEP, 2·ANCHOR_STEP, … (1-based) of the filtered list ordered by `columns`,
 * every one descending (the only orders anchors are used for): one walk of the list index.
 */
async function pageAnchors(
  db: Kysely<Database>,
  tenantId: string,
  filter: ArchiveFilter,
  columns: readonly (ArchiveSortColumn | 'id')[],
): Promise<string[]> {
  const windowOrder = sql.join(columns.map((c) => sql`${sql.ref(c)} desc`));
  const numbered = filtered(db, tenantId, filter).select(['id', sql<number>`row_number() over (order by ${windowOrder})`.as('n')]);
  const rows = await db
    .selectFrom(numbered.as('numbered'))
    .select('id')
    .where(sql<boolean>`n % ${ANCHOR_STEP} = 0`)
    .orderBy('n')
    .execute();
  return rows.map((r) => r.id);
}

export async function findArchive(db: Kysely<Database>, tenantId: string, id: string): Promise<ArchiveRow | undefined> {
  return db
    .selectFrom('user_archive')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findArchiveByIdCard(db: Kysely<Database>, tenantId: string, idCard: string): Promise<ArchiveRow | undefined> {
  return db
    .selectFrom('user_archive')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id_card', '=', idCard)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** The archives of `ids` that exist in the tenant (missing and other tenants' ids are simply absent). */
export async function findArchives(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<ArchiveRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('user_archive')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .execute();
}

export async function insertArchives(db: Kysely<Database>, rows: NewArchive[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('user_archive').values(rows).execute();
  for (const tenantId of new Set(rows.map((r) => r.tenant_id))) archiveWritten(db, tenantId);
}

/**
 * Updates one archive if it still has `rowVersion` (when given), bumping the version. Returns the
 * new row, or undefined when the archive is gone or was changed meanwhile.
 */
export async function updateArchive(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number | undefined,
  patch: ArchivePatch,
): Promise<ArchiveRow | undefined> {
  let query = db
    .updateTable('user_archive')
    .set({ ...patch, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (rowVersion !== undefined) query = query.where('row_version', '=', rowVersion);
  // RETURNING rather than the affected-row count: kysely-pglite reports no counts.
  const updated = await query.returningAll().executeTakeFirst();
  archiveWritten(db, tenantId);
  return updated;
}

/** Applies one patch to several archives of the tenant in one statement; returns the changed ids. */
export async function updateArchives(db: Kysely<Database>, tenantId: string, ids: string[], patch: ArchivePatch): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('user_archive')
    .set({ ...patch, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  archiveWritten(db, tenantId);
  return rows.map((r) => r.id);
}

/**
 * The next archive number of a tenant: the 12-digit region code, then a sequence of at least 5
 * digits (the national 17-digit health-record number). The unique index refuses a duplicate made
 * by a concurrent create, and the caller retries.
 */
export async function nextArchivesNo(db: Kysely<Database>, tenantId: string, regionCode: string): Promise<string> {
  const prefix = regionCode.replace(/\D/g, '').padEnd(12, '0').slice(0, 12);
  const row = await db
    .selectFrom('user_archive')
    .select(sql<number | null>`max(cast(substring(archives_no from 13) as bigint))`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('archives_no', 'like', `${prefix}%`)
    .where(sql<boolean>`substring(archives_no from 13) ~ '^[0-9]+$'`)
    .executeTakeFirst();
  return archivesNoOf(prefix, Number(row?.n ?? 0) + 1);
}

export function archivesNoOf(prefix12: string, sequence: number): string {
  return `${prefix12}${String(sequence).padStart(5, '0')}`;
}

/** Whether the tenant has this archive, not removed (a record is saved only against one). */
export async function archiveExists(db: Kysely<Database>, tenantId: string, archId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', archId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst());
}

/** The archive's birthday ('YYYY-MM-DD'), for the rules that refuse dates before birth; undefined when unknown. */
export async function archiveBirthday(db: Kysely<Database>, tenantId: string, archId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_archive')
    .select('birthday')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', archId)
    .executeTakeFirst();
  return row?.birthday || undefined;
}

/**
 * The review status (审核状态) of archives of the tenant, in one statement. Not a change of the
 * archive's content, so its row version stays (an edit open elsewhere is not made stale by a
 * review, and the regional push is not repeated); answers the ids changed.
 */
export async function setReviewStatus(db: Kysely<Database>, tenantId: string, ids: string[], shStatus: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('user_archive')
    .set({ sh_status: shStatus })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('is_deleted', '=', 0)
    .returning('id')
    .execute();
  archiveWritten(db, tenantId);
  return rows.map((r) => r.id);
}
