import type { Kysely, Selectable } from 'kysely';
import type { Database, SystemDictTable } from '../../db/schema';
import { newId } from '../../db/ids';
import type { SystemDictView } from '../../../src/shared/contract/dicts';
import { entryColumns, entryView, ENTRY_FILTERS, pageOfDictRows, updateDictAtVersion, type EntryWrite } from './dict-rows';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import type { ListQuery } from '../../platform/repositories/resource-rows';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

/**
 * System dictionaries (blade-system/dict, table blade_dict): the platform's own, one set for every
 * tenant. Every row is the root tenant's (000000); a tenant reads them (row-level security lets every
 * tenant SELECT the platform's rows of this table) and never writes them. A parent row has
 * parent_id '0'; its children carry its code.
 */
export type SystemDictRow = Selectable<SystemDictTable>;

export const toSystemDictView = (row: SystemDictRow): SystemDictView => entryView(row);

const live = (db: Kysely<Database>) => db.selectFrom('blade_dict').where('tenant_id', '=', ROOT_TENANT).where('is_deleted', '=', 0);

/** The children of `parentId` ('0': the dictionaries themselves), paged, filtered, in sort order. */
export async function listSystemDicts(db: Kysely<Database>, parentId: string, query: ListQuery) {
  return pageOfDictRows(db, 'blade_dict', [ROOT_TENANT], parentId, query, ENTRY_FILTERS, true);
}

export async function findSystemDict(db: Kysely<Database>, id: string): Promise<SystemDictRow | undefined> {
  return live(db).selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every live row, for the trees (a few hundred at most). */
export async function allSystemDicts(db: Kysely<Database>, code?: string): Promise<SystemDictRow[]> {
  return live(db)
    .selectAll()
    .$if(code !== undefined, (q) => q.where('code', '=', code!))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The entries (children) of one dictionary by code, in sort order. */
export async function systemEntries(db: Kysely<Database>, code: string): Promise<SystemDictRow[]> {
  return live(db).selectAll().where('code', '=', code).where('parent_id', '!=', '0').orderBy('sort').orderBy('id').execute();
}

export async function findSystemParentByCode(db: Kysely<Database>, code: string): Promise<SystemDictRow | undefined> {
  return live(db).selectAll().where('parent_id', '=', '0').where('code', '=', code).executeTakeFirst();
}

export async function findSystemChildByKey(db: Kysely<Database>, parentId: string, dictKey: string): Promise<SystemDictRow | undefined> {
  return live(db).selectAll().where('parent_id', '=', parentId).where('dict_key', '=', dictKey).executeTakeFirst();
}

export async function nextSystemSort(db: Kysely<Database>, parentId: string): Promise<number> {
  const row = await live(db)
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export interface SystemDictWrite extends EntryWrite {
  parentId: string;
}

export async function insertSystemDict(db: Kysely<Database>, input: SystemDictWrite, now: Date, userId: string): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dict')
    .values({ id, tenant_id: ROOT_TENANT, parent_id: input.parentId, ...entryColumns(input), create_time: now, update_user: userId })
    .execute();
  return id;
}

/** Updates over the version read only (issue 22 §6), +1; answers whether it did. */
export async function updateSystemDict(
  db: Kysely<Database>,
  id: string,
  input: SystemDictWrite,
  now: Date,
  by: { rowVersion: number; userId: string },
): Promise<boolean> {
  return updateDictAtVersion(db, 'blade_dict', ROOT_TENANT, id, entryColumns(input), now, by);
}

/** A parent's new code reaches its children (they are looked up by code). */
export async function renameSystemChildren(db: Kysely<Database>, parentId: string, code: string): Promise<void> {
  await db.updateTable('blade_dict').set({ code }).where('tenant_id', '=', ROOT_TENANT).where('parent_id', '=', parentId).execute();
}

/** Soft delete; a removed dictionary takes its entries along. */
export async function softDeleteSystemDicts(db: Kysely<Database>, ids: string[], now: Date, userId: string): Promise<void> {
  if (ids.length === 0) return;
  await softDeleteFrom(db, 'blade_dict', ROOT_TENANT, { update_time: now, update_user: userId })
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
    .execute();
}
