import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 药品导入日志 (blade-iph-business drugs/import-drugs-logs; spec 002 §7, issue 31): one row per
 * import of the drug catalogue (drugs/import-drugs): the file's name, how many rows it held, how many
 * were added and refused, and each refused row's sheet line and message (JSON text). Written by the
 * import only, read newest first. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_drug_import_log (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      file_name text NOT NULL,
      total_rows integer NOT NULL DEFAULT 0,
      imported_rows integer NOT NULL DEFAULT 0,
      refused_rows integer NOT NULL DEFAULT 0,
      problems text NOT NULL DEFAULT '[]',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_drug_import_log_time ON iph_drug_import_log (tenant_id, create_time DESC) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_drug_import_log;`);
}
