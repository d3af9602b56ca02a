import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 住院记录 (spec 001 §7 userinpatient; issue 31): a stay in hospital of a tenant's resident — the
 * archive, or while none is linked the patient's name and id card as the hospital reported them; the
 * hospital, department, admission and discharge dates, diagnosis and discharge summary. Served by its
 * resource document; associated-archives (server/inpatients) links the records without an archive to
 * the tenant's archive of the same id card. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_inpatient (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text,
      patient_name text NOT NULL,
      id_card text NOT NULL DEFAULT '',
      hospital text NOT NULL,
      department text NOT NULL DEFAULT '',
      admission_date date NOT NULL,
      discharge_date date,
      diagnosis text NOT NULL,
      discharge_summary text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS},
      CHECK (discharge_date IS NULL OR discharge_date >= admission_date)
    );
    CREATE INDEX iph_user_inpatient_arch ON iph_user_inpatient (tenant_id, arch_id, admission_date) WHERE is_deleted = 0;
    CREATE INDEX iph_user_inpatient_unlinked ON iph_user_inpatient (tenant_id, id_card) WHERE is_deleted = 0 AND arch_id IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_inpatient;`);
}
