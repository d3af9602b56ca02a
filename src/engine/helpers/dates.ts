// Date helpers behind the engine's functions (ages, month ages, day counts, ranges). The calendar
// primitives live in src/shared/calendar-date.ts and are re-exported here for the engine's own files.
import { compareDates, daysInMonth, dayNumber, formatDate, fromDayNumber, parseDate, type CalendarDate } from '../../shared/calendar-date';

export {
  compareDates,
  daysInMonth,
  dayNumber,
  formatDate,
  fromClock,
  fromDayNumber,
  isValidDate,
  parseDate,
  type CalendarDate,
} from '../../shared/calendar-date';

/** Days from a to b (negative when b is earlier); null when either is not a date. */
export function daysBetween(a: unknown, b: unknown): number | null {
  const pa = parseDate(a);
  const pb = parseDate(b);
  if (!pa || !pb) return null;
  return dayNumber(pb) - dayNumber(pa);
}

export function addDays(date: unknown, days: number): string | null {
  const p = parseDate(date);
  if (!p || !Number.isFinite(days)) return null;
  return formatDate(fromDayNumber(dayNumber(p) + Math.trunc(days)));
}

/** Whole months from start to end (a month is complete when the day of month is reached). */
export function wholeMonths(start: CalendarDate, end: CalendarDate): number {
  let months = (end.y - start.y) * 12 + (end.m - start.m);
  // A start on the 31st completes its month on the last day of a shorter month.
  const anniversaryDay = Math.min(start.d, daysInMonth(end.y, end.m));
  if (end.d < anniversaryDay) months -= 1;
  return months;
}

/** Completed years at `at` (the birthday itself counts; a 29 February birthday falls on 28 February in other years); null when invalid or reversed. */
export function ageYears(birth: unknown, at: unknown): number | null {
  const b = parseDate(birth);
  const a = parseDate(at);
  if (!b || !a || compareDates(a, b) < 0) return null;
  return Math.floor(wholeMonths(b, a) / 12);
}

/**
 * Month age (001 §5): null when a date is invalid or the range is reversed; a first month that is
 * not complete counts as 1 only when 28 or more days have passed, otherwise 0.
 */
export function monthAge(start: unknown, end: unknown): number | null {
  const s = parseDate(start);
  const e = parseDate(end);
  if (!s || !e || compareDates(e, s) < 0) return null;
  const months = wholeMonths(s, e);
  if (months === 0) return dayNumber(e) - dayNumber(s) >= 28 ? 1 : 0;
  return months;
}

/**
 * Child-age display (001 §9): under 28 days in days; 28–29 days is 1 month; under `monthsLimit`
 * months (36, or 48 where a form asks for it) in months; otherwise years.
 */
export function childAgeDisplay(birth: unknown, at: unknown, monthsLimit = 36): string | null {
  const b = parseDate(birth);
  const a = parseDate(at);
  if (!b || !a || compareDates(a, b) < 0) return null;
  const days = dayNumber(a) - dayNumber(b);
  if (days < 28) return `${days}天`;
  const months = Math.max(1, wholeMonths(b, a));
  if (months < monthsLimit) return `${months}月`;
  return `${Math.floor(months / 12)}岁`;
}

/** Elapsed-days display (001 §9): '0' for today or empty, 'N天' 1–29, 'N月' (30-day months), 'N年' from 365. */
export function elapsedDisplay(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days) || days <= 0) return '0';
  const d = Math.floor(days);
  if (d < 30) return `${d}天`;
  if (d < 365) return `${Math.floor(d / 30)}月`;
  return `${Math.floor(d / 365)}年`;
}

export const QUARTER_ERROR = 'Invalid date format or values';

/** Quarter (1–4) of 'YYYY-MM' or 'YYYY-MM-DD'; throws the spec's message for a bad month or non-numbers. */
export function quarterOf(input: string): number {
  const parts = String(input).trim().split(/[-/]/);
  const [ys, ms] = parts;
  if (ys === undefined || ms === undefined || !/^\d+$/.test(ys) || !/^\d+$/.test(ms)) throw new Error(QUARTER_ERROR);
  const month = Number(ms);
  if (month < 1 || month > 12) throw new Error(QUARTER_ERROR);
  return Math.floor((month - 1) / 3) + 1;
}

export interface DateRange {
  start: string;
  end: string;
  /** 'start,end' as the list endpoints take it. */
  joined: string;
}

/**
 * Date-range picker output (002 §5): an end before the start is moved to the start; with time the
 * range runs from 00:00:00 to 23:59:59. Null when either side is not a date.
 */
export function normaliseDateRange(start: unknown, end: unknown, withTime = false): DateRange | null {
  const s = parseDate(start);
  let e = parseDate(end);
  if (!s || !e) return null;
  if (compareDates(s, e) > 0) e = s;
  const startText = formatDate(s) + (withTime ? ' 00:00:00' : '');
  const endText = formatDate(e) + (withTime ? ' 23:59:59' : '');
  return { start: startText, end: endText, joined: `${startText},${endText}` };
}

/** The list filters built from a create-time range (002 §5). */
export function createTimeRangeParams(start: unknown, end: unknown): Record<string, string> {
  const r = normaliseDateRange(start, end, true);
  return r ? { createTime_dategt: r.start, createTime_datelt: r.end } : {};
}
