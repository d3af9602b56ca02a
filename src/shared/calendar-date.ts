// Calendar dates as the forms, the wire and the database hold them: 'YYYY-MM-DD' (optionally with
// ' HH:mm:ss'), read strictly. Day arithmetic runs on UTC day numbers so a server in UTC and a browser
// in UTC+8 agree. Here rather than in the engine because policies in src/shared (the lab history
// window) count days too; the engine's date helpers build on these.

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

const DATE_RE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?Z?)?$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(y: number, m: number): number {
  // Arithmetic, not a Date: every date a submit checks is parsed, and a Date per parse showed in its profile.
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return MONTH_DAYS[m - 1] ?? new Date(Date.UTC(y, m, 0)).getUTCDate();
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
