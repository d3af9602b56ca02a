import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * The drug catalogue (药品目录, blade-iph-business drugs; spec 002 §7, issue 31): the first family served
 * by a resource document (schemas/crud/drugs.crud.json). A tenant's drugs, their code unique among
 * its live rows; the medication records will pick from it (blade-system/yaopin/listDict).
 * Row-level security comes with tenant_id (db/tenant-rls.ts installs it for every such table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_drugs (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      ypbm text NOT NULL,
      ypmc text NOT NULL,
      pym text NOT NULL DEFAULT '',
      gg text NOT NULL DEFAULT '',
      jx text NOT NULL DEFAULT '',
      dw text NOT NULL DEFAULT '',
      sccj text NOT NULL DEFAULT '',
      pzwh text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_drugs_code ON iph_drugs (tenant_id, ypbm) WHERE is_deleted = 0;
    CREATE INDEX iph_drugs_name ON iph_drugs (tenant_id, ypmc) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_drugs;`);
}
