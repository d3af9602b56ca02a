import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 打印模板 (issue 33 "Printing", decision 0038). `iph_report`: a tree of folders (category 1) and print
 * templates (category 2); a template is found by its origin (what its param names: an archive, a
 * record) and code, prints the form codes it names, checks its param against `param_schema` and is
 * laid out by `content` — a JSON recipe of print blocks, not a binary report file.
 * `iph_report_file`: the printouts asked for by link (report/get-preview-url(s)): which templates
 * with which params, made into a PDF whenever the link is opened; the 报表文件 list
 * (blade-report/report/rest/*) shows, annotates and removes them. Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_report (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      parent_id text NOT NULL DEFAULT '0',
      category integer NOT NULL DEFAULT 2,
      origin text NOT NULL DEFAULT '',
      code text NOT NULL DEFAULT '',
      name text NOT NULL,
      form_codes text NOT NULL DEFAULT '',
      param_schema jsonb NOT NULL DEFAULT '[]',
      content jsonb NOT NULL DEFAULT '{}',
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE UNIQUE INDEX iph_report_code ON iph_report (tenant_id, origin, code) WHERE is_deleted = 0 AND category = 2;
    CREATE INDEX iph_report_parent ON iph_report (tenant_id, parent_id, sort) WHERE is_deleted = 0;
    CREATE TABLE iph_report_file (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      name text NOT NULL,
      items jsonb NOT NULL,
      remark text NOT NULL DEFAULT '',
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL DEFAULT now(),
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX iph_report_file_user ON iph_report_file (tenant_id, create_user, create_time DESC) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_report_file; DROP TABLE iph_report;`);
}
