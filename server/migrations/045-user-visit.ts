import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 就诊记录 (spec 001 §7 uservisit: sava, delete, new-List, detail; issue 31): an out-patient visit of a
 * tenant's resident — the archive, the date, the institution and department, the diagnosis and the
 * doctor seen (a name: often of another institution). Served by its resource document. Row-level
 * security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_visit (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      visit_date date NOT NULL,
      institution text NOT NULL,
      department text NOT NULL DEFAULT '',
      diagnosis text NOT NULL,
      doctor_name text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_user_visit_arch ON iph_user_visit (tenant_id, arch_id, visit_date) WHERE is_deleted = 0;
    CREATE INDEX iph_user_visit_date ON iph_user_visit (tenant_id, visit_date) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_visit;`);
}
