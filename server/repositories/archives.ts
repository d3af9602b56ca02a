import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database } from '../db/schema';
import type { UserArchiveTable } from './archive-tables';

export type ArchiveRow = Selectable<UserArchiveTable>;
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

function filtered(db: Kysely<Database>, tenantId: string, filter: ArchiveFilter) {
  let query = db.selectFrom('user_archive').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0);
  if (filter.personNameLike) query = query.where('person_name', 'like', `%${escapeLike(filter.personNameLike)}%`);
  if (filter.personName) query = query.where('person_name', '=', filter.personName);
  if (filter.archivesNoLike) query = query.where('archives_no', 'like', `%${escapeLike(filter.archivesNoLike)}%`);
  if (filter.archivesNo) query = query.where('archives_no', '=', filter.archivesNo);
  if (filter.idCard) query = query.where('id_card', '=', filter.idCard);
  if (filter.status) query = query.where('archives_status', '=', filter.status);
  if (filter.sex) query = query.where('sex', '=', filter.sex);
  if (filter.mainDoctorId) query = query.where('main_doctor_id', '=', filter.mainDoctorId);
  if (filter.teamId) query = query.where('team_id', '=', filter.teamId);
  if (filter.crowdLabel) query = query.where(sql<boolean>`(',' || crowd_labels || ',') like ${`%,${escapeLike(filter.crowdLabel)},%`}`);
  return query;
}

export async function listArchives(db: Kysely<Database>, tenantId: string, filter: ArchiveFilter, paging: ArchivePaging): Promise<{ rows: ArchiveRow[]; total: number }> {
  let rowsQuery = filtered(db, tenantId, filter).selectAll();
  for (const { column, direction } of paging.sort) rowsQuery = rowsQuery.orderBy(column, direction);
  // The id breaks ties so paging is stable when many rows share a creation time (batch seeds).
  rowsQuery = rowsQuery.orderBy('id', 'desc');
  const [rows, total] = await Promise.all([
    rowsQuery.limit(paging.size).offset((paging.current - 1) * paging.size).execute(),
    filtered(db, tenantId, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findArchive(db: Kysely<Database>, tenantId: string, id: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('user_archive').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
}

export async function findArchiveByIdCard(db: Kysely<Database>, tenantId: string, idCard: string): Promise<ArchiveRow | undefined> {
  return db.selectFrom('user_archive').selectAll().where('tenant_id', '=', tenantId).where('id_card', '=', idCard).where('is_deleted', '=', 0).executeTakeFirst();
}

/** The archives of `ids` that exist in the tenant (missing and other tenants' ids are simply absent). */
export async function findArchives(db: Kysely<Database>, tenantId: string, ids: string[]): Promise<ArchiveRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('user_archive').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', ids).where('is_deleted', '=', 0).execute();
}

export async function insertArchives(db: Kysely<Database>, rows: NewArchive[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('user_archive').values(rows).execute();
}

/**
 * Updates one archive if it still has `rowVersion` (when given), bumping the version. Returns the
 * new row, or undefined when the archive is gone or was changed meanwhile.
 */
export async function updateArchive(db: Kysely<Database>, tenantId: string, id: string, rowVersion: number | undefined, patch: ArchivePatch): Promise<ArchiveRow | undefined> {
  let query = db
    .updateTable('user_archive')
    .set({ ...patch, row_version: sql<number>`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0);
  if (rowVersion !== undefined) query = query.where('row_version', '=', rowVersion);
  // RETURNING rather than the affected-row count: kysely-pglite reports no counts.
  return query.returningAll().executeTakeFirst();
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
