// The task centre's one question (issue 34 "Work lists"): which resident is due for which form, and
// when. Every form whose placement has a due rule takes part; its appliesTo names the residents, its
// due rule the date (decision 0032). One statement: a branch per form, united, then classified.
import { sql, type RawBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import type { FormPlacement } from '../../../src/engine';
import type { Database } from '../../db/schema';
import { placementResidents } from '../../platform/repositories/placement-residents';
import { residentScopeCondition, type ResidentScope } from '../../platform/repositories/resident-scope';

/** Follow-up outcome 3 (spec 002 §9): management ended — no further visit falls due. */
const OUTCOME_END = '3';
/** A case (a pregnancy, a child) 在管: a record of a case closed (结案) or cancelled (已注销) plans no further visit. */
const CASE_OPEN = '1';

export interface DueForm {
  formCode: string;
  placement: FormPlacement;
}

/** Whose residents a caller sees (platform/repositories/resident-scope.ts). */
export type ArchiveScope = ResidentScope;

export interface DueWindow {
  /** The day the list is read for (yyyy-MM-dd). */
  today: string;
  /** The last day counted as 即将到期 (today plus the horizon). */
  soonEnd: string;
  /** The last day of the current period (本期: the calendar quarter). */
  periodEnd: string;
  /** Each form's own period window, for forms with a `due.period`: start and end of the period holding today. */
  formPeriods: Record<string, { start: string; end: string }>;
}

export type DueTab = 'overdue' | 'soon' | 'period';

export interface DueFilter {
  tab?: DueTab;
  formCode?: string;
  doctorId?: string;
  teamId?: string;
  personName?: string;
}

export interface DueTaskRow {
  arch_id: string;
  person_name: string;
  sex: string;
  birthday: string | null;
  archives_no: string;
  main_doctor_id: string | null;
  doctor_name: string | null;
  team_id: string | null;
  team_name: string | null;
  form_code: string;
  follow_id: string | null;
  /** The case (a pregnancy, a child) the resident's last record of the form belongs to, if any. */
  other_id: string | null;
  visit_date: string | null;
  next_visit_date: string | null;
  due_date: string;
}

/** The condition on user_archive `a` that keeps the scope's residents (statistics reads it too, through index.ts). */
export const scopeOf = residentScopeCondition;

/**
 * One form's due residents with their due date:
 * - a form with a period (quarterly chronic-disease follow-ups, yearly evaluations): a resident not
 *   seen in the current period is due by the next visit their last record planned, or by the
 *   period's end, whichever comes first;
 * - any other form: the next visit the resident's last record planned (its due field, or the visit
 *   plus the interval); a resident never seen is due today when the form is for a crowd label (a
 *   managed condition), and not listed when it is for everyone of an age or sex (the first record of
 *   such a form — a child exam, a prenatal visit, a two-cancer follow-up — is made where the case is,
 *   and plans the next one).
 */
function formBranch(tenantId: string, form: DueForm, w: DueWindow, scope: ArchiveScope, archiveConditions: RawBuilder<unknown>) {
  const latest = sql`
    select distinct on (arch_id) arch_id, id, other_id, visit_date, next_visit_date, "values"->>'outcome' as outcome
    from form_record
    where tenant_id = ${tenantId} and form_code = ${form.formCode} and is_deleted = 0
    order by arch_id, visit_date desc nulls last, update_time desc, id desc`;
  const period = w.formPeriods[form.formCode];
  const forLabel = (form.placement.appliesTo?.crowdLabels ?? []).length > 0;
  const due = period
    ? sql`least(coalesce(fu.next_visit_date, ${period.end}), ${period.end})`
    : forLabel
      ? sql`coalesce(fu.next_visit_date, ${w.today})`
      : sql`fu.next_visit_date`;
  const open = period
    ? sql`(fu.arch_id is null or fu.visit_date is null or fu.visit_date < ${period.start})`
    : forLabel
      ? sql`(fu.arch_id is null or fu.next_visit_date is not null)`
      : sql`fu.next_visit_date is not null`;
  return sql`
    select a.id as arch_id, a.person_name, a.sex, a.birthday::text as birthday, a.archives_no, a.main_doctor_id, a.doctor_name,
      a.team_id, a.team_name, ${form.formCode}::text as form_code, fu.id as follow_id, fu.other_id, fu.visit_date::text as visit_date,
      fu.next_visit_date::text as next_visit_date, (${due})::text as due_date
    from user_archive a left join (${latest}) fu on fu.arch_id = a.id
    where a.tenant_id = ${tenantId} and a.is_deleted = 0 and a.archives_status = '1'
      and ${placementResidents(form.placement.appliesTo, w.today)} and ${scopeOf(scope)} and ${archiveConditions}
      and coalesce(fu.outcome, '') <> ${OUTCOME_END} and ${open}
      and (fu.other_id is null or exists (select 1 from iph_user_archives_other o
        where o.tenant_id = ${tenantId} and o.id = fu.other_id and o.status = ${CASE_OPEN}))`;
}

/**
 * A maternal form due by gestational week (placement due.gestationWeeks; issue 32): one row per open
 * pregnancy (case 在管, no delivery yet, under 42 weeks) of the scope's residents. The window is the
 * last one begun on `today`, else the first (the engine's gestationWindowOn says the same); it is due
 * on the window's last day and open until a record of the form for that pregnancy is dated on or
 * after the window's first day. Past 42 weeks a pregnancy has ended whether or not its delivery was
 * recorded, and the prenatal list stops asking (decision 0032).
 */
function gestationBranch(
  tenantId: string,
  form: DueForm,
  weeks: readonly [number, number][],
  w: DueWindow,
  scope: ArchiveScope,
  archiveConditions: RawBuilder<unknown>,
) {
  const today = sql`${w.today}::date`;
  const windows = sql.join(weeks.map(([first, last], i) => sql`(${i}::int, ${first}::int, ${last}::int)`));
  const record = (extra: RawBuilder<unknown>) => sql`form_record r
    where r.tenant_id = ${tenantId} and r.form_code = ${form.formCode} and r.other_id = o.id and r.is_deleted = 0 and ${extra}`;
  return sql`
    select a.id as arch_id, a.person_name, a.sex, a.birthday::text as birthday, a.archives_no, a.main_doctor_id, a.doctor_name,
      a.team_id, a.team_name, ${form.formCode}::text as form_code, fu.id as follow_id, o.id as other_id, fu.visit_date::text as visit_date,
      fu.next_visit_date::text as next_visit_date, win.win_end::text as due_date
    from iph_user_archives_other o
    join user_archive a on a.tenant_id = o.tenant_id and a.id = o.arch_id
    cross join lateral (
      select (o.lmp + ww.first_week * 7) as win_start, (o.lmp + ww.last_week * 7 + 6) as win_end
      from (values ${windows}) ww(i, first_week, last_week)
      order by (o.lmp + ww.first_week * 7 <= ${today}) desc,
        case when o.lmp + ww.first_week * 7 <= ${today} then -ww.i else ww.i end
      limit 1) win
    left join lateral (
      select r.id, r.visit_date, r.next_visit_date from ${record(sql`true`)}
      order by r.visit_date desc nulls last, r.update_time desc, r.id desc limit 1) fu on true
    where o.tenant_id = ${tenantId} and o.kind = 'maternal' and o.status = ${CASE_OPEN} and o.is_deleted = 0
      and o.delivery_date is null and ${today} < o.lmp + 42 * 7
      and a.is_deleted = 0 and a.archives_status = '1'
      and ${placementResidents(form.placement.appliesTo, w.today)} and ${scopeOf(scope)} and ${archiveConditions}
      and not exists (select 1 from ${record(sql`r.visit_date >= win.win_start::text`)})`;
}

function branchOf(tenantId: string, form: DueForm, w: DueWindow, scope: ArchiveScope, archiveConditions: RawBuilder<unknown>) {
  const weeks = form.placement.due?.gestationWeeks;
  return weeks?.length
    ? gestationBranch(tenantId, form, weeks, w, scope, archiveConditions)
    : formBranch(tenantId, form, w, scope, archiveConditions);
}

function archiveConditionsOf(filter: DueFilter): RawBuilder<unknown> {
  const c = [sql`true`];
  if (filter.doctorId) c.push(sql`a.main_doctor_id = ${filter.doctorId}`);
  if (filter.teamId) c.push(sql`a.team_id = ${filter.teamId}`);
  if (filter.personName) c.push(sql`a.person_name like ${`%${filter.personName.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
  return sql.join(c, sql` and `);
}

function tabCondition(tab: DueTab | undefined, w: DueWindow): RawBuilder<unknown> {
  if (tab === 'overdue') return sql`t.due_date < ${w.today}`;
  if (tab === 'soon') return sql`t.due_date >= ${w.today} and t.due_date <= ${w.soonEnd}`;
  if (tab === 'period') return sql`t.due_date <= ${w.periodEnd}`;
  return sql`true`;
}

function unionOf(tenantId: string, forms: DueForm[], w: DueWindow, scope: ArchiveScope, filter: DueFilter) {
  const chosen = filter.formCode ? forms.filter((f) => f.formCode === filter.formCode) : forms;
  if (chosen.length === 0) return undefined;
  const conditions = archiveConditionsOf(filter);
  return sql.join(
    chosen.map((f) => branchOf(tenantId, f, w, scope, conditions)),
    sql` union all `,
  );
}

export interface DueCounts {
  overdue: number;
  soon: number;
  period: number;
}

/** One page of the due tasks of a tab (soonest due first) and the count of every tab. */
export async function dueTasks(
  db: Kysely<Database>,
  tenantId: string,
  forms: DueForm[],
  w: DueWindow,
  scope: ArchiveScope,
  filter: DueFilter,
  current: number,
  size: number,
): Promise<{ rows: DueTaskRow[]; total: number; counts: DueCounts }> {
  const union = unionOf(tenantId, forms, w, scope, filter);
  if (!union) return { rows: [], total: 0, counts: { overdue: 0, soon: 0, period: 0 } };
  const [rows, counts] = await Promise.all([
    sql<DueTaskRow>`select t.* from (${union}) t where ${tabCondition(filter.tab, w)}
      order by t.due_date, t.arch_id, t.form_code limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ total: number } & DueCounts>`select count(*) filter (where ${tabCondition(filter.tab, w)})::int as total,
        count(*) filter (where ${tabCondition('overdue', w)})::int as overdue,
        count(*) filter (where ${tabCondition('soon', w)})::int as soon,
        count(*) filter (where ${tabCondition('period', w)})::int as period
      from (${union}) t`.execute(db),
  ]);
  const c = counts.rows[0];
  return {
    rows: rows.rows,
    total: Number(c?.total ?? 0),
    counts: { overdue: Number(c?.overdue ?? 0), soon: Number(c?.soon ?? 0), period: Number(c?.period ?? 0) },
  };
}

/** The three tab counts per form (statistical-task-by-types). */
export async function dueCountsByForm(
  db: Kysely<Database>,
  tenantId: string,
  forms: DueForm[],
  w: DueWindow,
  scope: ArchiveScope,
  filter: DueFilter,
): Promise<({ form_code: string } & DueCounts)[]> {
  const union = unionOf(tenantId, forms, w, scope, filter);
  if (!union) return [];
  const { rows } = await sql<{ form_code: string } & DueCounts>`
    select t.form_code,
      count(*) filter (where ${tabCondition('overdue', w)})::int as overdue,
      count(*) filter (where ${tabCondition('soon', w)})::int as soon,
      count(*) filter (where ${tabCondition('period', w)})::int as period
    from (${union}) t group by t.form_code order by t.form_code`.execute(db);
  return rows;
}

/** Per responsible doctor: tasks due in [from, to] (by due date), overdue before `from`'s today, and follow-ups saved in [from, to]. */
export async function dueCountsByDoctor(
  db: Kysely<Database>,
  tenantId: string,
  forms: DueForm[],
  w: DueWindow,
  scope: ArchiveScope,
  from: string,
  to: string,
): Promise<{ doctor_id: string; doctor_name: string; due: number; overdue: number; done: number }[]> {
  const union = unionOf(tenantId, forms, w, scope, {});
  const codes = forms.map((f) => f.formCode);
  if (!union || codes.length === 0) return [];
  const { rows } = await sql<{ doctor_id: string; doctor_name: string; due: number; overdue: number; done: number }>`
    with due as (
      select coalesce(t.main_doctor_id, '') as doctor_id, max(coalesce(t.doctor_name, '')) as doctor_name,
        count(*) filter (where t.due_date >= ${from} and t.due_date <= ${to})::int as due,
        count(*) filter (where t.due_date < ${w.today})::int as overdue
      from (${union}) t group by coalesce(t.main_doctor_id, '')
    ), done as (
      select coalesce(a.main_doctor_id, '') as doctor_id, max(coalesce(a.doctor_name, '')) as doctor_name, count(*)::int as done
      from form_record r join user_archive a on a.tenant_id = r.tenant_id and a.id = r.arch_id
      where r.tenant_id = ${tenantId} and r.is_deleted = 0 and r.form_code in (${sql.join(codes)})
        and r.visit_date >= ${from} and r.visit_date <= ${to} and ${scopeOf(scope)}
      group by coalesce(a.main_doctor_id, '')
    )
    select coalesce(due.doctor_id, done.doctor_id) as doctor_id, coalesce(nullif(due.doctor_name, ''), done.doctor_name, '') as doctor_name,
      coalesce(due.due, 0)::int as due, coalesce(due.overdue, 0)::int as overdue, coalesce(done.done, 0)::int as done
    from due full join done on done.doctor_id = due.doctor_id
    order by 2, 1`.execute(db);
  return rows;
}
