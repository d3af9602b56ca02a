// Pregnancy dates from the last menstrual period (孕产妇保健管理, 国家基本公共卫生服务规范 第三版):
// gestational age in completed weeks and days, the expected date of delivery by Naegele's rule
// (LMP + 280 days, which keeps 29 February right where adding 9 months and 7 days does not), and the
// LMPs a pregnancy archive refuses: one in the future, or one more than 45 weeks before the day it
// is recorded (no pregnancy runs that long; a typing slip of a year is the usual cause).
import { dayNumber, formatDate, fromDayNumber, parseDate } from './dates';

export const FULL_TERM_DAYS = 280;
export const LONGEST_PREGNANCY_DAYS = 45 * 7;

export interface Gestation {
  weeks: number;
  days: number;
  /** Days since the LMP. */
  totalDays: number;
}

/** The expected date of delivery; null when the LMP is not a date. */
export function dueDateFromLmp(lmp: unknown): string | null {
  const p = parseDate(lmp);
  return p ? formatDate(fromDayNumber(dayNumber(p) + FULL_TERM_DAYS)) : null;
}

/** Gestational age at `at`; null when either is not a date or `at` is before the LMP. */
export function gestationAt(lmp: unknown, at: unknown): Gestation | null {
  const l = parseDate(lmp);
  const a = parseDate(at);
  if (!l || !a) return null;
  const totalDays = dayNumber(a) - dayNumber(l);
  if (totalDays < 0) return null;
  return { weeks: Math.floor(totalDays / 7), days: totalDays % 7, totalDays };
}

/** 孕12+3周 as the maternal header and lists show it. */
export const gestationText = (g: Gestation): string => `孕${g.weeks}${g.days ? `+${g.days}` : ''}周`;

export const LMP_MESSAGES = {
  invalid: '末次月经日期格式不正确',
  future: '末次月经日期不能晚于今天',
  tooOld: '末次月经日期距今超过45周，请核对',
} as const;

/** Why an LMP is refused on `today` (a key of LMP_MESSAGES), or null when it is accepted. */
export function lmpProblem(lmp: unknown, today: unknown): keyof typeof LMP_MESSAGES | null {
  const l = parseDate(lmp);
  const t = parseDate(today);
  if (!l || !t) return 'invalid';
  const days = dayNumber(t) - dayNumber(l);
  if (days < 0) return 'future';
  if (days > LONGEST_PREGNANCY_DAYS) return 'tooOld';
  return null;
}
