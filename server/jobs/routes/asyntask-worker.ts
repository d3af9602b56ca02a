// The export job's worker: runs a queued 导出任务 as its caller — the synchronous export's list
// reader (app.inject with a token signed for the caller's session, so the list applies their
// tenant, permissions and a live session exactly as on screen) and the same workbook — and keeps
// its task row's state and progress. An HTTP client of this app, so it lives with the routes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { withTenant } from '../../db/tenant-scope';
import { fetchListRows } from '../../http/internal-list';
import { buildWorkbook, exportFileName } from '../../reports/index';
import { findTask, markFailed, markRunning, setProgress, TASK_STATUS } from '../repositories/asyntasks';
import { storeExportFile, type ExportJob, type ExportRequest } from '../services/asyntasks';
import type { JobContext, WorkDefinition } from '../services/job-queue';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Headers of a request as the job's caller: a fresh access token of their session. */
async function asCaller(deps: AppDeps, job: ExportJob): Promise<FastifyRequest> {
  const token = await deps.tokens.signAccess(job.caller);
  return { headers: { 'blade-auth': `bearer ${token}`, 'tenant-id': job.tenantId } } as unknown as FastifyRequest;
}

async function runExport(deps: AppDeps, app: FastifyInstance, job: JobContext<ExportJob>): Promise<void> {
  const { taskId, tenantId } = job.data;
  const task = await findTask(deps.db, tenantId, taskId);
  // Removed, or already finished by an earlier attempt: nothing to do, the job completes.
  if (!task || task.status === TASK_STATUS.done || task.status === TASK_STATUS.failed) return;
  if (!(await markRunning(deps.db, tenantId, taskId, new Date(deps.now())))) return;
  try {
    const request = task.request as ExportRequest;
    await job.progress(5);
    const fetched = await fetchListRows(app, await asCaller(deps, job.data), request.url, request.params ?? {});
    await job.progress(60);
    const title = request.title_name?.trim() || request.sheet_name?.trim() || '导出数据';
    const note = fetched.truncated ? `仅导出前${fetched.rows.length}条数据（共${fetched.total}条），请缩小查询范围后分批导出` : undefined;
    const content = await buildWorkbook({
      sheetName: request.sheet_name?.trim() || title,
      titleName: title,
      columns: request.columns.map((c) => ({ ...c, prop: c.prop ?? '' })),
      rows: fetched.rows,
      ...(note && { note }),
    });
    await job.progress(90);
    const fileName = exportFileName(task.task_name || title);
    await storeExportFile(deps, task, { fileName, content, rowCount: fetched.rows.length, note: note ?? '' });
  } catch (error) {
    await markFailed(deps.db, tenantId, taskId, messageOf(error), job.lastAttempt, new Date(deps.now()));
    throw error;
  }
}

/** The export queue's worker, progress store and dead letters (a job out of attempts: 失败). */
export function exportWork(deps: AppDeps, app: FastifyInstance): WorkDefinition<ExportJob> {
  return {
    handle: (job) => withTenant(job.data.tenantId, () => runExport(deps, app, job)),
    onProgress: (job, percent) => withTenant(job.data.tenantId, () => setProgress(deps.db, job.data.tenantId, job.data.taskId, percent)),
    onDead: (job, message) =>
      withTenant(job.data.tenantId, () => markFailed(deps.db, job.data.tenantId, job.data.taskId, message, true, new Date(deps.now()))),
  };
}
