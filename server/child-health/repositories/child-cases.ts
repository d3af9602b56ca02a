// The child case's own columns this domain writes (iph_user_archives_other, migration 056).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The high-risk flag (高危儿) of a child case: 1 while a 高危儿 register tracks it, 0 once closed. */
export async function setCaseHighRisk(
  db: Kysely<Database>,
  tenantId: string,
  archId: string,
  id: string,
  highRisk: 0 | 1,
  now: Date,
): Promise<void> {
  await db
    .updateTable('iph_user_archives_other')
    .set({ high_risk: highRisk, update_time: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    // Only the resident's own child case, whatever the record named.
    .where('arch_id', '=', archId)
    .where('kind', '=', 'child')
    .execute();
}
