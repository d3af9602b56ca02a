import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 数据转换 and 数据转换配置 (blade-iph-business dataconversion, dataconversionconfig; spec 002 §7, issue 31):
 * the code mappings a tenant applies when it reports to the regional platform — a conversion (code,
 * name, the interface of iph_api_manage it applies to, status) and its rows (our code → the platform's
 * code). Each served by its resource document with no handler of its own. A conversion's code is
 * unique among a tenant's live rows, and one of our codes maps once per conversion. Row-level security
 * comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_data_conversion (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      conv_code text NOT NULL,
      conv_name text NOT NULL,
      api_id text,
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_data_conversion_code ON iph_data_conversion (tenant_id, conv_code) WHERE is_deleted = 0;
    CREATE TABLE iph_data_conversion_config (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      conversion_id text NOT NULL,
      local_code text NOT NULL,
      platform_code text NOT NULL,
      note text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_data_conversion_config_code ON iph_data_conversion_config (tenant_id, conversion_id, local_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_data_conversion_config; DROP TABLE iph_data_conversion;`);
}
