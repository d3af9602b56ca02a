import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 健康档案指标 (blade-iph-business ehr; spec 002 §7, spec 001 §3 "EHR definition", issue 31): the
 * indicators a health record carries (code, name, unit, value type, normal range, the project of
 * iph_ehr_project it belongs to), served by its resource document (schemas/crud/ehr.crud.json).
 *
 * iph_ehr_value holds a resident's measured values keyed by archive and indicator code — nothing in
 * the project stored them before (the follow-up records keep a form's own fields, not indicators).
 * ehr/detail-arch and detail-archs answer the newest value of each code from it; the measurement
 * entry (usermeasure, spec 001 §7) is what writes it. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_ehr (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      ehr_code text NOT NULL,
      ehr_name text NOT NULL,
      unit text NOT NULL DEFAULT '',
      value_type integer NOT NULL DEFAULT 1,
      normal_low numeric,
      normal_high numeric,
      project_id text,
      sort integer NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_ehr_code ON iph_ehr (tenant_id, ehr_code) WHERE is_deleted = 0;
    CREATE TABLE iph_ehr_value (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text NOT NULL,
      ehr_code text NOT NULL,
      value text NOT NULL,
      measure_time timestamptz NOT NULL,
      source text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_ehr_value_latest ON iph_ehr_value (tenant_id, arch_id, ehr_code, measure_time DESC) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_ehr_value; DROP TABLE iph_ehr;`);
}
