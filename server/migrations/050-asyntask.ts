import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 导出任务 (spec 002 §7 asyntask, blade-mq-service/mq-msg; server/jobs): one asynchronous export of
 * a user — the list path and parameters it exports, its state (0 排队中, 1 进行中, 2 已完成, 3 失败),
 * progress, the error of a failed one, and the workbook once done (an attachment in blade_attach,
 * like the synchronous export's). `notice_unread` = 1 while the user has not cleared the notice
 * that it finished (mq-msg). The work itself runs on the job queue (pg-boss's own schema, installed
 * by pg-boss at start: docs/decisions/0028). Row-level security comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_asyntask (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      task_name text NOT NULL,
      list_url text NOT NULL,
      request jsonb NOT NULL,
      status integer NOT NULL DEFAULT 0,
      progress integer NOT NULL DEFAULT 0,
      error_msg text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      job_id text,
      attach_id text,
      file_name text NOT NULL DEFAULT '',
      row_count integer NOT NULL DEFAULT 0,
      notice_unread integer NOT NULL DEFAULT 0,
      start_time timestamptz,
      finish_time timestamptz,
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_asyntask_user ON iph_asyntask (tenant_id, user_id, create_time DESC) WHERE is_deleted = 0;
    CREATE INDEX iph_asyntask_unread ON iph_asyntask (tenant_id, user_id) WHERE notice_unread = 1 AND is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_asyntask;`);
}
