// 导出任务 (spec 002 §7 asyntask: genrate-asyn-task(s), list, detail, submit, remove, asyn-download,
// clear-mq-msg) and its notices (blade-mq-service/mq-msg: list, clear). Anyone signed in exports
// (as the synchronous export), and sees, changes and downloads only their own tasks.
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { ApiError, badRequest, ok, page } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { idList } from '../../forms/index';
import { Refusal } from '../../domain/errors';
import { internalListPath } from '../../http/internal-list';
import { Type } from 'typebox';
import {
  AsyncExportBody,
  AsyncExportsBody,
  AsyncTaskListQuery,
  AsyncTaskSubmitBody,
  IdQuery,
  IdsQuery,
  asyntaskAnswers as answers,
} from '../../../src/shared/contract/asyntask';
import {
  changeTask,
  clearExportNotices,
  EXPORT_QUEUE,
  exportNotices,
  ownTask,
  ownTasks,
  queueExport,
  removeTasks,
  taskFile,
} from '../services/asyntasks';
import { exportWork } from './asyntask-worker';

const A = '/blade-iph-business/asyntask';
const access = { access: SIGNED_IN };

/**
 * What is exported is checked before a task is queued: columns with their props, a path of this
 * server, and the list itself answers the caller (one row asked for) — an unknown path, a list the
 * caller may not read or a bad parameter is the caller's 4xx now, not a failed task later.
 */
async function checkExport(app: FastifyInstance, request: FastifyRequest, body: AsyncExportBody): Promise<void> {
  if (body.columns.length === 0) throw badRequest('参数[columns]不能为空');
  if (body.columns.filter((c) => !(c.colspan && c.colspan > 1)).some((c) => !c.prop?.trim())) throw badRequest('参数[prop]不能为空');
  if (!body.url.trim()) throw badRequest('参数[url]不能为空');
  const { path, query } = internalListPath(body.url);
  for (const [key, value] of Object.entries(body.params ?? {}))
    if (value !== null && value !== undefined && typeof value !== 'object') query.set(key, String(value));
  query.set('current', '1');
  query.set('size', '1');
  const headers: Record<string, string> = {};
  for (const name of ['blade-auth', 'tenant-id']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const res = await app.inject({ method: 'GET', url: `${path}?${query.toString()}`, headers });
  let answer: { success?: boolean; msg?: string; data?: unknown };
  try {
    answer = res.json();
  } catch {
    throw badRequest('导出接口未返回列表数据');
  }
  if (res.statusCode === 404 && answer.msg?.startsWith('接口不存在')) throw badRequest(`导出接口不存在：${path}`);
  if (res.statusCode !== 200 || !answer.success)
    throw new ApiError(res.statusCode >= 400 && res.statusCode < 500 ? res.statusCode : 502, answer.msg || '导出数据获取失败');
  const data = answer.data as { records?: unknown } | unknown[] | null;
  if (!Array.isArray(data) && !Array.isArray((data as { records?: unknown } | null)?.records)) throw badRequest('导出接口未返回列表数据');
}

const idsOf = (ids: string | undefined) => {
  if (!ids) throw new Refusal('参数[ids]不能为空');
  return idList(ids);
};

export const asyntaskRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    // The export worker runs in every server process; the queue stops with the app.
    await deps.jobs.work(EXPORT_QUEUE, exportWork(deps, app));
    app.addHook('onClose', () => deps.jobs.stop());

    app.post(
      `${A}/genrate-asyn-task`,
      { config: access, schema: { body: AsyncExportBody, response: { 200: answers.task } } },
      async (request) => {
        await checkExport(app, request, request.body);
        return ok(await queueExport(deps, request.auth, request.body), '导出任务已创建，请到导出任务中查看进度');
      },
    );

    app.post(
      `${A}/genrate-asyn-tasks`,
      { config: access, schema: { body: AsyncExportsBody, response: { 200: answers.tasks } } },
      async (request) => {
        // Every export is checked before any is queued: one bad entry queues none.
        for (const body of request.body.tasks) await checkExport(app, request, body);
        const queued = [];
        for (const body of request.body.tasks) queued.push(await queueExport(deps, request.auth, body));
        return ok(queued, `已创建 ${queued.length} 个导出任务`);
      },
    );

    app.get(
      `${A}/list`,
      { config: access, schema: { querystring: AsyncTaskListQuery, response: { 200: answers.page } } },
      async (request) => {
        const q = request.query;
        const current = q.current ?? 1;
        const size = q.size ?? 10;
        const r = await ownTasks(
          deps,
          request.auth,
          { status: q.status ?? q.status_equal, taskName: q.taskName ?? q.taskName_like },
          current,
          size,
        );
        return ok(page(r.records, r.total, current, size));
      },
    );

    app.get(`${A}/detail`, { config: access, schema: { querystring: IdQuery, response: { 200: answers.task } } }, async (request) =>
      ok(await ownTask(deps, request.auth, request.query.id)),
    );

    app.post(`${A}/submit`, { config: access, schema: { body: AsyncTaskSubmitBody, response: { 200: answers.task } } }, async (request) => {
      const { id, rowVersion, taskName, remark } = request.body;
      return ok(await changeTask(deps, request.auth, id, rowVersion, { taskName, remark }), '更新成功');
    });

    app.post(`${A}/remove`, { config: access, schema: { querystring: IdsQuery, response: { 200: answers.count } } }, async (request) =>
      ok(await removeTasks(deps, request.auth, idsOf(request.query.ids)), '删除成功'),
    );

    app.post(
      `${A}/asyn-download`,
      { config: access, schema: { querystring: IdQuery, response: { 200: answers.file } } },
      async (request, reply) => {
        const file = await taskFile(deps, request.auth, request.query.id);
        return reply
          .type(file.contentType)
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .send(Buffer.from(file.content));
      },
    );

    // The caller's notices of finished exports: all, or the tasks `ids`.
    app.post(
      `${A}/clear-mq-msg`,
      { config: access, schema: { querystring: IdsQuery, response: { 200: answers.count } } },
      async (request) =>
        ok(await clearExportNotices(deps, request.auth, request.query.ids ? idList(request.query.ids) : undefined), '已清除'),
    );

    app.get('/blade-mq-service/mq-msg/list', { config: access, schema: { response: { 200: answers.messages } } }, async (request) =>
      ok(await exportNotices(deps, request.auth)),
    );

    // code: a task's id (its notice), or asyntask (every export notice of the caller).
    app.post(
      '/blade-mq-service/mq-msg/clear',
      {
        config: access,
        schema: { querystring: Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) }), response: { 200: answers.count } },
      },
      async (request) => {
        const code = request.query.code.trim();
        if (code !== 'asyntask' && !/^[0-9]+$/.test(code)) throw badRequest('参数[code]不正确：应为消息编号或 asyntask');
        return ok(await clearExportNotices(deps, request.auth, code === 'asyntask' ? undefined : [code]), '已清除');
      },
    );
  };
