// One hypertension follow-up visit as a client sends it: bench:server's submit scenario posts it,
// bench:engine validates it against the bundled form (real-form.ts).
import type { Random } from './random';

const pad2 = (n: number) => String(n).padStart(2, '0');
const localDate = (d: Date) => `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
const daysFrom = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days);

/**
 * A valid visit of the bundled hypertension form (schemas/, rules/): blood pressure under 140/90,
 * BMI under 28, a visit in the last 80 days and the next one 90 days later. One visit in ten is an
 * urgent reading (≥180/110) sent with its acknowledgement (bp.urgent), as after 有异常是否保存? → 是.
 */
export function hypertensionVisit(random: Random, today: Date): { values: Record<string, unknown>; acknowledgements?: string[] } {
  const visit = daysFrom(today, -random.int(0, 80));
  const urgent = random.chance(0.1);
  const values = {
    visitDate: localDate(visit),
    visitMethod: random.pick(['1', '2', '3']),
    birthDate: `${random.int(1940, 1985)}-${pad2(random.int(1, 12))}-${pad2(random.int(1, 28))}`,
    symptoms: ['1'],
    sbp: urgent ? random.int(180, 195) : random.int(110, 138),
    dbp: urgent ? random.int(110, 118) : random.int(65, 88),
    height: random.int(160, 180),
    weight: random.int(50, 70),
    targetWeight: random.int(50, 65),
    heartRate: random.int(60, 100),
    drugCompliance: '0',
    adverseReaction: '1',
    followupClass: urgent ? '2' : '1',
    referral: '1',
    outcome: '1',
    nextVisitDate: localDate(daysFrom(visit, 90)),
    doctorSign: '张伟',
  };
  return urgent ? { values, acknowledgements: ['bp.urgent'] } : { values };
}
