// 导出任务 rows (iph_asyntask, migration 050). Raw SQL, values always bound; every statement names
// the tenant and the owning user besides row-level security, so a user sees only their own tasks.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** 0 排队中, 1 进行中, 2 已完成, 3 失败. */
export const TASK_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;
export const STATUS_TEXT = ['排队中', '进行中', '已完成', '失败'] as const;

export interface TaskRow {
  id: string;
  tenant_id: string;
  user_id: string;
  task_name: string;
  list_url: string;
  request: unknown;
  status: number;
  progress: number;
  error_msg: string;
  remark: string;
  job_id: string | null;
  attach_id: string | null;
  file_name: string;
  row_count: number;
  notice_unread: number;
  start_time: Date | string | null;
  finish_time: Date | string | null;
  row_version: number;
  create_time: Date | string;
  update_time: Date | string | null;
}

export interface NewTask {
  id: string;
  tenantId: string;
  userId: string;
  taskName: string;
  listUrl: string;
  request: unknown;
  time: Date;
}

type Db = Kysely<Database>;

export async function insertTask(db: Db, t: NewTask): Promise<void> {
  await sql`insert into iph_asyntask (id, tenant_id, user_id, task_name, list_url, request, create_user, create_time)
    values (${t.id}, ${t.tenantId}, ${t.userId}, ${t.taskName}, ${t.listUrl}, ${JSON.stringify(t.request)}::jsonb, ${t.userId}, ${t.time})`.execute(
    db,
  );
}

export async function setJobId(db: Db, tenantId: string, id: string, jobId: string): Promise<void> {
  await sql`update iph_asyntask set job_id = ${jobId} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
}

/** The caller's live task, or undefined. */
export async function findOwnTask(db: Db, tenantId: string, userId: string, id: string): Promise<TaskRow | undefined> {
  const r = await sql<TaskRow>`select * from iph_asyntask
    where tenant_id = ${tenantId} and user_id = ${userId} and id = ${id} and is_deleted = 0`.execute(db);
  return r.rows[0];
}

/** A live task by id for the worker (its job names tenant and task). */
export async function findTask(db: Db, tenantId: string, id: string): Promise<TaskRow | undefined> {
  const r = await sql<TaskRow>`select * from iph_asyntask where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0`.execute(db);
  return r.rows[0];
}

export interface TaskFilter {
  status?: number | undefined;
  taskName?: string | undefined;
}

export async function ownTaskPage(db: Db, tenantId: string, userId: string, f: TaskFilter, current: number, size: number) {
  const where = sql`tenant_id = ${tenantId} and user_id = ${userId} and is_deleted = 0
    ${f.status !== undefined ? sql`and status = ${f.status}` : sql``}
    ${f.taskName ? sql`and task_name ilike ${'%' + f.taskName.replace(/[\\%_]/g, (c) => '\\' + c) + '%'}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<TaskRow>`select * from iph_asyntask where ${where} order by create_time desc, id desc
      limit ${size} offset ${(current - 1) * size}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from iph_asyntask where ${where}`.execute(db),
  ]);
  return { records: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** 任务名称 and 备注 over the row version; answers whether a row changed. */
export async function renameTask(
  db: Db,
  tenantId: string,
  userId: string,
  id: string,
  rowVersion: number,
  change: { taskName?: string | undefined; remark?: string | undefined },
  time: Date,
): Promise<boolean> {
  const r = await sql`update iph_asyntask set
      task_name = coalesce(${change.taskName ?? null}, task_name), remark = coalesce(${change.remark ?? null}, remark),
      row_version = row_version + 1, update_user = ${userId}, update_time = ${time}
    where tenant_id = ${tenantId} and user_id = ${userId} and id = ${id} and is_deleted = 0 and row_version = ${rowVersion}
    returning id`.execute(db);
  return r.rows.length > 0;
}

/** Soft-removes the caller's tasks among `ids`; answers the removed rows (their jobs to cancel). */
export async function removeOwnTasks(db: Db, tenantId: string, userId: string, ids: string[], time: Date) {
  const r = await sql<{ id: string; job_id: string | null; status: number }>`update iph_asyntask set
      is_deleted = 1, notice_unread = 0, row_version = row_version + 1, update_user = ${userId}, update_time = ${time}
    where tenant_id = ${tenantId} and user_id = ${userId} and is_deleted = 0 and id = any(${ids}::text[])
    returning id, job_id, status`.execute(db);
  return r.rows;
}

/** An attempt started: 进行中 (a retried one keeps its last error until it ends). */
export async function markRunning(db: Db, tenantId: string, id: string, time: Date): Promise<boolean> {
  const r = await sql`update iph_asyntask set status = ${TASK_STATUS.running}, progress = 1, start_time = coalesce(start_time, ${time})
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status in (${TASK_STATUS.queued}, ${TASK_STATUS.running})
    returning id`.execute(db);
  return r.rows.length > 0;
}

export async function setProgress(db: Db, tenantId: string, id: string, percent: number): Promise<void> {
  await sql`update iph_asyntask set progress = greatest(progress, ${percent})
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status = ${TASK_STATUS.running}`.execute(db);
}

/** Finished: the file and 已完成, only for a live task not finished before; answers whether it was. */
export async function markDone(
  db: Db,
  tenantId: string,
  id: string,
  done: { attachId: string; fileName: string; rowCount: number; note: string },
  time: Date,
): Promise<boolean> {
  const r = await sql`update iph_asyntask set status = ${TASK_STATUS.done}, progress = 100, attach_id = ${done.attachId},
      file_name = ${done.fileName}, row_count = ${done.rowCount}, error_msg = ${done.note}, notice_unread = 1, finish_time = ${time}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status <> ${TASK_STATUS.done}
    returning id`.execute(db);
  return r.rows.length > 0;
}

/** An attempt failed: back to 排队中 with its message while retries remain, else 失败 (and a notice). */
export async function markFailed(db: Db, tenantId: string, id: string, message: string, final: boolean, time: Date): Promise<void> {
  await sql`update iph_asyntask set error_msg = ${message.slice(0, 1000)},
      status = ${final ? TASK_STATUS.failed : TASK_STATUS.queued},
      notice_unread = ${final ? 1 : 0}, finish_time = ${final ? time : null}
    where tenant_id = ${tenantId} and id = ${id} and is_deleted = 0 and status in (${TASK_STATUS.queued}, ${TASK_STATUS.running})`.execute(
    db,
  );
}

/** The caller's unread notices: finished (已完成 or 失败) tasks not cleared yet, newest first. */
export async function unreadNotices(db: Db, tenantId: string, userId: string, limit: number): Promise<TaskRow[]> {
  const r = await sql<TaskRow>`select * from iph_asyntask
    where tenant_id = ${tenantId} and user_id = ${userId} and is_deleted = 0 and notice_unread = 1
    order by finish_time desc nulls last, id desc limit ${limit}`.execute(db);
  return r.rows;
}

/** Clears the caller's notices (all, or the tasks `ids`); answers how many. */
export async function clearNotices(db: Db, tenantId: string, userId: string, ids: string[] | undefined): Promise<number> {
  const r = await sql`update iph_asyntask set notice_unread = 0
    where tenant_id = ${tenantId} and user_id = ${userId} and is_deleted = 0 and notice_unread = 1
    ${ids ? sql`and id = any(${ids}::text[])` : sql``}
    returning id`.execute(db);
  return r.rows.length;
}
