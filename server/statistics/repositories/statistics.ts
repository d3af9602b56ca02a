// 统计报表's two questions (issue 34 "Statistics"; decision 0035), each one SQL aggregate over the
// caller's residents (the task centre's scope, handed in by the service as a condition on user_archive `a`): how much work was done per doctor,
// team, month and form, and how the key populations are managed. Nothing is loaded row by row.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/** A period of whole months: first and last day (yyyy-MM-dd), and the day after it. */
export interface MonthPeriod {
  /** yyyy-MM */
  start: string;
  end: string;
  firstDay: string;
  lastDay: string;
  dayAfter: string;
}

export interface ArchiveFilter {
  teamId?: string;
  doctorId?: string;
}

/** Whose residents: a condition on user_archive `a` (the task centre's archiveScopeSql). */
export type ScopeCondition = RawBuilder<unknown>;

function archiveConditions(tenantId: string, scope: ScopeCondition, filter: ArchiveFilter): RawBuilder<unknown> {
  const c = [sql`a.tenant_id = ${tenantId}`, sql`a.is_deleted = 0`, scope];
  if (filter.teamId) c.push(sql`a.team_id = ${filter.teamId}`);
  if (filter.doctorId) c.push(sql`a.main_doctor_id = ${filter.doctorId}`);
  return sql.join(c, sql` and `);
}

/** The day a record counts on: its visit date, else the day it was written. */
const RECORD_DAY = sql`coalesce(r.visit_date, to_char(r.create_time, 'YYYY-MM-DD'))`;

/** One cell of the workload: a responsible doctor's (and team's) records of one form in one month; form '' is archives created. */
export interface WorkloadCell {
  doctor_id: string;
  doctor_name: string;
  team_id: string;
  team_name: string;
  month: string;
  form_code: string;
  n: number;
}

/**
 * The work done on the caller's residents in the period, by responsible doctor (with the team), by
 * team, or by month — only the dimension asked for is grouped on, the others answer '' — and by
 * form: records by the day of the service (visit date, else the day written), archives by the day
 * they were created. One statement; the service rolls the cells up into rows.
 */
export async function workloadCells(
  db: Kysely<Database>,
  tenantId: string,
  scope: ScopeCondition,
  filter: ArchiveFilter,
  p: MonthPeriod,
  groupBy: 'doctor' | 'team' | 'month',
): Promise<WorkloadCell[]> {
  const where = archiveConditions(tenantId, scope, filter);
  const byDoctor = groupBy === 'doctor';
  const byTeam = groupBy === 'doctor' || groupBy === 'team';
  const cols = (month: RawBuilder<unknown>) => sql`
      ${byDoctor ? sql`coalesce(a.main_doctor_id, '')` : sql`''`} as doctor_id,
      ${byDoctor ? sql`max(coalesce(a.doctor_name, ''))` : sql`''`} as doctor_name,
      ${byTeam ? sql`coalesce(a.team_id, '')` : sql`''`} as team_id,
      ${byTeam ? sql`max(coalesce(a.team_name, ''))` : sql`''`} as team_name,
      ${groupBy === 'month' ? month : sql`''`} as month`;
  const keys = [...(byDoctor ? [sql`coalesce(a.main_doctor_id, '')`] : []), ...(byTeam ? [sql`coalesce(a.team_id, '')`] : [])];
  const groupOf = (month: RawBuilder<unknown>, form?: RawBuilder<unknown>) => {
    const all = [...keys, ...(groupBy === 'month' ? [month] : []), ...(form ? [form] : [])];
    return all.length ? sql`group by ${sql.join(all)}` : sql``;
  };
  const recordMonth = sql`substr(${RECORD_DAY}, 1, 7)`;
  const archiveMonth = sql`to_char(a.create_time, 'YYYY-MM')`;
  const { rows } = await sql<WorkloadCell>`
    select ${cols(recordMonth)}, r.form_code, count(*)::int as n
    from form_record r join user_archive a on a.tenant_id = r.tenant_id and a.id = r.arch_id
    where r.tenant_id = ${tenantId} and r.is_deleted = 0 and ${where}
      and ${RECORD_DAY} >= ${p.firstDay} and ${RECORD_DAY} <= ${p.lastDay}
    ${groupOf(recordMonth, sql`r.form_code`)}
    union all
    select ${cols(archiveMonth)}, '' as form_code, count(*)::int as n
    from user_archive a
    where ${where} and a.create_time >= ${p.firstDay}::date and a.create_time < ${p.dayAfter}::date
    ${groupOf(archiveMonth)}`.execute(db);
  return rows.map((r) => ({ ...r, n: Number(r.n) })).filter((r) => r.n > 0);
}

