// A log row "removed" from a viewer is hidden, never deleted (audit retention, issue 17): its id goes
// into the log's `*_removed` table with who hid it and when. One statement for every such log.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The logs whose rows a viewer may hide, by their removals table. */
export type LogRemovalsTable = 'blade_login_log_removed' | 'blade_log_web_removed';

/** Hides the tenant's rows `ids` (again: nothing happens). */
export async function hideLogRows(
  db: Kysely<Database>,
  table: LogRemovalsTable,
  tenantId: string,
  ids: readonly string[],
  userId: string,
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    // kysely types a statement over the union of both tables; their columns are the same.
    .insertInto(table as 'blade_log_web_removed')
    .values(ids.map((id) => ({ id, tenant_id: tenantId, removed_by: userId, removed_time: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
