import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 接口管理 (blade-iph-business apimanage; spec 002 §7, issue 31): the regional platform's interfaces a
 * tenant pushes to or reads from (name, code, address, method), served by its resource document
 * (schemas/crud/apimanage.crud.json) with no handler of its own. The code is unique among a tenant's
 * live rows. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_api_manage (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      api_code text NOT NULL,
      api_name text NOT NULL,
      api_url text NOT NULL,
      request_method text NOT NULL DEFAULT 'POST',
      timeout_seconds integer NOT NULL DEFAULT 30,
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_api_manage_code ON iph_api_manage (tenant_id, api_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_api_manage;`);
}
