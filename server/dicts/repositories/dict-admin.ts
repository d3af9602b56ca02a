import type { Kysely, Selectable } from 'kysely';
import type { DictRowWire } from '../../../src/shared/contract/dicts';
import type { Database, DictBizTable } from '../../db/schema';
import { newId } from '../../db/ids';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { entryColumns, entryView, ENTRY_FILTERS, pageOfDictRows, updateDictAtVersion, type EntryWrite } from './dict-rows';
import { ROOT_TENANT } from '../../platform/repositories/dicts';
import type { ListQuery } from '../../platform/repositories/resource-rows';
import { softDeleteFrom } from '../../platform/repositories/soft-delete';

/**
 * Business dictionary management (blade-system/dict-biz, spec 002 §3). A parent row has
 * parent_id '0'; its children carry the same code. A tenant sees its own dictionaries and the
 * platform's (root tenant 000000); it never sees another tenant's.
 *
 * A tenant "changing" a platform dictionary (allowed by the parent's isAdmin) works on its own copy
 * of the children, hung under the platform parent: dictionaryEntries() already prefers a tenant's
 * own entries of a code over the platform's, so the copy is what the tenant's forms then read.
 */
export type DictRow = Selectable<DictBizTable>;

export type DictView = DictRowWire;

export const toDictView = (row: DictRow, tenantId: string): DictView => ({
  ...entryView(row),
  pdfKey: row.pdf_key,
  isAdmin: row.is_admin,
  own: row.tenant_id === tenantId,
});

const PARENT_FILTERS: Record<string, FilterColumn> = {
  code: { column: 'code', kind: 'text' },
  dictValue: { column: 'dict_value', kind: 'text' },
  isSealed: { column: 'is_sealed', kind: 'number' },
  isAdmin: { column: 'is_admin', kind: 'number' },
  sort: { column: 'sort', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};
const CHILD_FILTERS: Record<string, FilterColumn> = {
  ...ENTRY_FILTERS,
  isAdmin: { column: 'is_admin', kind: 'number' },
  pdfKey: { column: 'pdf_key', kind: 'text' },
};

const visibleTenants = (tenantId: string) => (tenantId === ROOT_TENANT ? [ROOT_TENANT] : [tenantId, ROOT_TENANT]);

/** Parent dictionaries the tenant sees, paged, filtered, in sort order. */
export async function listParents(db: Kysely<Database>, tenantId: string, query: ListQuery) {
  return pageOfDictRows(db, 'blade_dict_biz', visibleTenants(tenantId), '0', query, PARENT_FILTERS, true);
}

/** A parent's children as the tenant sees them: its own copy when it made one, else the parent owner's. */
export async function listChildren(db: Kysely<Database>, tenantId: string, parent: DictRow, query: ListQuery) {
  const owner = (await hasOwnCopy(db, tenantId, parent)) ? tenantId : parent.tenant_id;
  return pageOfDictRows(db, 'blade_dict_biz', [owner], parent.id, query, CHILD_FILTERS, false);
}

/** One row the tenant may see (its own or the platform's), or undefined. */
export async function findVisible(db: Kysely<Database>, tenantId: string, id: string): Promise<DictRow | undefined> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('id', '=', id)
    .where('tenant_id', 'in', visibleTenants(tenantId))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Whether the tenant already holds its own copy of a platform parent's children. */
export async function hasOwnCopy(db: Kysely<Database>, tenantId: string, parent: DictRow): Promise<boolean> {
  if (parent.tenant_id === tenantId) return false;
  const row = await db
    .selectFrom('blade_dict_biz')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parent.id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return !!row;
}

/** Copies a platform parent's children into the tenant (once), so it can change its own entries. */
export async function ensureOwnCopy(db: Kysely<Database>, tenantId: string, parent: DictRow, now: Date): Promise<void> {
  if (parent.tenant_id === tenantId || (await hasOwnCopy(db, tenantId, parent))) return;
  const source = await db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', '=', parent.tenant_id)
    .where('parent_id', '=', parent.id)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute();
  if (source.length === 0) return;
  await db
    .insertInto('blade_dict_biz')
    .values(
      source.map((r) => ({
        id: newId(now.getTime()),
        tenant_id: tenantId,
        parent_id: parent.id,
        code: r.code,
        dict_key: r.dict_key,
        dict_value: r.dict_value,
        pdf_key: r.pdf_key,
        sort: r.sort,
        remark: r.remark,
        is_sealed: r.is_sealed,
        is_admin: r.is_admin,
        create_time: now,
      })),
    )
    .execute();
}

/** The tenant's own child of `parentId` with this key (the copy of a platform entry, or a duplicate). */
export async function findOwnChildByKey(
  db: Kysely<Database>,
  tenantId: string,
  parentId: string,
  dictKey: string,
): Promise<DictRow | undefined> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parentId)
    .where('dict_key', '=', dictKey)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** A parent with this code among the tenant's own or the platform's (codes are one namespace). */
export async function findParentByCode(db: Kysely<Database>, tenantId: string, code: string): Promise<DictRow | undefined> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', 'in', visibleTenants(tenantId))
    .where('parent_id', '=', '0')
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

/** Next automatic sort number among siblings (the tenant variant's 留空自动排序). */
export async function nextSort(db: Kysely<Database>, tenantId: string, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('blade_dict_biz')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parentId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

export interface DictWrite extends EntryWrite {
  parentId: string;
  pdfKey: string;
  isAdmin: number;
}

export async function insertDict(db: Kysely<Database>, tenantId: string, input: DictWrite, now: Date): Promise<string> {
  const id = newId(now.getTime());
  await db
    .insertInto('blade_dict_biz')
    .values({
      id,
      tenant_id: tenantId,
      parent_id: input.parentId,
      ...entryColumns(input),
      pdf_key: input.pdfKey,
      is_admin: input.isAdmin,
      create_time: now,
    })
    .execute();
  return id;
}

/**
 * Updates the row only over the version the caller read (issue 22 §6); answers whether it did. The
 * version goes up by one with the change.
 */
export async function updateDict(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  input: Partial<DictWrite>,
  now: Date,
  by: { rowVersion: number; userId: string },
): Promise<boolean> {
  const values = {
    ...(input.code !== undefined && { code: input.code }),
    ...(input.dictKey !== undefined && { dict_key: input.dictKey }),
    ...(input.dictValue !== undefined && { dict_value: input.dictValue }),
    ...(input.pdfKey !== undefined && { pdf_key: input.pdfKey }),
    ...(input.sort !== undefined && { sort: input.sort }),
    ...(input.remark !== undefined && { remark: input.remark }),
    ...(input.isSealed !== undefined && { is_sealed: input.isSealed }),
    ...(input.isAdmin !== undefined && { is_admin: input.isAdmin }),
  };
  return updateDictAtVersion(db, 'blade_dict_biz', tenantId, id, values, now, by);
}

/** A parent's new code reaches its children (they are looked up by code). */
export async function renameChildren(db: Kysely<Database>, tenantId: string, parentId: string, code: string): Promise<void> {
  await db.updateTable('blade_dict_biz').set({ code }).where('tenant_id', '=', tenantId).where('parent_id', '=', parentId).execute();
}

/** Soft delete of the tenant's own rows; a deleted parent takes its children along. */
export async function softDelete(db: Kysely<Database>, tenantId: string, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await softDeleteFrom(db, 'blade_dict_biz', tenantId, { update_time: now })
    .where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)]))
    .execute();
}
