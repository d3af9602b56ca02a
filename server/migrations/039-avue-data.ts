import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 数据集 (blade-iph-business avuedata; spec 002 §7, issue 31): the data sets a tenant's screens and reports
 * keep (code, name, type 1 大屏 / 2 报表, JSON content, status), served by its resource document
 * (schemas/crud/avuedata.crud.json) with no handler of its own; the dialog's rule (isJson) refuses
 * content that is not JSON, on every submit. The code is unique among a tenant's live rows.
 * Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_avue_data (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      data_code text NOT NULL,
      data_name text NOT NULL,
      data_type integer NOT NULL DEFAULT 1,
      status integer NOT NULL DEFAULT 1,
      content text NOT NULL,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_avue_data_code ON iph_avue_data (tenant_id, data_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_avue_data;`);
}
