import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';
import { RESOURCE_ROW_COLUMNS } from '../db/resource-columns';

/**
 * 档案计划 (spec 001 §7 userarchivesplaniue and userarchivesplaniuedts: list, new-list, save-or-update,
 * remove, detail each): a tenant's plan of archive work over a period for a target crowd — its name
 * (unique among the tenant's live plans), start and end (end not before start, also a table check),
 * the crowd (codemaps plan_target_crowd: the service objects of 国家基本公共卫生服务规范（第三版）, whose
 * 居民健康档案管理服务规范 asks archives to be built and kept up to date for them) and a remark — and its
 * rows: a resident of the tenant (once per plan), the task for them (建档, 更新档案, 健康体检…), the day it
 * is due, whether it is done (codemaps plan_task_status) and when. A plan with live rows is not
 * removed (the block's removeBlockedBy). Both served by their resource documents. Row-level security
 * comes with tenant_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE iph_user_archives_plan (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      plan_name text NOT NULL,
      start_date date NOT NULL,
      end_date date NOT NULL,
      target_crowd text NOT NULL,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS},
      CHECK (end_date >= start_date)
    );
    CREATE INDEX iph_user_archives_plan_period ON iph_user_archives_plan (tenant_id, start_date) WHERE is_deleted = 0;
    CREATE TABLE iph_user_archives_plan_dts (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      plan_id text NOT NULL,
      arch_id text NOT NULL,
      task text NOT NULL,
      due_date date,
      task_status text NOT NULL DEFAULT '1',
      finish_date date,
      remark text NOT NULL DEFAULT '',
      ${RESOURCE_ROW_COLUMNS}
    );
    CREATE INDEX iph_user_archives_plan_dts_plan ON iph_user_archives_plan_dts (tenant_id, plan_id) WHERE is_deleted = 0;
    CREATE INDEX iph_user_archives_plan_dts_arch ON iph_user_archives_plan_dts (tenant_id, arch_id) WHERE is_deleted = 0;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, `DROP TABLE iph_user_archives_plan_dts; DROP TABLE iph_user_archives_plan;`);
}
