// The medication card's arithmetic, pure: the doses as read from the database, the print sheet
// (one row per month, a mark per day) and the counts the follow-up's 全程管理情况 asks for.
import type { MedicationDose } from '../../db/schema';

/** 规范 考核指标: 规则服药 = 实际服药次数占应服药次数的90%以上. */
export const REGULAR_DOSE_RATE = 90;

export interface DoseCounts {
  dueDoses: number;
  actualDoses: number;
  missedDoses: number;
  /** 实际服药 / 应服药 × 100, one decimal; null before any dose day. */
  doseRate: number | null;
  regular: boolean | null;
}

export interface PrintMonth {
  month: string;
  /** Day of month (1–31) → '√' taken, '×' missed; days without a dose are absent. */
  days: Record<string, '√' | '×'>;
  taken: number;
  missed: number;
}

/** The stored doses, whichever way the driver hands back jsonb, in date order. */
export function dosesOf(stored: unknown): MedicationDose[] {
  const list: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!Array.isArray(list)) return [];
  return list
    .filter((d): d is MedicationDose => typeof d === 'object' && d !== null && typeof (d as MedicationDose).date === 'string')
    .map((d) => ({ date: d.date, taken: d.taken === true }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

export function doseCounts(doses: readonly MedicationDose[]): DoseCounts {
  const actualDoses = doses.filter((d) => d.taken).length;
  const dueDoses = doses.length;
  const doseRate = dueDoses === 0 ? null : Math.round((actualDoses / dueDoses) * 1000) / 10;
  return {
    dueDoses,
    actualDoses,
    missedDoses: dueDoses - actualDoses,
    doseRate,
    regular: doseRate === null ? null : doseRate >= REGULAR_DOSE_RATE,
  };
}

export function printMonths(doses: readonly MedicationDose[]): PrintMonth[] {
  const months = new Map<string, PrintMonth>();
  for (const dose of doses) {
    const key = dose.date.slice(0, 7);
    const month = months.get(key) ?? { month: key, days: {}, taken: 0, missed: 0 };
    month.days[String(Number(dose.date.slice(8, 10)))] = dose.taken ? '√' : '×';
    if (dose.taken) month.taken += 1;
    else month.missed += 1;
    months.set(key, month);
  }
  return [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * Why a card cannot be saved, or null: each dose day once, a real calendar day, not in the
 * future, not before the treatment started.
 */
export function cardProblem(doses: readonly MedicationDose[], startDate: string | null, today: string): string | null {
  const seen = new Set<string>();
  for (const dose of doses) {
    if (!isCalendarDay(dose.date)) return `服药日期不正确：${dose.date}`;
    if (seen.has(dose.date)) return `服药日期重复：${dose.date}`;
    seen.add(dose.date);
    if (dose.date > today) return `服药日期不能晚于今天：${dose.date}`;
    if (startDate && dose.date < startDate) return `服药日期不能早于开始治疗日期：${dose.date}`;
  }
  if (startDate && !isCalendarDay(startDate)) return `开始治疗日期不正确：${startDate}`;
  if (startDate && startDate > today) return '开始治疗日期不能晚于今天';
  return null;
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
