// The prenatal visits a pregnancy is due for (国家基本公共卫生服务规范 第三版 孕产妇健康管理服务规范): the
// first prenatal exam before 13 weeks, then the 2nd–5th at 16–20, 21–24, 28–36 and 37–40 weeks, each
// counted in completed weeks from the LMP (src/engine/helpers/pregnancy.ts). Pure: the route reads the
// cases and their records, this decides.
import { gestationAt } from '../../../src/engine/index';

/** yyyy-MM-dd plus n days (UTC calendar arithmetic, so no time zone or daylight saving shifts it). */
const addDays = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * 86_400_000).toISOString().slice(0, 10);
};

export interface VisitWindow {
  /** 1 = 第1次产前检查, 2–5 = 第2~5次产前随访. */
  visitNo: number;
  name: string;
  fromWeek: number;
  /** Inclusive. */
  toWeek: number;
}

export const PRENATAL_WINDOWS: readonly VisitWindow[] = [
  { visitNo: 1, name: '第1次产前检查（孕13周前）', fromWeek: 0, toWeek: 12 },
  { visitNo: 2, name: '第2次产前随访（孕16~20周）', fromWeek: 16, toWeek: 20 },
  { visitNo: 3, name: '第3次产前随访（孕21~24周）', fromWeek: 21, toWeek: 24 },
  { visitNo: 4, name: '第4次产前随访（孕28~36周）', fromWeek: 28, toWeek: 36 },
  { visitNo: 5, name: '第5次产前随访（孕37~40周）', fromWeek: 37, toWeek: 40 },
];

export interface DueVisit extends VisitWindow {
  gestationWeeks: number;
  /** First and last day of the window (yyyy-MM-dd). */
  windowStart: string;
  windowEnd: string;
  /** The window has passed with no visit recorded. */
  overdue: boolean;
}

/**
 * The visit due on `asOf` for a pregnancy with this LMP, given the visit numbers already recorded:
 * the window the week falls in when its visit is missing; with `includeOverdue`, otherwise the latest
 * window already past with no visit. Null when nothing is due (between windows, done, past 40 weeks
 * with the 5th recorded, or an LMP after asOf).
 */
export function dueVisit(lmp: string, asOf: string, done: ReadonlySet<number>, includeOverdue = false): DueVisit | null {
  const g = gestationAt(lmp, asOf);
  if (!g) return null;
  const at = (w: VisitWindow, overdue: boolean): DueVisit => ({
    ...w,
    gestationWeeks: g.weeks,
    windowStart: addDays(lmp, w.fromWeek * 7),
    windowEnd: addDays(lmp, w.toWeek * 7 + 6),
    overdue,
  });
  const current = PRENATAL_WINDOWS.find((w) => g.weeks >= w.fromWeek && g.weeks <= w.toWeek);
  if (current && !done.has(current.visitNo)) return at(current, false);
  if (!includeOverdue) return null;
  const missed = [...PRENATAL_WINDOWS].reverse().find((w) => g.weeks > w.toWeek && !done.has(w.visitNo));
  return missed ? at(missed, true) : null;
}