/** Who belongs to a key population (over user_archive `a`), and which forms' records manage them. */
export interface PopulationQuery {
  code: string;
  /** A crowd label, or an age range at the period's end, or women (sex 2). */
  member: { label: string } | { minAge?: number; maxAge?: number } | { sex: string };
  forms: string[];
  /** 规范管理: follow-ups needed in the period (null: not counted). */
  requiredVisits: number | null;
  /** 控制: the form whose newest record in the period is read, and the target. */
  control: { form: string; kind: 'bp' | 'glucose' } | null;
}

export interface PopulationCounts {
  code: string;
  population: number;
  managed: number;
  standard: number;
  controlled: number;
}

/** yyyy-MM-dd `years` before `day` (29 February falls back to the 28th). */
function yearsBefore(day: string, years: number): string {
  const md = day.slice(5, 10) === '02-29' ? '02-28' : day.slice(5, 10);
  return `${String(Number(day.slice(0, 4)) - years).padStart(4, '0')}-${md}`;
}

function memberOf(q: PopulationQuery, p: MonthPeriod): RawBuilder<unknown> {
  const m = q.member;
  if ('label' in m) return sql`(',' || a.crowd_labels || ',') like ${`%,${m.label},%`}`;
  if ('sex' in m) return sql`a.sex = ${m.sex}`;
  // Age at the period's last day: minAge years old or more, younger than maxAge + 1.
  const c = [sql`a.birthday <> ''`, sql`a.birthday <= ${p.lastDay}`];
  if (m.minAge !== undefined) c.push(sql`a.birthday <= ${yearsBefore(p.lastDay, m.minAge)}`);
  if (m.maxAge !== undefined) c.push(sql`a.birthday > ${yearsBefore(p.lastDay, m.maxAge + 1)}`);
  return sql`(${sql.join(c, sql` and `)})`;
}

/** A number held in a record's values (as a number or as text); null when it is not one. */
const numberIn = (prop: string) =>
  sql`(case when (r."values"->>${prop}) ~ '^[0-9]+(\\.[0-9]+)?$' then (r."values"->>${prop})::numeric end)`;

/**
 * Per key population, over the caller's active residents: how many belong, how many were managed
 * in the period (a record of the population's forms), how many of those had the required number of
 * follow-ups, and how many had their newest follow-up of the period on target — blood pressure below
 * 140/90 (below 150/90 from 65 years old at the visit), fasting glucose below 7.0 mmol/L. One
 * statement: the records of the period counted per resident and form, the newest control record per
 * resident and form, and one row of filtered counts.
 */
