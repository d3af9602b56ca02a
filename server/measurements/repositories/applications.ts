// 体检申请's queries (migration 075, decision 0037): an application in iph_user_apply_physical and
// one row per resident and project in iph_user_apply_project, each with the bar code its label
// prints. Raw SQL, values bound; every statement names the caller's tenant besides row-level security.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { newId } from '../../db/ids';

type Db = Kysely<Database>;

export interface ApplyRow {
  id: string;
  apply_date: string;
  apply_doctor: string;
  resident_count: number;
  project_names: string;
  remark: string;
  create_time: Date | string;
}

export interface ApplyProjectRow {
  id: string;
  main_id: string;
  arch_id: string;
  name: string;
  sex: string;
  birthday: string;
  apply_date: string;
  proj_type: number;
  proj_code: string;
  proj_name: string;
  bar_code: string;
  measure_id: string | null;
}

export interface ProjectPick {
  id: string;
  proj_type: number;
  proj_code: string;
  proj_name: string;
}

/** Of `ids`, the tenant's live projects of the tree, in the order asked. */
export async function liveProjectsById(db: Db, tenantId: string, ids: string[]): Promise<ProjectPick[]> {
  const { rows } = await sql<ProjectPick>`select id, proj_type, proj_code, proj_name from iph_ehr_project
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(ids)})`.execute(db);
  const at = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
}

/** Of `archIds`, the tenant's live archives. */
export async function liveArchiveIds(db: Db, tenantId: string, archIds: string[]): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from user_archive
    where tenant_id = ${tenantId} and is_deleted = 0 and id in (${sql.join(archIds)})`.execute(db);
  return rows.map((r) => r.id);
}

/** One application with a project row per resident and project; the bar code is the row's own id (unique, digits: Code 128 prints it). */
export async function insertApplication(
  db: Db,
  tenantId: string,
  main: { applyDate: string; doctor: string; remark: string },
  archIds: string[],
  projects: ProjectPick[],
  userId: string,
  now: Date,
): Promise<string> {
  const id = newId(now.getTime());
  await sql`insert into iph_user_apply_physical (id, tenant_id, apply_date, apply_doctor, resident_count, remark, create_user, create_time)
    values (${id}, ${tenantId}, ${main.applyDate}::date, ${main.doctor}, ${archIds.length}, ${main.remark}, ${userId}, ${now})`.execute(db);
  const rows = archIds.flatMap((archId) =>
    projects.map((p) => {
      const rowId = newId(now.getTime());
      return sql`(${rowId}, ${tenantId}, ${id}, ${archId}, ${p.id}, ${p.proj_type}, ${p.proj_code}, ${p.proj_name}, ${rowId}, ${now})`;
    }),
  );
  for (let i = 0; i < rows.length; i += 500)
    await sql`insert into iph_user_apply_project (id, tenant_id, main_id, arch_id, proj_id, proj_type, proj_code, proj_name, bar_code, create_time)
      values ${sql.join(rows.slice(i, i + 500))}`.execute(db);
  return id;
}

const APPLY_SELECT = sql`p.id, to_char(p.apply_date, 'YYYY-MM-DD') as apply_date, p.apply_doctor, p.resident_count, p.remark, p.create_time,
  coalesce((select string_agg(distinct d.proj_name, '、') from iph_user_apply_project d where d.tenant_id = p.tenant_id and d.main_id = p.id), '') as project_names`;

export async function listApplications(
  db: Db,
  tenantId: string,
  f: { from?: string | undefined; to?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ rows: ApplyRow[]; total: number }> {
  const where = sql`p.tenant_id = ${tenantId} and p.is_deleted = 0
    ${f.from ? sql`and p.apply_date >= ${f.from}::date` : sql``}
    ${f.to ? sql`and p.apply_date <= ${f.to}::date` : sql``}`;
  const { rows } = await sql<ApplyRow>`select ${APPLY_SELECT} from iph_user_apply_physical p where ${where}
    order by p.apply_date desc, p.id desc limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n from iph_user_apply_physical p where ${where}`.execute(db);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function findApplication(db: Db, tenantId: string, id: string): Promise<ApplyRow | null> {
  const { rows } = await sql<ApplyRow>`select ${APPLY_SELECT} from iph_user_apply_physical p
    where p.tenant_id = ${tenantId} and p.is_deleted = 0 and p.id = ${id}`.execute(db);
  return rows[0] ?? null;
}

export interface ApplyProjectFilter {
  archId?: string | undefined;
  mainId?: string | undefined;
  status?: '0' | '1' | undefined;
  name?: string | undefined;
}

/** The project's report has come and is still there (a removed report puts the project back to 待检查). */
const REPORTED = sql`exists (select 1 from iph_user_measure m where m.tenant_id = d.tenant_id and m.id = d.measure_id and m.is_deleted = 0)`;

function projectWhere(tenantId: string, f: ApplyProjectFilter) {
  return sql`d.tenant_id = ${tenantId} and p.is_deleted = 0
    ${f.archId ? sql`and d.arch_id = ${f.archId}` : sql``}
    ${f.mainId ? sql`and d.main_id = ${f.mainId}` : sql``}
    ${f.status === '0' ? sql`and not ${REPORTED}` : f.status === '1' ? sql`and ${REPORTED}` : sql``}
    ${f.name ? sql`and a.person_name like ${`%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}`;
}

const PROJECT_FROM = sql`from iph_user_apply_project d
  join iph_user_apply_physical p on p.tenant_id = d.tenant_id and p.id = d.main_id
  join user_archive a on a.tenant_id = d.tenant_id and a.id = d.arch_id`;

export async function listApplyProjects(
  db: Db,
  tenantId: string,
  f: ApplyProjectFilter,
  limit: number,
  offset: number,
): Promise<{ rows: ApplyProjectRow[]; total: number }> {
  const where = projectWhere(tenantId, f);
  const { rows } = await sql<ApplyProjectRow>`select d.id, d.main_id, d.arch_id, a.person_name as name, a.sex, a.birthday,
      to_char(p.apply_date, 'YYYY-MM-DD') as apply_date, d.proj_type, d.proj_code, d.proj_name, d.bar_code,
      case when ${REPORTED} then d.measure_id end as measure_id
    ${PROJECT_FROM} where ${where}
    order by p.apply_date desc, d.main_id desc, a.person_name, d.id limit ${limit} offset ${offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*)::int as n ${PROJECT_FROM} where ${where}`.execute(db);
  return { rows, total: Number(count.rows[0]?.n ?? 0) };
}
