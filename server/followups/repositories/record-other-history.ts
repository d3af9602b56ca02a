import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { HistoryDb } from './records';

/**
 * The history of every record filed under one child or maternal archive (otherId, spec 001 §7
 * userarchivesotherdev history): all its forms' changes together, newest first.
 */
export async function listHistoryByOtherId(db: Kysely<Database>, tenantId: string, otherId: string): Promise<HistoryDb[]> {
  return (await db
    .selectFrom('form_record_history as h')
    .innerJoin('form_record as r', (join) => join.onRef('r.id', '=', 'h.record_id').onRef('r.tenant_id', '=', 'h.tenant_id'))
    .selectAll('h')
    .where('h.tenant_id', '=', tenantId)
    .where('r.tenant_id', '=', tenantId)
    .where('r.other_id', '=', otherId)
    .orderBy('h.update_time', 'desc')
    .orderBy('h.id', 'desc')
    .execute()) as HistoryDb[];
}
