import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';

/** Tables of a tenant's work records that are asked for by id, or for the latest when no id is given. */
type LatestRowTable = 'blade_dict_biz_backup' | 'blade_dict_sync_job';

/**
 * One row of the tenant's by id, or its latest (create_time, then id) when no id is given — a
 * backup to restore, a sync job's progress.
 */
export async function byIdOrLatest<T extends LatestRowTable>(
  db: Kysely<Database>,
  table: T,
  tenantId: string,
  id?: string,
): Promise<Selectable<Database[T]> | undefined> {
  // kysely types a statement over a union of tables by their common columns; the row is T's.
  const row = await db
    .selectFrom(table as LatestRowTable)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .$if(id !== undefined, (q) => q.where('id', '=', id!))
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
