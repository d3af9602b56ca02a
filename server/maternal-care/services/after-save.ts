// What a saved maternal record changes on its case, right after the record's own transaction has
// committed (record-submit.ts commits inside its insert, so nothing may join it): the newest graded
// record's colour and purple mark become the case's, a delivery record gives the case its delivery
// date, and a 42-day exam whose 处理 is 结案 closes the case. Each step reads the stored records again,
// so a retried or out-of-order save ends in the same state.
import type { MaternalDb } from '../repositories/maternal-cases';
import { caseRecords, closeCase, findMaternalCase, setCaseRisk, setDeliveryDate } from '../repositories/maternal-cases';
import { CLOSE_REASON_42, GRADED_FORMS, MATERNAL_FORMS, riskColorOf } from './maternal-forms';

export interface SavedMaternalRecord {
  formCode: string;
  otherId: string | null;
  values: Record<string, unknown>;
  visitDate: string | null;
}

export async function afterMaternalSave(
  db: MaternalDb,
  tenantId: string,
  saved: SavedMaternalRecord,
  userId: string,
  now: Date,
): Promise<void> {
  const otherId = saved.otherId;
  if (!otherId) return;
  const found = await findMaternalCase(db, tenantId, otherId);
  if (!found) return;
  if (GRADED_FORMS.includes(saved.formCode)) {
    const newest = (await caseRecords(db, tenantId, otherId, GRADED_FORMS)).find((r) => riskColorOf(r.values.riskGrade));
    if (newest) await setCaseRisk(db, tenantId, otherId, riskColorOf(newest.values.riskGrade)!, newest.values.riskInfectious === '1', now);
  }
  if (saved.formCode === MATERNAL_FORMS.delivery && typeof saved.values.deliveryDate === 'string')
    await setDeliveryDate(db, tenantId, otherId, saved.values.deliveryDate, now);
  if (saved.formCode === MATERNAL_FORMS.postpartum42 && saved.values.handling === '1' && found.status === '1') {
    const date = typeof saved.values.visitDate === 'string' ? saved.values.visitDate : saved.visitDate;
    if (date) await closeCase(db, tenantId, otherId, date, CLOSE_REASON_42, userId, now);
  }
}
