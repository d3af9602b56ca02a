// What a saved 高危儿 register (childhighrisk) changes on its child case (iph_user_archives_other
// high_risk), right after the record's own transaction has committed: record-submit.ts offers no hook
// inside it, so this runs as the maternal programme's step does (maternal-care/services/after-save.ts).
// It reads the stored registers again, so a retried or out-of-order save ends in the same state: the
// child is high-risk while its newest register (by visit) is not 结案 (高危因素消除、发育正常).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { childRecords } from '../repositories/child-records';
import { setCaseHighRisk } from '../repositories/child-cases';

export const HIGH_RISK_FORM = 'childhighrisk';
/** hr_outcome '3': 结案 (高危因素消除、发育正常), schemas/childhighrisk.json. */
export const HIGH_RISK_CLOSED = '3';

export interface SavedChildRecord {
  formCode: string;
  archId: string;
  otherId: string | null;
}

export async function afterChildSave(db: Kysely<Database>, tenantId: string, saved: SavedChildRecord, now: Date): Promise<void> {
  if (saved.formCode !== HIGH_RISK_FORM || !saved.otherId) return;
  const [newest] = await childRecords(db, tenantId, saved.archId, [HIGH_RISK_FORM], saved.otherId);
  if (!newest) return;
  const outcome = (newest.values as Record<string, unknown> | null)?.outcome;
  await setCaseHighRisk(db, tenantId, saved.archId, saved.otherId, outcome === HIGH_RISK_CLOSED ? 0 : 1, now);
}
