// What both dictionary tables (system blade_dict, business blade_dict_biz) share: the one list
// query (a page of the live rows under one parent, '0' for the dictionaries themselves, held by the
// tenants named, narrowed by the screen's search conditions), the update over the version read,
// the columns of an entry, their search conditions and their view.
import type { Kysely, Selectable, UpdateObject } from 'kysely';
import type { Database } from '../../db/schema';
import type { SystemDictView } from '../../../src/shared/contract/dicts';
import type { FilterColumn } from '../../platform/repositories/crud-filters';
import { pageOfRows, updateAtVersion, type ListQuery } from '../../platform/repositories/resource-rows';

export type DictTableName = 'blade_dict' | 'blade_dict_biz';

/** In sort order; `byCode`: then by code (the dictionaries' own lists), always last by id. */
export async function pageOfDictRows<T extends DictTableName>(
  db: Kysely<Database>,
  table: T,
  tenantIds: string[],
  parentId: string,
  query: ListQuery,
  filters: Record<string, FilterColumn>,
  byCode: boolean,
) {
  const base = db
    .selectFrom(table as DictTableName)
    .where('tenant_id', 'in', tenantIds)
    .where('parent_id', '=', parentId)
    .where('is_deleted', '=', 0);
  const page = await pageOfRows(base, query, filters, (q) =>
    q
      .selectAll()
      .orderBy('sort')
      .$if(byCode, (o) => o.orderBy('code'))
      .orderBy('id'),
  );
  // kysely types the rows over the union of both tables; they are `table`'s.
  return { ...page, rows: page.rows as Selectable<Database[T]>[] };
}

/** An entry's fields both tables keep, by the screens' names. */
export interface EntryWrite {
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string;
  isSealed: number;
}

/** Their columns, written by an insert and by an update alike (the parent is the insert's alone: an entry stays under it). */
export const entryColumns = (input: EntryWrite) => ({
  code: input.code,
  dict_key: input.dictKey,
  dict_value: input.dictValue,
  sort: input.sort,
  remark: input.remark,
  is_sealed: input.isSealed,
});

/** The search conditions over those columns (crud-filters.ts) both tables' lists accept. */
export const ENTRY_FILTERS: Readonly<Record<string, FilterColumn>> = {
  code: { column: 'code', kind: 'text' },
  dictKey: { column: 'dict_key', kind: 'text' },
  dictValue: { column: 'dict_value', kind: 'text' },
  isSealed: { column: 'is_sealed', kind: 'number' },
  sort: { column: 'sort', kind: 'number' },
  createTime: { column: 'create_time', kind: 'date' },
};

/** A row of either table as the screens read it (the business table adds its own fields). */
export const entryView = (row: Selectable<Database[DictTableName]>): SystemDictView => ({
  id: row.id,
  tenantId: row.tenant_id,
  parentId: row.parent_id,
  code: row.code,
  dictKey: row.dict_key,
  dictValue: row.dict_value,
  sort: row.sort,
  remark: row.remark,
  isSealed: row.is_sealed,
  createTime: new Date(row.create_time).toISOString(),
  rowVersion: row.row_version,
});

/**
 * Writes `values` into the tenant's row `id` only over the version read (issue 22 §6), with who and
 * when, the version +1; answers whether it did.
 */
export async function updateDictAtVersion<T extends DictTableName>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  id: string,
  values: UpdateObject<Database, T>,
  now: Date,
  by: { rowVersion: number; userId: string },
): Promise<boolean> {
  const stamped = { ...values, update_time: now, update_user: by.userId } as UpdateObject<Database, T>;
  return (await updateAtVersion(db, table, tenantId, id, by.rowVersion, stamped)) !== undefined;
}
