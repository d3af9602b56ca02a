import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 评估指标 and 评估规则 (blade-iph-business assehr, assehrrul; spec 002 §7, issue 31): which indicators an
 * assessment (ass_code) weighs, and the rules that turn their values into a result level. Each served
 * by its resource document (schemas/crud/assehr.crud.json, assehrrul.crud.json); the batch update and
 * the copy of rules are named handlers of server/ehr-rules/. An indicator is weighed once per
 * assessment. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_ass_ehr (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      ass_code text NOT NULL,
      ehr_code text NOT NULL,
      weight numeric NOT NULL DEFAULT 1,
      sort integer NOT NULL DEFAULT 0,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_ass_ehr_code ON iph_ass_ehr (tenant_id, ass_code, ehr_code) WHERE is_deleted = 0;
    CREATE TABLE iph_ass_ehr_rule (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      ass_code text NOT NULL,
      rule_name text NOT NULL,
      rule_expr text NOT NULL,
      result_level text NOT NULL,
      message text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_ass_ehr_rule_code ON iph_ass_ehr_rule (tenant_id, ass_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_ass_ehr_rule; DROP TABLE iph_ass_ehr;`);
}
