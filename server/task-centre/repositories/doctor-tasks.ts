// 医生任务 rows (migration 067) for the calls beyond the resource document's CRUD: reassigning,
// finishing, and counting a doctor's open tasks. Every statement names the caller's tenant.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface DoctorTaskRow {
  id: string;
  doctor_id: string;
  team_id: string;
  status: string;
  busi_key: string;
  task_code: string;
}

export async function findTask(db: Kysely<Database>, tenantId: string, id: string): Promise<DoctorTaskRow | undefined> {
  const { rows } = await sql<DoctorTaskRow>`
    select id, doctor_id, team_id, status, busi_key, task_code from iph_doctor_task
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(db);
  return rows[0];
}

/** The live tasks with that business key (and kind, when given), newest first. */
export async function tasksByBusiKey(
  db: Kysely<Database>,
  tenantId: string,
  busiKey: string,
  taskCode: string | undefined,
): Promise<DoctorTaskRow[]> {
  const { rows } = await sql<DoctorTaskRow>`
    select id, doctor_id, team_id, status, busi_key, task_code from iph_doctor_task
    where tenant_id = ${tenantId} and busi_key = ${busiKey} and is_deleted = 0
      and (${taskCode ?? null}::text is null or task_code = ${taskCode ?? null})
    order by create_time desc, id desc`.execute(db);
  return rows;
}

/** Whether the user is a live user of the tenant who belongs to the team (blade_user.team_id, a comma list). */
export async function isTeamMember(db: Kysely<Database>, tenantId: string, userId: string, teamId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from blade_user
    where tenant_id = ${tenantId} and id = ${userId} and is_deleted = 0
      and (',' || coalesce(team_id, '') || ',') like ${`%,${teamId},%`}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function reassignTask(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  doctorId: string,
  userId: string,
  now: Date,
): Promise<number> {
  const res = await sql`
    update iph_doctor_task set doctor_id = ${doctorId}, row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = '0' returning id`.execute(db);
  return res.rows.length;
}

export async function finishTasks(db: Kysely<Database>, tenantId: string, ids: string[], userId: string, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await sql`
    update iph_doctor_task set status = '1', finish_user = ${userId}, finish_time = ${now},
      row_version = row_version + 1, update_user = ${userId}, update_time = ${now}
    where tenant_id = ${tenantId} and id in (${sql.join(ids)}) and is_deleted = 0 and status = '0' returning id`.execute(db);
  return res.rows.length;
}

export async function openTaskCount(db: Kysely<Database>, tenantId: string, doctorId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from iph_doctor_task
    where tenant_id = ${tenantId} and doctor_id = ${doctorId} and status = '0' and is_deleted = 0`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
