import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 首页指标设置 (blade-iph-business indexsetting; spec 002 §7, issue 31): the home page's indicators,
 * a two-level tree — a group (parent_id null) and its indicators (parent_id → a group of the same
 * tenant). The code is unique among a tenant's live rows. Served by
 * schemas/crud/indexsetting.crud.json; parent-list (the groups) is a named handler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_index_setting (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      parent_id text,
      index_code text NOT NULL,
      index_name text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_index_setting_code ON iph_index_setting (tenant_id, index_code) WHERE is_deleted = 0;
    CREATE INDEX iph_index_setting_parent ON iph_index_setting (tenant_id, parent_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_index_setting;`);
}
