import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The tuberculosis medication card of an archive (spec 001 §6 "Tuberculosis medication data
 * (userarchivesotherext)"; 肺结核患者健康管理服务规范: 服药卡): one row per resident, holding the
 * treatment regimen and every dose day marked taken or missed. The follow-up's 全程管理情况 (应服药 /
 * 实际服药 / 服药率) is counted from it. doses is a JSON array of {date, taken}.
 *
 * Row-level security: like every table with a tenant_id column, this one gets ENABLE + FORCE ROW
 * LEVEL SECURITY and the tenant_isolation policy from installTenantRls (db/tenant-rls.ts) at every
 * start; no migration sets it up itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE tuberculosis_medication (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      regimen text NOT NULL DEFAULT '',
      start_date date,
      supervisor text NOT NULL DEFAULT '',
      doses jsonb NOT NULL DEFAULT '[]'::jsonb,
      row_version integer NOT NULL DEFAULT 1,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX tuberculosis_medication_arch ON tuberculosis_medication (tenant_id, arch_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE tuberculosis_medication;
  `,
  );
}
