import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 服务项目 (blade-iph-business serviceproject; spec 002 §7, issue 31): the services a pack holds
 * (code, name, times a year, unit price, category), each a row of its pack (pack_id → iph_service_pack
 * of the same tenant, checked by the document's ref). The code is unique within a pack among live
 * rows. Served by schemas/crud/serviceproject.crud.json; listServiceProject is a named handler.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_service_project (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      pack_id text NOT NULL,
      project_code text NOT NULL,
      project_name text NOT NULL,
      times_per_year integer NOT NULL DEFAULT 1,
      unit_price numeric(12, 2) NOT NULL DEFAULT 0,
      category text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_service_project_code ON iph_service_project (tenant_id, pack_id, project_code) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_service_project;`);
}
