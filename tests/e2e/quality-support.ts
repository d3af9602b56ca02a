import { expect } from '@playwright/test';
import { goodHypertensionValues } from '../../server/test-support/hypertension-values';
import type { apiAs } from './support';

type Api = Awaited<ReturnType<typeof apiAs>>;
export type ArchiveRow = { id: string; personName: string; birthday?: string; crowdLabels?: string[] };

/** A day `days` before today, yyyy-MM-dd in local time. */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return d.toLocaleDateString('sv-SE');
}

/**
 * The record the quality journeys find: a hypertension follow-up of 150/95 mmHg marked 控制满意 (the
 * form's own anomalies acknowledged, as a user may), saved by the caller for the first hypertensive
 * resident it sees. Its visit is 400–999 days old, so it never becomes the newest visit another
 * journey reads.
 */
export async function plantBpMarkedSatisfied(api: Api): Promise<{ patient: ArchiveRow; visitDate: string }> {
  const list = (await api.get('commuserarchives/new-list?size=200')) as { records: ArchiveRow[] };
  const patient = list.records.filter((a) => a.crowdLabels?.includes('hypertension') && a.birthday).at(0);
  expect(patient, 'the caller sees a hypertensive resident').toBeTruthy();
  const visitDate = daysAgo(400 + Math.floor(Math.random() * 500));
  await api.post('userfollowup/high-blood-pressure-follow-up', {
    archId: patient!.id,
    values: goodHypertensionValues({
      visitDate,
      birthDate: patient!.birthday,
      sbp: 150,
      dbp: 95,
      nextVisitDate: daysAgo(320),
      doctorSign: '王强',
    }),
    acknowledgements: ['bp.urgent', 'followupClass.mismatch', 'bmi.obese'],
  });
  return { patient: patient!, visitDate };
}
