// What the blade-resource repositories (storage and SMS configurations, SMS records, attachments)
// share: who changed a row and when, the list page of a tenant's live rows, the soft removal with
// who and when, and "a tenant's configuration rows with exactly one enabled" (blade_oss, blade_sms).
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
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

/** The tenant's live row `id` if it is still at `rowVersion`: where an update over the version read applies. */
export const liveAtVersion = (tenantId: string, id: string, rowVersion: number) => (eb: ExpressionBuilder<Database, StampedTable>) =>
  eb.and([eb('tenant_id', '=', tenantId), eb('id', '=', id), eb('is_deleted', '=', 0), eb('row_version', '=', rowVersion)]);

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
