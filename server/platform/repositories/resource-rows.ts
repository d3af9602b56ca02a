// What the blade-resource repositories (storage and SMS configurations, SMS records, attachments)
// share: who changed a row and when, the list page of a tenant's live rows, the soft removal with
// who and when, and "a tenant's configuration rows with exactly one enabled" (blade_oss, blade_sms).
// The list page, the update over the version read, the insert and the removal also serve the
// organisation tables (departments, posts, regions) and the dictionaries.
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type SelectQueryBuilder, type UpdateObject } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from './crud-filters';
import { softDeleteFrom } from './soft-delete';

export interface Stamp {
  userId: string;
  userName: string;
  time: Date;
}

/** The columns every change of a row writes: who and when. */
export const updatedBy = (stamp: Stamp) => ({ update_user: stamp.userId, update_user_name: stamp.userName, update_time: stamp.time });

/** The columns a new row gets: who created it and when, who changed it last (the same). */
export const createdBy = (stamp: Stamp) => ({ create_user: stamp.userId, create_time: stamp.time, ...updatedBy(stamp) });

/** The next row version (an update over the version read). */
export const nextVersion = () => sql<number>`row_version + 1`;

export type ListQuery = Record<string, unknown> & { current?: number; size?: number };

/**
 * One page of a list call: `base` is the tenant's live rows (no selection yet), narrowed by the
 * query's search conditions over `filters`; `rows` selects and orders the page.
 */
export async function pageOfRows<DB, TB extends keyof DB, R>(
  base: SelectQueryBuilder<DB, TB, object>,
  query: ListQuery,
  filters: Record<string, FilterColumn>,
  rows: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, filters);
  const matching = base.$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  // kysely cannot name the count's column over a generic table: the row holds just that one column.
  const [total]: unknown[] = Object.values(await matching.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow());
  const page = await rows(matching).limit(size).offset(offset).execute();
  return { rows: page, total: Number(total), current, size };
}

/** The blade-resource tables whose removal keeps who and when. */
export type StampedTable = 'blade_oss' | 'blade_sms' | 'blade_sms_record';

/** Soft-deletes the tenant's live rows among `ids`; answers the ids removed. */
export async function softDeleteStamped(
  db: Kysely<Database>,
  table: StampedTable,
  tenantId: string,
  ids: string[],
  stamp: Stamp,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await softDeleteFrom(db, table, tenantId, updatedBy(stamp)).where('id', 'in', ids).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Tables of a tenant's rows found by id that change only over the version read. */
export type VersionedTable = StampedTable | 'blade_dept' | 'blade_post' | 'blade_dict' | 'blade_dict_biz' | 'blade_param';

/** The tenant's live row `id` if it is still at `rowVersion`: where an update over the version read applies. */
export const liveAtVersion = (tenantId: string, id: string, rowVersion: number) => (eb: ExpressionBuilder<Database, VersionedTable>) =>
  eb.and([eb('tenant_id', '=', tenantId), eb('id', '=', id), eb('is_deleted', '=', 0), eb('row_version', '=', rowVersion)]);

/**
 * Writes `values` into the tenant's live row `id` over the version read (undefined: whatever version
 * it is at, a synchronisation's overwrite) and steps the version: the new version, or undefined when
 * the row is gone or moved on (the caller tells which).
 */
export async function updateAtVersion<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  id: string,
  rowVersion: number | undefined,
  values: UpdateObject<Database, T>,
): Promise<number | undefined> {
  const row = await db
    // kysely types a statement over the union of these tables; `values` were checked against `table` alone.
    .updateTable(table as VersionedTable)
    .set({ ...(values as UpdateObject<Database, VersionedTable>), row_version: nextVersion() })
    .where((eb) =>
      rowVersion === undefined
        ? eb.and([eb('tenant_id', '=', tenantId), eb('id', '=', id), eb('is_deleted', '=', 0)])
        : liveAtVersion(tenantId, id, rowVersion)(eb),
    )
    .returning('row_version')
    .executeTakeFirst();
  return row?.row_version;
}

/** Tables whose rows keep who created them and who changed them last by user id (no name). */
export type CreatedTable = 'blade_dept' | 'blade_post';

type StampColumns = 'id' | 'tenant_id' | 'create_user' | 'create_time' | 'update_user' | 'update_time';

/** Inserts a tenant's new row under a fresh id, created (and so last changed) by `userId` at `now`; answers the id. */
export async function insertCreated<T extends CreatedTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  values: Omit<Insertable<Database[T]>, StampColumns>,
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  const stamps = { id, tenant_id: tenantId, create_user: userId, create_time: now, update_user: userId, update_time: now };
  // As in updateAtVersion: `values` were checked against `table` alone.
  await db
    .insertInto(table as CreatedTable)
    .values({ ...values, ...stamps } as Insertable<Database[CreatedTable]>)
    .execute();
  return id;
}

/** The organisation tables and the column their rows are named by in a removal (regions by code). */
export type RemovableKey = { blade_dept: 'id'; blade_post: 'id'; blade_region: 'code' };

/** Soft-deletes the tenant's live rows whose `key` is among `keys`, with who and when, stepping their version. */
export async function softDeleteVersioned<T extends keyof RemovableKey>(
  db: Kysely<Database>,
  table: T,
  key: RemovableKey[T],
  tenantId: string,
  keys: string[],
  userId: string,
  now: Date,
): Promise<void> {
  if (keys.length === 0) return;
  await softDeleteFrom(db, table as keyof RemovableKey, tenantId, { update_user: userId, update_time: now })
    .set({ row_version: nextVersion() })
    .where(sql.ref(key), 'in', keys)
    .execute();
}

/** Tables of configurations of which at most one live row per tenant is on (BladeX status 2 on, 1 off). */
export type SwitchedTable = 'blade_oss' | 'blade_sms';

export const CONFIG_ON = 2;
export const CONFIG_OFF = 1;

/** Turns every other configuration of the tenant off and this one on (run in one transaction). */
export async function switchConfigOn(
  db: Kysely<Database>,
  table: SwitchedTable,
  tenantId: string,
  id: string,
  stamp: Stamp,
): Promise<void> {
  const who = updatedBy(stamp);
  await db
    .updateTable(table)
    .set({ status: CONFIG_OFF, row_version: nextVersion(), ...who })
    .where('tenant_id', '=', tenantId)
    .where('status', '=', CONFIG_ON)
    .where('id', '<>', id)
    .execute();
  await db
    .updateTable(table)
    .set({ status: CONFIG_ON, row_version: nextVersion(), ...who })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .where('status', '<>', CONFIG_ON)
    .execute();
}
