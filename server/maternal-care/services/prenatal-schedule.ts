// The prenatal visits a pregnancy is due for (国家基本公共卫生服务规范 第三版 孕产妇健康管理服务规范): the
// first prenatal exam before 13 weeks, then the 2nd–5th at 16–20, 21–24, 28–36 and 37–40 weeks, each
// counted in completed weeks from the LMP (src/engine/helpers/pregnancy.ts). The weeks are the forms'
// placement (schemas/maternalfirstvisit.json, maternalprenatal.json due.gestationWeeks). Pure: the
// route reads the cases, their records and the published placements; this decides.
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

/** Completed-week windows as a form's placement states them (due.gestationWeeks). */
export type GestationWeeks = readonly (readonly [number, number])[];

/**
 * The visit windows of a pregnancy, read from the forms' placements (issue 32: the visit windows live
 * in the placement's due rule, so the task centre and this call count the same weeks): the first
 * prenatal exam's window is visit 1, the 2nd–5th visits' windows follow in order.
 */
export function prenatalWindows(firstVisit: GestationWeeks, laterVisits: GestationWeeks): VisitWindow[] {
  const first = firstVisit.map(([fromWeek, toWeek]) => ({ name: `第1次产前检查（孕${toWeek + 1}周前）`, fromWeek, toWeek }));
  const later = laterVisits.map(([fromWeek, toWeek], i) => ({
    name: `第${first.length + i + 1}次产前随访（孕${fromWeek}~${toWeek}周）`,
    fromWeek,
    toWeek,
  }));
  return [...first, ...later].map((w, i) => ({ visitNo: i + 1, ...w }));
}

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
export function dueVisit(
  windows: readonly VisitWindow[],
  lmp: string,
  asOf: string,
  done: ReadonlySet<number>,
  includeOverdue = false,
): DueVisit | null {
  const g = gestationAt(lmp, asOf);
  if (!g) return null;
  const at = (w: VisitWindow, overdue: boolean): DueVisit => ({
    ...w,
    gestationWeeks: g.weeks,
    windowStart: addDays(lmp, w.fromWeek * 7),
    windowEnd: addDays(lmp, w.toWeek * 7 + 6),
    overdue,
  });
  const current = windows.find((w) => g.weeks >= w.fromWeek && g.weeks <= w.toWeek);
  if (current && !done.has(current.visitNo)) return at(current, false);
  if (!includeOverdue) return null;
  const missed = [...windows].reverse().find((w) => g.weeks > w.toWeek && !done.has(w.visitNo));
  return missed ? at(missed, true) : null;
}
