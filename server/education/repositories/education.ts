// 健康教育's queries (decision 0036): education records are form records of the education forms,
// read with their resident; one-key batches are iph_user_promotion_main with a row per record in
// iph_user_promotion_dts (migration 074). Raw SQL, values always bound; every statement names the
// caller's tenant besides row-level security, and the caller's resident scope (a doctor's own
// residents, a team leader's teams).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { residentScopeCondition as scopeOf, type ResidentScope } from '../../platform/repositories/resident-scope';

type Db = Kysely<Database>;

export type { ResidentScope };

export interface EducationRow {
  id: string;
  form_code: string;
  arch_id: string;
  values: Record<string, unknown>;
  visit_date: string | null;
  row_version: number;
  create_user_name: string;
  create_time: Date | string;
  person_name: string;
  sex: string;
  doctor_name: string;
  team_name: string;
  main_id: string | null;
}

export interface EducationFilter {
  formCodes: string[];
  personName?: string | undefined;
  method?: string | undefined;
  archId?: string | undefined;
  mainId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  ids?: string[] | undefined;
}

function educationWhere(tenantId: string, scope: ResidentScope, f: EducationFilter) {
  return sql`r.tenant_id = ${tenantId} and r.is_deleted = 0 and r.form_code in (${sql.join(f.formCodes)}) and ${scopeOf(scope)}
    ${f.personName ? sql`and a.person_name like ${`%${f.personName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${f.method ? sql`and r."values"->>'method' = ${f.method}` : sql``}
    ${f.archId ? sql`and r.arch_id = ${f.archId}` : sql``}
    ${f.mainId ? sql`and d.main_id = ${f.mainId}` : sql``}
    ${f.from ? sql`and r.visit_date >= ${f.from}` : sql``}
    ${f.to ? sql`and r.visit_date <= ${f.to}` : sql``}
    ${f.ids ? sql`and r.id in (${sql.join(f.ids)})` : sql``}`;
}

const FROM = sql`from form_record r
  join user_archive a on a.tenant_id = r.tenant_id and a.id = r.arch_id and a.is_deleted = 0
  left join iph_user_promotion_dts d on d.tenant_id = r.tenant_id and d.record_id = r.id`;

/** A page of the caller's education records, newest education first. */
export async function educationPage(db: Db, tenantId: string, scope: ResidentScope, f: EducationFilter, current: number, size: number) {
  const where = educationWhere(tenantId, scope, f);
  const count = await sql<{ n: number }>`select count(*)::int as n ${FROM} where ${where}`.execute(db);
  const rows = await sql<EducationRow>`select r.id, r.form_code, r.arch_id, r."values", r.visit_date::text as visit_date, r.row_version,
      r.create_user_name, r.create_time, a.person_name, a.sex, a.doctor_name, a.team_name, d.main_id
    ${FROM} where ${where}
    order by r.visit_date desc nulls last, r.create_time desc, r.id desc
    limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** The caller's education records among `ids` (those outside the scope or of another form are absent). */
export async function educationRows(db: Db, tenantId: string, scope: ResidentScope, f: EducationFilter): Promise<EducationRow[]> {
  const r = await sql<EducationRow>`select r.id, r.form_code, r.arch_id, r."values", r.visit_date::text as visit_date, r.row_version,
      r.create_user_name, r.create_time, a.person_name, a.sex, a.doctor_name, a.team_name, d.main_id
    ${FROM} where ${educationWhere(tenantId, scope, f)} order by r.visit_date desc nulls last, r.create_time desc limit 500`.execute(db);
  return r.rows;
}

export interface ResidentRow {
  id: string;
  person_name: string;
  sex: string;
  birthday: string;
  crowd_labels: string;
  doctor_name: string;
  team_name: string;
  last_edu_date: string | null;
}

export interface ResidentFilter {
  crowdLabel?: string | undefined;
  teamId?: string | undefined;
  personName?: string | undefined;
  ids?: string[] | undefined;
}

function residentWhere(tenantId: string, scope: ResidentScope, f: ResidentFilter) {
  return sql`a.tenant_id = ${tenantId} and a.is_deleted = 0 and a.archives_status = '1' and ${scopeOf(scope)}
    ${f.crowdLabel ? sql`and ${f.crowdLabel} = any(string_to_array(a.crowd_labels, ','))` : sql``}
    ${f.teamId ? sql`and a.team_id = ${f.teamId}` : sql``}
    ${f.personName ? sql`and a.person_name like ${`%${f.personName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${f.ids ? sql`and a.id in (${sql.join(f.ids)})` : sql``}`;
}

/** The caller's residents (live, in use) a one-key education may go to, with their last education day. */
export async function residentPage(db: Db, tenantId: string, scope: ResidentScope, f: ResidentFilter, current: number, size: number) {
  const where = residentWhere(tenantId, scope, f);
  const count = await sql<{ n: number }>`select count(*)::int as n from user_archive a where ${where}`.execute(db);
  const rows = await sql<ResidentRow>`select a.id, a.person_name, a.sex, a.birthday, a.crowd_labels, a.doctor_name, a.team_name,
      (select max(r.visit_date)::text from form_record r where r.tenant_id = a.tenant_id and r.arch_id = a.id and r.is_deleted = 0
        and r.form_code in ('propaganda', 'healtheducation')) as last_edu_date
    from user_archive a where ${where}
    order by a.person_name, a.id limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** Which of `ids` are residents in the caller's scope (and, when given, of the crowd label and team). */
export async function residentsInScope(db: Db, tenantId: string, scope: ResidentScope, f: ResidentFilter): Promise<ResidentRow[]> {
  const r =
    await sql<ResidentRow>`select a.id, a.person_name, a.sex, a.birthday, a.crowd_labels, a.doctor_name, a.team_name, null as last_edu_date
    from user_archive a where ${residentWhere(tenantId, scope, f)}`.execute(db);
  return r.rows;
}

export interface BatchRow {
  id: string;
  form_code: string;
  title: string;
  edu_date: string;
  method: string;
  educator: string;
  crowd_label: string;
  team_id: string;
  resident_count: number;
  create_user: string | null;
  create_user_name: string;
  create_time: Date | string;
}

export interface NewBatch {
  id: string;
  formCode: string;
  title: string;
  eduDate: string;
  method: string;
  educator: string;
  crowdLabel: string;
  teamId: string;
}

/** Writes a one-key batch with its records (the records are saved already). */
export async function insertBatch(
  db: Db,
  tenantId: string,
  batch: NewBatch,
  links: { id: string; recordId: string; archId: string }[],
  actor: Actor,
  now: Date,
): Promise<void> {
  await sql`insert into iph_user_promotion_main (id, tenant_id, form_code, title, edu_date, method, educator, crowd_label, team_id, resident_count,
      create_user_name, create_user, create_time, update_user, update_time)
    values (${batch.id}, ${tenantId}, ${batch.formCode}, ${batch.title}, ${batch.eduDate}, ${batch.method}, ${batch.educator}, ${batch.crowdLabel},
      ${batch.teamId}, ${links.length}, ${actor.userName}, ${actor.userId}, ${now}, ${actor.userId}, ${now})`.execute(db);
  for (const l of links)
    await sql`insert into iph_user_promotion_dts (id, tenant_id, main_id, record_id, arch_id, create_time)
      values (${l.id}, ${tenantId}, ${batch.id}, ${l.recordId}, ${l.archId}, ${now})`.execute(db);
}

/**
 * A page of one-key batches whose creator is the caller or (a tenant-wide caller) anyone; a doctor or
 * team leader sees the batches that include one of their residents.
 */
export async function batchPage(
  db: Db,
  tenantId: string,
  scope: ResidentScope,
  f: { formCode?: string | undefined; title?: string | undefined; from?: string | undefined; to?: string | undefined },
  current: number,
  size: number,
) {
  const where = sql`m.tenant_id = ${tenantId} and m.is_deleted = 0
    ${f.formCode ? sql`and m.form_code = ${f.formCode}` : sql``}
    ${f.title ? sql`and m.title like ${`%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}
    ${f.from ? sql`and m.edu_date >= ${f.from}` : sql``}
    ${f.to ? sql`and m.edu_date <= ${f.to}` : sql``}
    ${
      scope.kind === 'tenant'
        ? sql``
        : sql`and exists (select 1 from iph_user_promotion_dts d join user_archive a on a.tenant_id = d.tenant_id and a.id = d.arch_id
            where d.tenant_id = m.tenant_id and d.main_id = m.id and ${scopeOf(scope)})`
    }`;
  const count = await sql<{ n: number }>`select count(*)::int as n from iph_user_promotion_main m where ${where}`.execute(db);
  const rows =
    await sql<BatchRow>`select m.id, m.form_code, m.title, m.edu_date::text as edu_date, m.method, m.educator, m.crowd_label, m.team_id,
      m.resident_count, m.create_user, m.create_user_name, m.create_time
    from iph_user_promotion_main m where ${where} order by m.edu_date desc, m.create_time desc, m.id desc
    limit ${size} offset ${(current - 1) * size}`.execute(db);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

/** The live batches among `ids` of the tenant. */
export async function findBatches(db: Db, tenantId: string, ids: string[]): Promise<BatchRow[]> {
  const r =
    await sql<BatchRow>`select m.id, m.form_code, m.title, m.edu_date::text as edu_date, m.method, m.educator, m.crowd_label, m.team_id,
      m.resident_count, m.create_user, m.create_user_name, m.create_time
    from iph_user_promotion_main m where m.tenant_id = ${tenantId} and m.is_deleted = 0 and m.id in (${sql.join(ids)})`.execute(db);
  return r.rows;
}

/** The live records of a batch. */
export async function batchRecordIds(db: Db, tenantId: string, mainId: string): Promise<string[]> {
  const r = await sql<{ record_id: string }>`select d.record_id from iph_user_promotion_dts d
    join form_record r on r.tenant_id = d.tenant_id and r.id = d.record_id and r.is_deleted = 0
    where d.tenant_id = ${tenantId} and d.main_id = ${mainId}`.execute(db);
  return r.rows.map((x) => x.record_id);
}

/** Marks a batch removed. */
export async function removeBatch(db: Db, tenantId: string, id: string, actor: Actor, now: Date): Promise<void> {
  await sql`update iph_user_promotion_main set is_deleted = 1, row_version = row_version + 1, update_user = ${actor.userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

/** A follow-up record's resident and visit day (get-detail-follow-up-id). */
export async function followupOf(db: Db, tenantId: string, id: string) {
  const r = await sql<{
    arch_id: string;
    visit_date: string | null;
    form_code: string;
  }>`select arch_id, visit_date::text as visit_date, form_code
    from form_record where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(db);
  return r.rows[0];
}
