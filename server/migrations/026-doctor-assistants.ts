import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 医生助理 (blade-iph-business doctorassistant; spec 002 §7, issue 31): the users who assist a doctor
 * (both blade_user rows of the tenant), served by its resource document
 * (schemas/crud/doctorassistant.crud.json) with no handler of its own. One live row per pair.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_doctor_assistant (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      doctor_id text NOT NULL,
      assistant_id text NOT NULL,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_doctor_assistant_pair ON iph_doctor_assistant (tenant_id, doctor_id, assistant_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_doctor_assistant;`);
}
