import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 医生任务 (spec 001 §7 doctortask: list, detail, remove, submit, assign-doctor-task,
 * finishedDoctorTask {busiKey, taskCode}): work a team leader gives a doctor of the team — a name, a
 * kind (task_code), what it concerns (busi_key: e.g. a resident's archive id), the resident when it
 * is about one, the content, the doctor it is assigned to, the team, a deadline — and whether it is
 * done (status '0' 待完成, '1' 已完成, with who finished it and when). Served by its resource document
 * (schemas/crud/doctortask.crud.json); the assignment and the finishing are server/task-centre's.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_doctor_task (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      task_name text NOT NULL,
      task_code text NOT NULL DEFAULT '',
      busi_key text NOT NULL DEFAULT '',
      arch_id text,
      content text NOT NULL DEFAULT '',
      doctor_id text NOT NULL,
      team_id text NOT NULL,
      deadline date,
      status text NOT NULL DEFAULT '0',
      finish_user text,
      finish_time timestamptz,
      ${RESOURCE_ROW_COLUMNS},
      CHECK (status IN ('0', '1'))
    );
    CREATE INDEX iph_doctor_task_doctor ON iph_doctor_task (tenant_id, doctor_id, status) WHERE is_deleted = 0;
    CREATE INDEX iph_doctor_task_team ON iph_doctor_task (tenant_id, team_id, status) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_doctor_task;`);
}
