import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * 质量管理 (issue 34, decision 0034): a quality run checks one topic's rule set (quality/<code>.json)
 * over a tenant's records on the job queue. `iph_quality_run` is the run — its topic, who started it
 * and over which residents (`scope_kind` tenant / teams / doctor with `scope_ids`, narrowed by
 * doctor_id, team_id and the visit period), its state (0 排队中, 1 进行中, 2 已完成, 3 失败), the records
 * to check, checked so far and failing — and `iph_quality_failure` one row per failing record and
 * rule, with the resident, the doctor and the values the rule read, written batch by batch.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_quality_run (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      topic_code text NOT NULL,
      status integer NOT NULL DEFAULT 0,
      progress integer NOT NULL DEFAULT 0,
      total integer NOT NULL DEFAULT 0,
      checked integer NOT NULL DEFAULT 0,
      failed_records integer NOT NULL DEFAULT 0,
      failures integer NOT NULL DEFAULT 0,
      scope_kind text NOT NULL,
      scope_ids text NOT NULL DEFAULT '',
      doctor_id text,
      team_id text,
      date_from text,
      date_to text,
      job_id text,
      error_msg text NOT NULL DEFAULT '',
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL DEFAULT now(),
      start_time timestamptz,
      finish_time timestamptz,
      CHECK (status IN (0, 1, 2, 3))
    );
    CREATE INDEX iph_quality_run_topic ON iph_quality_run (tenant_id, topic_code, create_time DESC);
    CREATE TABLE iph_quality_failure (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      run_id text NOT NULL,
      topic_code text NOT NULL,
      source_kind text NOT NULL,
      record_id text NOT NULL,
      arch_id text NOT NULL,
      other_id text,
      form_code text NOT NULL,
      person_name text NOT NULL DEFAULT '',
      doctor_id text NOT NULL DEFAULT '',
      doctor_name text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      team_name text NOT NULL DEFAULT '',
      visit_date text,
      rule_id text NOT NULL,
      message text NOT NULL,
      failing_values jsonb NOT NULL DEFAULT '[]'::jsonb
    );
    CREATE INDEX iph_quality_failure_run ON iph_quality_failure (tenant_id, run_id, id);
    -- A run reads one form's records in id order, a batch at a time (keyset): each batch an index range, no sort of the rest.
    CREATE INDEX form_record_form_id ON form_record (tenant_id, form_code, id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP INDEX form_record_form_id; DROP TABLE iph_quality_failure; DROP TABLE iph_quality_run;`);
}
