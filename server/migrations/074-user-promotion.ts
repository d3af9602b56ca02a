import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 一键宣教 (issue 34, decision 0036): one education given to many residents at once. The education
 * records themselves are form records (form_record: `propaganda` 健康教育记录, `healtheducation`
 * 健康教育处方), so they are validated, versioned and pushed like every record; this batch row says
 * what was given, to whom it was chosen by (crowd label, team) and which records it made
 * (`iph_user_promotion_dts`, one row per resident). Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_promotion_main (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_code text NOT NULL,
      title text NOT NULL DEFAULT '',
      edu_date date NOT NULL,
      method text NOT NULL DEFAULT '',
      educator text NOT NULL DEFAULT '',
      crowd_label text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      resident_count integer NOT NULL DEFAULT 0,
      create_user_name text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_user_promotion_main_date ON iph_user_promotion_main (tenant_id, edu_date DESC) WHERE is_deleted = 0;
    CREATE TABLE iph_user_promotion_dts (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      main_id text NOT NULL,
      record_id text NOT NULL,
      arch_id text NOT NULL,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX iph_user_promotion_dts_main ON iph_user_promotion_dts (tenant_id, main_id);
    CREATE UNIQUE INDEX iph_user_promotion_dts_record ON iph_user_promotion_dts (tenant_id, record_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_promotion_dts; DROP TABLE iph_user_promotion_main;`);
}
