// Placement (docs/architecture.md §2): where a form appears, read from the document by the archive menu, the
// follow-up pages, the due lists and the server alike. Pure: the facts about a resident and the
// record's values come in as arguments.
import type { FieldDef, FormDocument, FormKind, FormPlacement, FormValues } from '../types';

/** A placement problem, in the words publish and forms:check show. */
export interface PlacementProblem {
  field?: string;
  message: string;
}

const DATE_TYPE = 5;

/** What a document's placement must satisfy beyond its meta-schema. */
export function placementProblems(doc: FormDocument): PlacementProblem[] {
  const p = doc.placement;
  if (!p) return [];
  const problems: PlacementProblem[] = [];
  const fields = new Map<string, FieldDef>(doc.fields.map((f) => [f.fieldProp, f]));
  const dateField = (prop: string, what: string) => {
    const f = fields.get(prop);
    if (!f) problems.push({ field: prop, message: `放置设置的${what}指向未知的字段 ${prop}` });
    else if (f.fieldType !== DATE_TYPE) problems.push({ field: prop, message: `放置设置的${what}必须是日期字段 (fieldType 5)` });
  };
  if (p.due) {
    dateField(p.due.visitField ?? 'visitDate', '随访日期字段');
    if (p.due.field !== undefined) dateField(p.due.field, '下次随访日期字段');
    const weeks = p.due.gestationWeeks;
    if (p.due.field === undefined && p.due.intervalDays === undefined && !weeks)
      problems.push({ message: '放置设置的 due 需要 field (下次随访日期字段) 或 intervalDays (间隔天数)' });
    if (weeks) problems.push(...gestationWeekProblems(weeks, p.kind, p.due.period));
  }
  const a = p.appliesTo;
  if (a?.minAge !== undefined && a.maxAge !== undefined && a.minAge > a.maxAge)
    problems.push({ message: '放置设置的适用年龄 minAge 大于 maxAge' });
  for (const tab of p.tabs ?? []) {
    if (tab.host === doc.formCode) problems.push({ message: `表单不能作为自己页面的页签 (${tab.host})` });
  }
  const hosts = (p.tabs ?? []).map((t) => t.host);
  const repeated = hosts.find((h, i) => hosts.indexOf(h) !== i);
  if (repeated) problems.push({ message: `同一页面 ${repeated} 的页签重复` });
  if (p.kind === 'dialog') {
    // A dialog's form belongs to the app's own screens: nothing may put it before a resident.
    const stated = (['appliesTo', 'menu', 'tabs', 'due'] as const).filter((key) => p[key] !== undefined);
    if (stated.length) problems.push({ message: `对话框表单 (kind dialog) 不出现在居民档案中, 放置设置不能有 ${stated.join(', ')}` });
    return problems;
  }
  if (!p.menu && !(p.tabs ?? []).length && p.kind !== 'admin')
    problems.push({ message: '放置设置既没有档案菜单 (menu) 也没有页签 (tabs): 居民档案中找不到这张表单' });
  return problems;
}

function gestationWeekProblems(weeks: readonly [number, number][], kind: FormKind, period: unknown): PlacementProblem[] {
  const problems: PlacementProblem[] = [];
  if (kind !== 'maternal') problems.push({ message: '按孕周到期 (gestationWeeks) 只用于孕产妇表单 (kind maternal)' });
  if (period !== undefined) problems.push({ message: '按孕周到期 (gestationWeeks) 不能同时按周期 (period) 到期' });
  weeks.forEach(([first, last], i) => {
    if (first > last) problems.push({ message: `孕周窗口 ${first}-${last} 的起始孕周大于结束孕周` });
    const before = weeks[i - 1];
    if (before && first <= before[1]) problems.push({ message: `孕周窗口 ${first}-${last} 须在上一窗口 ${before[0]}-${before[1]} 之后` });
  });
  return problems;
}

