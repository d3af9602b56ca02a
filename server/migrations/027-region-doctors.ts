import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 区域医生 (blade-iph-business regiondoctor; spec 002 §7, issue 31): which doctor of which team serves
 * an administrative region (blade_region.code) in which post (2 主责医生, the spec's default of
 * list-main-doctor-by-region; 1 签约医生, 3 公卫医师), enabled or not. One live row per region,
 * doctor and post. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_region_doctor (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      region_code text NOT NULL,
      doctor_id text NOT NULL,
      team_id text,
      post_type integer NOT NULL DEFAULT 2,
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_region_doctor_post ON iph_region_doctor (tenant_id, region_code, doctor_id, post_type) WHERE is_deleted = 0;
    CREATE INDEX iph_region_doctor_region ON iph_region_doctor (tenant_id, region_code, post_type) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_region_doctor;`);
}
