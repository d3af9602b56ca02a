// Calendar dates as the forms hold them: 'YYYY-MM-DD' (optionally with ' HH:mm:ss'), read strictly.
// Day arithmetic runs on UTC day numbers so a server in UTC and a browser in UTC+8 agree.

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

const DATE_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/;

export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Parses a date string strictly (2023-02-30 is not a date); null when it is not one. */
export function parseDate(input: unknown): CalendarDate | null {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? null : fromClock(input);
  if (typeof input !== 'string') return null;
  const m = DATE_RE.exec(input.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  return { y, m: mo, d };
}

export function isValidDate(input: unknown): boolean {
  return parseDate(input) !== null;
}

/** The calendar day of the passed-in clock, in the clock's local time zone (where staff work). */
export function fromClock(now: Date): CalendarDate {
  return { y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function formatDate(c: CalendarDate): string {
  return `${pad(c.y, 4)}-${pad(c.m)}-${pad(c.d)}`;
}

export function dayNumber(c: CalendarDate): number {
  return Math.floor(Date.UTC(c.y, c.m - 1, c.d) / 86_400_000);
}

export function fromDayNumber(n: number): CalendarDate {
  const t = new Date(n * 86_400_000);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return dayNumber(a) - dayNumber(b);
}

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