/** What the server and the archive page know about a resident when deciding which forms apply. */
export interface ResidentFacts {
  crowdLabels: readonly string[];
  /** '1' male, '2' female. */
  sex?: string | null;
  /** Whole years on the day asked. */
  age?: number | null;
}

/** Whether a form is for this resident: every condition its placement states holds. */
export function appliesToResident(placement: FormPlacement | undefined, resident: ResidentFacts): boolean {
  const a = placement?.appliesTo;
  if (!a) return true;
  if (a.crowdLabels && !a.crowdLabels.some((label) => resident.crowdLabels.includes(label))) return false;
  if (a.sex && resident.sex !== a.sex) return false;
  if (a.minAge !== undefined && (resident.age == null || resident.age < a.minAge)) return false;
  if (a.maxAge !== undefined && (resident.age == null || resident.age > a.maxAge)) return false;
  return true;
}

/** A crowd-label text as archives store it ("hypertension,diabetes") as a list. */
export function crowdLabelList(raw: string | readonly string[] | null | undefined): string[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.map((s) => String(s).trim()).filter((s) => s !== '');
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}/;

function dayOf(value: unknown): string | null {
  return typeof value === 'string' && ISO_DAY.test(value) ? value.slice(0, 10) : null;
}

/** The visit date of a record: the placement's visit field, else visitDate. */
export function visitDateOf(placement: FormPlacement | undefined, values: FormValues): string | null {
  return dayOf(values[placement?.due?.visitField ?? 'visitDate']);
}

/**
 * When the next visit falls due: the placement's date field when filled, else the visit date plus
 * its interval; a form without a due rule falls back to a nextVisitDate field, as the bundled
 * follow-ups had before placement existed. No visit date and no due field: no due date.
 */
export function nextDueDateOf(placement: FormPlacement | undefined, values: FormValues): string | null {
  const due = placement?.due;
  const stated = dayOf(values[due?.field ?? 'nextVisitDate']);
  if (stated) return stated;
  const visit = visitDateOf(placement, values);
  if (!visit || !due?.intervalDays) return null;
  const [y, m, d] = visit.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + due.intervalDays));
  return next.toISOString().slice(0, 10);
}

/** Menu entries and tabs sort by order, then by title, so two forms without an order still sort the same way everywhere. */
export function byOrderThenTitle<T extends { order?: number; title: string }>(a: T, b: T): number {
  return (a.order ?? 1000) - (b.order ?? 1000) || a.title.localeCompare(b.title, 'zh-CN');
}

/** One prenatal visit window of a pregnancy, as days: the first day of week `first`, the last day of week `last`. */
export interface GestationWindow {
  /** 0-based position in the placement's list (第2次产前随访 is 0 for 第2~5次). */
  index: number;
  first: number;
  last: number;
  /** LMP + first × 7 days (yyyy-MM-dd). */
  start: string;
  /** LMP + last × 7 + 6 days: the last day of completed week `last`, the visit's due date. */
  end: string;
}

function plusDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The visit window a pregnancy is in on `today`: the last window that has begun (a missed window
 * stays the one due — overdue — until the next begins), else the first (not begun yet). A visit
 * dated on or after the window's start satisfies it, so a late visit between two windows closes
 * the one before. The task centre's SQL states the same choice (server/task-centre/repositories/due-tasks.ts).
 */
export function gestationWindowOn(lmp: string, weeks: readonly [number, number][], today: string): GestationWindow | null {
  if (!ISO_DAY.test(lmp) || !weeks.length) return null;
  const windows = weeks.map(([first, last], index) => ({
    index,
    first,
    last,
    start: plusDays(lmp.slice(0, 10), first * 7),
    end: plusDays(lmp.slice(0, 10), last * 7 + 6),
  }));
  const begun = windows.filter((w) => w.start <= today.slice(0, 10));
  return begun[begun.length - 1] ?? windows[0]!;
}
