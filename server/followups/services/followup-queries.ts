// Follow-up questions answered from the record store (and, for who is due, the resident archives of
// migration 004): the latest follow-up of each resident decides whether management goes on.
import { sql, type Kysely } from 'kysely';
import type { FormPlacement } from '../../../src/engine';
import type { Database } from '../../db/schema';
import { placementResidents } from '../../platform/repositories/placement-residents';

/** Follow-up outcome codes of spec 002 §9: 1 continue, 2 temporarily lost, 3 end management. */
export const OUTCOME_END = '3';

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy-MM-dd of a clock reading, in the server's local time. */
export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** First and last day of the calendar quarter holding `day` (yyyy-MM-dd). */
export function quarterOf(day: string): { start: string; end: string } {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = Math.floor((month - 1) / 3) * 3 + 1;
  const lastDay = new Date(year, first + 2, 0).getDate();
  return { start: `${year}-${pad(first)}-01`, end: `${year}-${pad(first + 2)}-${pad(lastDay)}` };
}

export interface DueRow {
  arch_id: string;
  person_name: string;
  sex: string;
  birthday: string;
  archives_no: string;
  doctor_name: string;
  team_name: string;
  follow_id: string | null;
  visit_date: string | null;
  next_visit_date: string | null;
}

/** The latest follow-up of each resident for one form: one row per archive. */
const latestPerArchive = (tenantId: string, formCode: string) => sql`
  select distinct on (arch_id) arch_id, id, visit_date, next_visit_date, "values"->>'outcome' as outcome
  from form_record
  where tenant_id = ${tenantId} and form_code = ${formCode} and is_deleted = 0
  order by arch_id, visit_date desc nulls last, update_time desc, id desc`;

/** First and last day of the month, quarter or year holding `day`. */
export function periodOf(day: string, period: 'month' | 'quarter' | 'year'): { start: string; end: string } {
  if (period === 'quarter') return quarterOf(day);
  const year = Number(day.slice(0, 4));
  if (period === 'year') return { start: `${year}-01-01`, end: `${year}-12-31` };
  const month = Number(day.slice(5, 7));
  return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(new Date(year, month, 0).getDate())}` };
}

export interface DueForm {
  formCode: string;
  placement?: FormPlacement;
}

/**
 * Who is due for a follow-up form on `today`: active archives of the residents its placement
 * applies to, whose management has not ended, and who
 * - for a form with a period (the chronic-disease follow-ups: every quarter) have no visit dated in
 *   the current period;
 * - otherwise have never been visited or whose next visit is due on or before today.
 */
export async function dueResidents(db: Kysely<Database>, tenantId: string, form: DueForm, today: string, current: number, size: number) {
  const period = form.placement?.due?.period;
  const window = period ? periodOf(today, period) : undefined;
  const notSeen = window
    ? sql`(fu.visit_date is null or fu.visit_date < ${window.start})`
    : sql`(fu.next_visit_date is null or fu.next_visit_date <= ${today})`;
  const where = sql`
    from user_archive a left join (${latestPerArchive(tenantId, form.formCode)}) fu on fu.arch_id = a.id
    where a.tenant_id = ${tenantId} and a.is_deleted = 0 and a.archives_status = '1'
      and ${placementResidents(form.placement?.appliesTo, today)}
      and (fu.arch_id is null or (coalesce(fu.outcome, '') <> ${OUTCOME_END} and ${notSeen}))`;
  const [rows, total] = await Promise.all([
    sql<DueRow>`select a.id as arch_id, a.person_name, a.sex, a.birthday, a.archives_no, a.doctor_name, a.team_name,
        fu.id as follow_id, fu.visit_date, fu.next_visit_date
      ${where}
      order by fu.next_visit_date asc nulls first, a.id
      limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0), window };
}

export interface TaskRow {
  follow_id: string;
  person_name: string | null;
  arch_id: string;
  form_code: string;
  visit_date: string | null;
  next_visit_date: string;
}

/**
 * The task centre: the next visits planned by each resident's latest follow-up (management not
 * ended) that fall in [from, to], soonest first. A resident seen again has a newer latest record,
 * so the old plan drops out by itself.
 */
export async function plannedVisits(
  db: Kysely<Database>,
  tenantId: string,
  formCodes: string[],
  from: string,
  to: string,
  current: number,
  size: number,
) {
  if (formCodes.length === 0) return { rows: [] as TaskRow[], total: 0 };
  const latest = sql`
    select distinct on (arch_id, form_code) id, arch_id, form_code, visit_date, next_visit_date, "values"->>'outcome' as outcome
    from form_record
    where tenant_id = ${tenantId} and is_deleted = 0 and form_code in (${sql.join(formCodes)})
    order by arch_id, form_code, visit_date desc nulls last, update_time desc, id desc`;
  const where = sql`from (${latest}) fu left join user_archive a on a.tenant_id = ${tenantId} and a.id = fu.arch_id
    where fu.next_visit_date >= ${from} and fu.next_visit_date <= ${to} and coalesce(fu.outcome, '') <> ${OUTCOME_END}`;
  const [rows, total] = await Promise.all([
    sql<TaskRow>`select fu.id as follow_id, a.person_name, fu.arch_id, fu.form_code, fu.visit_date, fu.next_visit_date
      ${where}
      order by fu.next_visit_date, fu.arch_id limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
}

/** Saved follow-ups per form in [from, to] (by visit date): total, closed off, with acknowledged anomalies. */
export async function submitStatus(db: Kysely<Database>, tenantId: string, formCodes: string[], from: string, to: string) {
  if (formCodes.length === 0) return [];
  const rows = await sql<{ form_code: string; total: number; closed: number; with_anomalies: number }>`
    select form_code, count(*)::int as total,
      count(*) filter (where status = 2)::int as closed,
      count(*) filter (where jsonb_array_length(acknowledgements) > 0)::int as with_anomalies
    from form_record
    where tenant_id = ${tenantId} and is_deleted = 0 and visit_date >= ${from} and visit_date <= ${to}
      and form_code in (${sql.join(formCodes)})
    group by form_code order by form_code`.execute(db);
  return rows.rows;
}