export async function populationCounts(
  db: Kysely<Database>,
  tenantId: string,
  scope: ScopeCondition,
  filter: ArchiveFilter,
  p: MonthPeriod,
  populations: PopulationQuery[],
): Promise<PopulationCounts[]> {
  if (populations.length === 0) return [];
  const forms = [...new Set(populations.flatMap((q) => q.forms))];
  const controlForms = [...new Set(populations.flatMap((q) => (q.control ? [q.control.form] : [])))];
  const where = archiveConditions(tenantId, scope, filter);
  const inPeriod = sql`r.tenant_id = ${tenantId} and r.is_deleted = 0 and ${RECORD_DAY} >= ${p.firstDay} and ${RECORD_DAY} <= ${p.lastDay}`;
  const n = (i: number) => sql.ref(`v.n_${i}`);
  const columns = populations.map((q, i) => {
    const member = memberOf(q, p);
    const visits = q.forms.length ? sql`coalesce(${n(i)}, 0)` : sql`0`;
    const col = (name: string) => sql.ref(`l.${name}_${i}`);
    const onTarget = !q.control
      ? sql`false`
      : q.control.kind === 'bp'
        ? sql`${col('sbp')} is not null and ${col('dbp')} is not null and ${col('dbp')} < 90
            and ${col('sbp')} < (case when a.birthday <> '' and a.birthday <= ${col('age65')} then 150 else 140 end)`
        : sql`${col('fbg')} is not null and ${col('fbg')} < 7.0`;
    return sql`
      count(*) filter (where ${member})::int as ${sql.ref(`p${i}_population`)},
      count(*) filter (where ${member} and ${visits} > 0)::int as ${sql.ref(`p${i}_managed`)},
      count(*) filter (where ${member} and ${visits} > 0 and ${visits} >= ${q.requiredVisits ?? 1})::int as ${sql.ref(`p${i}_standard`)},
      count(*) filter (where ${member} and ${visits} > 0 and ${onTarget})::int as ${sql.ref(`p${i}_controlled`)}`;
  });
  const perPopulation = populations.map((q, i) =>
    q.forms.length
      ? sql`sum(c.n) filter (where c.form_code in (${sql.join(q.forms)}))::int as ${sql.ref(`n_${i}`)}`
      : sql`0 as ${sql.ref(`n_${i}`)}`,
  );
  // The newest control record per resident, one column set per population that has a control form.
  const controlled = populations.flatMap((q, i) => (q.control ? [{ i, form: q.control.form }] : []));
  const pivot = controlled.flatMap(({ i, form }) =>
    ['sbp', 'dbp', 'fbg', 'age65'].map(
      (name) => sql`max(t.${sql.ref(name)}) filter (where t.form_code = ${form}) as ${sql.ref(`${name}_${i}`)}`,
    ),
  );
  const latest = controlForms.length
    ? sql`select t.arch_id, ${sql.join(pivot)} from (
        select distinct on (r.arch_id, r.form_code) r.arch_id, r.form_code, ${numberIn('sbp')} as sbp, ${numberIn('dbp')} as dbp,
          ${numberIn('fbg')} as fbg, to_char((r.visit_date)::date - interval '65 years', 'YYYY-MM-DD') as age65
        from form_record r
        where ${inPeriod} and r.form_code in (${sql.join(controlForms)})
        order by r.arch_id, r.form_code, r.visit_date desc nulls last, r.update_time desc, r.id desc
      ) t group by t.arch_id`
    : sql`select null::text as arch_id where false`;
  const { rows } = await sql<Record<string, number>>`
    with c as (
      select r.arch_id, r.form_code, count(*)::int as n from form_record r
      where ${inPeriod} and r.form_code in (${forms.length ? sql.join(forms) : sql`''`})
      group by r.arch_id, r.form_code
    ), v as (
      select c.arch_id, ${sql.join(perPopulation)} from c group by c.arch_id
    ), l as (${latest})
    select ${sql.join(columns)}
    from user_archive a
      left join v on v.arch_id = a.id
      left join l on l.arch_id = a.id
    where ${where} and a.archives_status = '1'`.execute(db);
  const row = rows[0] ?? {};
  return populations.map((q, i) => ({
    code: q.code,
    population: Number(row[`p${i}_population`] ?? 0),
    managed: Number(row[`p${i}_managed`] ?? 0),
    standard: Number(row[`p${i}_standard`] ?? 0),
    controlled: Number(row[`p${i}_controlled`] ?? 0),
  }));
}
