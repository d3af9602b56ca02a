import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 随访报告 (blade-iph-business userfollowupreport; spec 002 §7, 001 §7): a report generated from one
 * follow-up record (form_record) — the resident, the form, the visit day, a JSON snapshot of the
 * record's values as the follow-up page shows them (labels, not codes), the doctor's conclusion and
 * advice — then approved by a second person. `state` 0 待审核, 1 已审核, 2 已退回. One live report per
 * record. `iph_followup_report_approval` keeps one live row per approved report (who, when): the
 * resource document's removeBlockedBy reads it, so an approved report cannot be removed.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_followup_report (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      follow_id text NOT NULL,
      arch_id text NOT NULL,
      person_name text NOT NULL DEFAULT '',
      form_code text NOT NULL,
      form_name text NOT NULL DEFAULT '',
      visit_date date,
      snapshot text NOT NULL DEFAULT '{}',
      conclusion text NOT NULL DEFAULT '',
      advice text NOT NULL DEFAULT '',
      state integer NOT NULL DEFAULT 0,
      author_name text NOT NULL DEFAULT '',
      approve_user text,
      approve_user_name text NOT NULL DEFAULT '',
      approve_time text NOT NULL DEFAULT '',
      approve_opinion text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_followup_report_follow ON iph_followup_report (tenant_id, follow_id) WHERE is_deleted = 0;
    CREATE INDEX iph_followup_report_arch ON iph_followup_report (tenant_id, arch_id) WHERE is_deleted = 0;
    CREATE TABLE iph_followup_report_approval (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      report_id text NOT NULL,
      approve_user_name text NOT NULL DEFAULT '',
      opinion text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_followup_report_approval_report ON iph_followup_report_approval (tenant_id, report_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_followup_report_approval; DROP TABLE iph_followup_report;`);
}
