import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 检查检验项目 (blade-iph-business ehrproject; spec 002 §7, spec 001 §7 the measurement entry's project
 * tree, issue 31): a tenant's tree of measurement (1), lab (2) and exam (3) projects, served by its
 * resource document (schemas/crud/ehrproject.crud.json) and the tree calls of server/ehr-rules/.
 * parent_id is null for a root (answered as '0', as BladeX trees do). The code is unique among a
 * tenant's live projects of one type. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_ehr_project (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      parent_id text,
      proj_type integer NOT NULL DEFAULT 1,
      proj_code text NOT NULL,
      proj_name text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_ehr_project_code ON iph_ehr_project (tenant_id, proj_type, proj_code) WHERE is_deleted = 0;
    CREATE INDEX iph_ehr_project_parent ON iph_ehr_project (tenant_id, parent_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_ehr_project;`);
}
