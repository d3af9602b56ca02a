// Lab result normalisation and the lab history window (001 §9): rules for showing lab results,
// which no form expression calls, so they sit with the other policies rather than in the engine.
import { dayNumber, parseDate } from '../calendar-date';

const NEGATIVE = new Set(['阴性', '-', '—', 'negative', 'neg', '阴', '1']);
const POSITIVE = new Set(['阳性', '+', 'positive', 'pos', '阳', '2']);

/** HBsAg: negative → '1', positive → '2'; anything else is kept as given. */
export function normaliseHbsag(result: string): string {
  const t = result.trim().toLowerCase();
  if (NEGATIVE.has(t)) return '1';
  if (POSITIVE.has(t)) return '2';
  return result;
}

/** Project code whose qualitative results are written as plus signs. */
export const PLUS_NOTATION_PROJECT = '100002';

/** For project 100002: 阳性 '+', 阴性 '-', 弱阳性 '+-', and counts ('2+', '++') as plus signs. */
export function normalisePlusNotation(result: string): string {
  const t = result.trim();
  if (t === '阳性' || t === '+' || t === '1+') return '+';
  if (t === '阴性' || t === '-') return '-';
  if (t === '弱阳性' || t === '+-' || t === '±') return '+-';
  const count = /^([1-4])\+$/.exec(t) ?? /^\+([1-4])$/.exec(t);
  if (count) return '+'.repeat(Number(count[1]));
  if (/^\++$/.test(t)) return t;
  return result;
}

export function normaliseLabResult(projectCode: string, indicatorCode: string, result: string): string {
  if (indicatorCode.toUpperCase() === 'HBSAG') return normaliseHbsag(result);
  if (projectCode === PLUS_NOTATION_PROJECT) return normalisePlusNotation(result);
  return result;
}

const POWER_UNITS = new Set(['10¹²/L', '10⁹/L', '10^9/L', '10^12/L']);

/** Count units such as 10^9/L are shown as ×10^9/L. */
export function normaliseLabUnit(unit: string | null | undefined): string {
  if (!unit) return '';
  return POWER_UNITS.has(unit.trim()) ? `×${unit.trim()}` : unit;
}

export interface LabHistoryRow {
  jyrq: string;
  jyxmDm_projCode: string;
  [key: string]: unknown;
}

/** Records within ±`days` of `around`, keeping the latest per project code, latest first. */
export function labHistoryWindow<T extends LabHistoryRow>(rows: readonly T[], around: string, days = 30): T[] {
  const centre = parseDate(around);
  if (!centre) return [];
  const c = dayNumber(centre);
  const latest = new Map<string, { row: T; day: number }>();
  for (const row of rows) {
    const d = parseDate(row.jyrq);
    if (!d) continue;
    const day = dayNumber(d);
    if (Math.abs(day - c) > days) continue;
    const prev = latest.get(row.jyxmDm_projCode);
    // Same day: the later row in the list wins, as it is the later save.
    if (!prev || day >= prev.day) latest.set(row.jyxmDm_projCode, { row, day });
  }
  return [...latest.values()].sort((a, b) => b.day - a.day).map((x) => x.row);
}
