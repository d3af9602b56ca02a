// 导出任务 (spec 002 §7 asyntask, blade-mq-service/mq-msg): the caller's asynchronous exports — made
// by a request, worked on the job queue (jobs/routes/asyntask-worker.ts), read, renamed, removed and
// downloaded by their owner only. Every call names tenant and user; another's task is 数据不存在.
import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from '../../auth/index';
import { newId } from '../../db/ids';
import { Conflict, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { dateTime } from '../../forms/index';
import { findAttachment, insertAttachment } from '../../resource/index';
import { XLSX_TYPE } from '../../reports/index';
import {
  clearNotices,
  findOwnTask,
  insertTask,
  markDone,
  markFailed,
  ownTaskPage,
  removeOwnTasks,
  renameTask,
  setJobId,
  STATUS_TEXT,
  TASK_STATUS,
  unreadNotices,
  type TaskFilter,
  type TaskRow,
} from '../repositories/asyntasks';

/** The queue the exports run on. */
export const EXPORT_QUEUE = 'asyntask_export';
export const TASK_NOT_FOUND = '导出任务不存在';
export const TASK_NOT_FINISHED = '任务尚未完成';

/** What a job carries: which task, and as whom it runs (the caller's claims: no secret, no token). */
export interface ExportJob {
  taskId: string;
  tenantId: string;
  caller: AccessClaims;
}

/** What is exported: the synchronous export's request, from a list path (no posted records). */
export interface ExportRequest {
  url: string;
  params?: Record<string, unknown> | undefined;
  columns: { label: string; prop?: string | undefined; colspan?: number | undefined }[] & Record<string, unknown>[];
  title_name?: string | undefined;
  sheet_name?: string | undefined;
  task_name?: string | undefined;
}

export interface TaskView {
  id: string;
  taskName: string;
  listUrl: string;
  status: number;
  statusText: string;
  progress: number;
  errorMsg: string;
  remark: string;
  fileName: string;
  rowCount: number;
  noticeUnread: number;
  startTime: string;
  finishTime: string;
  createTime: string;
  rowVersion: number;
}

const when = (d: Date | string | null) => (d ? dateTime(new Date(d)) : '');

export function taskView(r: TaskRow): TaskView {
  return {
    id: r.id,
    taskName: r.task_name,
    listUrl: r.list_url,
    status: r.status,
    statusText: STATUS_TEXT[r.status] ?? '',
    progress: r.progress,
    errorMsg: r.error_msg,
    remark: r.remark,
    fileName: r.file_name,
    rowCount: r.row_count,
    noticeUnread: r.notice_unread,
    startTime: when(r.start_time),
    finishTime: when(r.finish_time),
    createTime: when(r.create_time),
    rowVersion: r.row_version,
  };
}

/** Only the claims a token carries (the verified token's own iat/exp/iss stay behind). */
export function callerClaims(auth: AccessClaims): AccessClaims {
  const { tenant_id, user_id, account, user_name, real_name, role_id, role_name, role_alias, dept_id, team_id, sid } = auth;
  return { tenant_id, user_id, account, user_name, real_name, role_id, role_name, role_alias, dept_id, team_id, sid };
}

/**
 * Records the task (排队中) and puts its job on the queue. The row comes first: a job always finds
 * its task; a queue that refuses the job leaves the task 失败 with the reason, never 排队中 forever.
 */
export async function queueExport(deps: AppDeps, auth: AccessClaims, request: ExportRequest): Promise<TaskView> {
  const tenantId = auth.tenant_id;
  const id = newId(deps.now());
  const title = request.title_name?.trim() || request.sheet_name?.trim() || '导出数据';
  await insertTask(deps.db, {
    id,
    tenantId,
    userId: auth.user_id,
    taskName: request.task_name?.trim() || title,
    listUrl: request.url.trim(),
    request,
    time: new Date(deps.now()),
  });
  try {
    const job: ExportJob = { taskId: id, tenantId, caller: callerClaims(auth) };
    await setJobId(deps.db, tenantId, id, await deps.jobs.enqueue(EXPORT_QUEUE, job));
  } catch (error) {
    await markFailed(
      deps.db,
      tenantId,
      id,
      `任务排队失败：${error instanceof Error ? error.message : String(error)}`,
      true,
      new Date(deps.now()),
    );
    throw error;
  }
  return ownTask(deps, auth, id);
}

export async function ownTask(deps: AppDeps, auth: AccessClaims, id: string): Promise<TaskView> {
  const row = await findOwnTask(deps.db, auth.tenant_id, auth.user_id, id);
  if (!row) throw new NotFound(TASK_NOT_FOUND);
  return taskView(row);
}

export async function ownTasks(deps: AppDeps, auth: AccessClaims, filter: TaskFilter, current: number, size: number) {
  const r = await ownTaskPage(deps.db, auth.tenant_id, auth.user_id, filter, current, size);
  return { records: r.records.map(taskView), total: r.total };
}

export async function changeTask(
  deps: AppDeps,
  auth: AccessClaims,
  id: string,
  rowVersion: number | undefined,
  change: { taskName?: string | undefined; remark?: string | undefined },
): Promise<TaskView> {
  if (change.taskName !== undefined && !change.taskName.trim()) throw new Refusal('任务名称不能为空');
  await ownTask(deps, auth, id);
  if (rowVersion === undefined) throw new VersionRequired('缺少数据版本 rowVersion，请刷新后重试');
  const taskName = change.taskName?.trim();
  const changed = await renameTask(
    deps.db,
    auth.tenant_id,
    auth.user_id,
    id,
    rowVersion,
    { taskName, remark: change.remark },
    new Date(deps.now()),
  );
  if (!changed) throw new Conflict('数据已被修改，请刷新后重试');
  return ownTask(deps, auth, id);
}

/** Soft-removes the caller's tasks; a queued or running one's job is cancelled. Answers how many. */
export async function removeTasks(deps: AppDeps, auth: AccessClaims, ids: string[]): Promise<number> {
  const removed = await removeOwnTasks(deps.db, auth.tenant_id, auth.user_id, ids, new Date(deps.now()));
  if (removed.length === 0) throw new NotFound(TASK_NOT_FOUND);
  for (const r of removed)
    if (r.job_id && (r.status === TASK_STATUS.queued || r.status === TASK_STATUS.running))
      // A running attempt ends by itself; its result is dropped (markDone skips removed tasks).
      await deps.jobs.cancel(EXPORT_QUEUE, r.job_id).catch(() => undefined);
  return removed.length;
}

/** The finished task's workbook: 404 for another's or a missing one, 任务尚未完成 while it runs. */
export async function taskFile(deps: AppDeps, auth: AccessClaims, id: string) {
  const row = await findOwnTask(deps.db, auth.tenant_id, auth.user_id, id);
  if (!row) throw new NotFound(TASK_NOT_FOUND);
  if (row.status === TASK_STATUS.failed) throw new Refusal(`任务执行失败，无文件可下载：${row.error_msg}`);
  if (row.status !== TASK_STATUS.done || !row.attach_id) throw new Refusal(TASK_NOT_FINISHED);
  const file = await findAttachment(deps.db, row.attach_id);
  if (!file) throw new NotFound('导出文件已不存在');
  return { name: row.file_name || file.original_name, contentType: file.content_type, content: file.content };
}

/** The caller's unread notices of finished exports, as mq-msg rows. */
export async function exportNotices(deps: AppDeps, auth: AccessClaims) {
  const rows = await unreadNotices(deps.db, auth.tenant_id, auth.user_id, 100);
  return rows.map((r) => ({
    id: r.id,
    code: r.id,
    type: 'asyntask',
    title: r.status === TASK_STATUS.done ? '导出完成' : '导出失败',
    content:
      r.status === TASK_STATUS.done ? `「${r.task_name}」已导出完成，请到导出任务中下载` : `「${r.task_name}」导出失败：${r.error_msg}`,
    status: r.status,
    statusText: STATUS_TEXT[r.status] ?? '',
    createTime: when(r.finish_time ?? r.create_time),
  }));
}

export async function clearExportNotices(deps: AppDeps, auth: AccessClaims, ids: string[] | undefined): Promise<number> {
  return clearNotices(deps.db, auth.tenant_id, auth.user_id, ids);
}

/** The task was removed (or finished elsewhere) while this attempt ran: its file is not kept. */
class Dropped extends Error {}

/**
 * The workbook and 已完成 in one transaction: a retried or doubled attempt leaves one file, a task
 * removed meanwhile none.
 */
export async function storeExportFile(
  deps: AppDeps,
  task: TaskRow,
  file: { fileName: string; content: Buffer; rowCount: number; note: string },
): Promise<void> {
  await deps.db
    .transaction()
    .execute(async (trx) => {
      const time = new Date(deps.now());
      const attachId = await insertAttachment(trx, {
        tenantId: task.tenant_id,
        userId: task.user_id,
        originalName: file.fileName,
        contentType: XLSX_TYPE,
        content: file.content,
        time,
      });
      const done = await markDone(
        trx,
        task.tenant_id,
        task.id,
        { attachId, fileName: file.fileName, rowCount: file.rowCount, note: file.note },
        time,
      );
      if (!done) throw new Dropped();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Dropped)) throw error;
    });
}
