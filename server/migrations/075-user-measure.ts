import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 测量 / 检验 / 检查报告 (issue 33, spec 001 lines 54–55 and 116–118; decision 0037).
 *
 * iph_user_measure: one report — a measurement, a lab report or an exam report — of a resident
 * (arch_id; null while only the id card is known, linked later by associated-archives). `jyid`
 * (检验单号) is the report's key in the tenant: a second report with the same jyid overwrites the
 * first, so the unique index is over the live rows. iph_user_measure_result: its result rows
 * (indicator code, name, result, unit and the health-record indicator it feeds). iph_user_measure_report:
 * the exam report's image with its findings (proj_type 3 only).
 *
 * iph_user_apply_physical: a physical-exam application (体检申请) for one or many residents;
 * iph_user_apply_project: one row per resident and project, with the bar code its label prints and,
 * once a report with that bar code arrives, the report. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_measure (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      arch_id text,
      jyid text NOT NULL,
      bar_code text NOT NULL DEFAULT '',
      serial_no text NOT NULL DEFAULT '',
      card_type text NOT NULL DEFAULT '1',
      id_card text NOT NULL DEFAULT '',
      uname text NOT NULL,
      uage integer,
      usex text NOT NULL DEFAULT '',
      charge integer NOT NULL DEFAULT 3,
      proj_type integer NOT NULL,
      proj_code text NOT NULL DEFAULT '',
      proj_name text NOT NULL DEFAULT '',
      sqyy_mc text NOT NULL DEFAULT '',
      sqks_mc text NOT NULL DEFAULT '',
      sqys_xm text NOT NULL DEFAULT '',
      cjrq date,
      bb_mc text NOT NULL DEFAULT '',
      jyxm_dm text NOT NULL DEFAULT '',
      jyxm_mc text NOT NULL DEFAULT '',
      source_code text NOT NULL DEFAULT '0',
      source_name text NOT NULL DEFAULT '',
      jyrq date NOT NULL,
      bgrq date,
      jyys_xm text NOT NULL DEFAULT '',
      bgys_xm text NOT NULL DEFAULT '',
      shys_xm text NOT NULL DEFAULT '',
      yydm text NOT NULL DEFAULT '',
      yymc text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_user_measure_jyid ON iph_user_measure (tenant_id, jyid) WHERE is_deleted = 0;
    CREATE INDEX iph_user_measure_arch ON iph_user_measure (tenant_id, arch_id, jyrq DESC) WHERE is_deleted = 0;
    CREATE INDEX iph_user_measure_date ON iph_user_measure (tenant_id, jyrq DESC, create_time DESC) WHERE is_deleted = 0;
    CREATE INDEX iph_user_measure_id_card ON iph_user_measure (tenant_id, upper(id_card)) WHERE is_deleted = 0 AND arch_id IS NULL;
    CREATE TABLE iph_user_measure_result (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      measure_id text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      jyzb_code text NOT NULL DEFAULT '',
      jyzb_name text NOT NULL,
      jyzb_result text NOT NULL DEFAULT '',
      jyzb_unit text NOT NULL DEFAULT '',
      ehr_code text NOT NULL DEFAULT '',
      ehr_name text NOT NULL DEFAULT ''
    );
    CREATE INDEX iph_user_measure_result_measure ON iph_user_measure_result (tenant_id, measure_id, sort);
    CREATE TABLE iph_user_measure_report (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      measure_id text NOT NULL,
      file_type integer NOT NULL DEFAULT 1,
      check_find text NOT NULL DEFAULT '',
      check_result text NOT NULL DEFAULT '',
      file_url text NOT NULL DEFAULT ''
    );
    CREATE INDEX iph_user_measure_report_measure ON iph_user_measure_report (tenant_id, measure_id);
    CREATE TABLE iph_user_apply_physical (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      apply_date date NOT NULL,
      apply_doctor text NOT NULL DEFAULT '',
      resident_count integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_user_apply_physical_date ON iph_user_apply_physical (tenant_id, apply_date DESC) WHERE is_deleted = 0;
    CREATE TABLE iph_user_apply_project (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      main_id text NOT NULL,
      arch_id text NOT NULL,
      proj_id text NOT NULL,
      proj_type integer NOT NULL,
      proj_code text NOT NULL,
      proj_name text NOT NULL,
      bar_code text NOT NULL,
      measure_id text,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX iph_user_apply_project_main ON iph_user_apply_project (tenant_id, main_id);
    CREATE INDEX iph_user_apply_project_arch ON iph_user_apply_project (tenant_id, arch_id);
    CREATE UNIQUE INDEX iph_user_apply_project_bar_code ON iph_user_apply_project (tenant_id, bar_code);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `DROP TABLE iph_user_apply_project; DROP TABLE iph_user_apply_physical; DROP TABLE iph_user_measure_report;
     DROP TABLE iph_user_measure_result; DROP TABLE iph_user_measure;`,
  );
}
