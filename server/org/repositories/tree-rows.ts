// What the tree tables of a tenant (departments by id, regions by code) share: a level of live
// children, each saying whether it has live children of its own, and which rows have any.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';

/** Each tree table's key column and the column naming its parent's key. */
const TREES = {
  blade_dept: { key: 'id', parent: 'parent_id' },
  blade_region: { key: 'code', parent: 'parent_code' },
} as const;

export type TreeTable = keyof typeof TREES;

/** The keys among `keys` that a live row of the tenant names as its parent. */
export async function keysWithChildren(db: Kysely<Database>, table: TreeTable, tenantId: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const parent = sql.ref<string>(TREES[table].parent);
  const rows = await db
    .selectFrom(table)
    .select(parent.as('parent'))
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where(parent, 'in', keys)
    .execute();
  return rows.map((r) => r.parent);
}

/** The live children of `parentKey` in screen order (sort, then key), each with whether it has children. */
export async function liveChildren<T extends TreeTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  parentKey: string,
): Promise<(Selectable<Database[T]> & { has_children: boolean })[]> {
  const { key, parent } = TREES[table];
  const rows = (await db
    .selectFrom(table as TreeTable)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .where(sql.ref(parent), '=', parentKey)
    .orderBy('sort')
    .orderBy(sql.ref(key))
    .execute()) as unknown as Selectable<Database[T]>[];
  const keyOf = (row: Selectable<Database[T]>) => (row as unknown as Record<string, string>)[key]!;
  const withChildren = new Set(await keysWithChildren(db, table, tenantId, rows.map(keyOf)));
  return rows.map((row) => ({ ...row, has_children: withChildren.has(keyOf(row)) }));
}
