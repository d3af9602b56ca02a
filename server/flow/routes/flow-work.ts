import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { badRequest, ok } from '../../http/envelope';
import { fieldOf } from '../../http/request-values';
import { SIGNED_IN } from '../../http/route-access';
import { deploymentPage } from '../services/model-service';
import { claim, complete, sentPage, taskPage } from '../services/work-service';
import { flowAnswers as answers } from '../../../src/shared/contract/flow';
import { flowPaging, optionalText, pageFrom, pagingOf } from './flow-paging';

const listQuery = { querystring: Type.Object({ ...flowPaging, category: optionalText(100) }) };
const claimParams = { querystring: Type.Object({ taskId: optionalText(40) }) };
const completeBody = {
  body: Type.Object({
    taskId: Type.String({ minLength: 1, maxLength: 40 }),
    processInstanceId: optionalText(40),
    comment: optionalText(2000),
    // BladeX clients also send `flag` ('ok' / 'no') and `variables`: accepted and not used — the
    // leave process has no branch on them (the spec shows no reject path); the opinion is the comment.
  }),
};

/**
 * blade-flow work lists and the acts on a task (spec 000 "Other shared calls", spec 002 §7): every
 * signed-in user; the service shows each only the tasks that are theirs or offered to them.
 */
export const flowWorkRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const now = () => new Date(deps.now());

    // The processes a user may start: the latest active version of each deployed process.
    app.get(
      '/blade-flow/work/start-list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.processPage } } },
      async (request) => {
        return ok(
          pageFrom(
            await deploymentPage(deps.db, request.auth, pagingOf(request.query), {
              category: request.query.category?.trim(),
              startable: true,
            }),
            request.query,
          ),
        );
      },
    );

    app.get(
      '/blade-flow/work/claim-list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.taskPage } } },
      async (request) => {
        return ok(pageFrom(await taskPage(deps.db, request.auth, pagingOf(request.query), 'claim'), request.query));
      },
    );

    app.get(
      '/blade-flow/work/todo-list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.taskPage } } },
      async (request) => {
        return ok(pageFrom(await taskPage(deps.db, request.auth, pagingOf(request.query), 'todo'), request.query));
      },
    );

    app.get(
      '/blade-flow/work/send-list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.instancePage } } },
      async (request) => {
        return ok(pageFrom(await sentPage(deps.db, request.auth, pagingOf(request.query)), request.query));
      },
    );

    app.get(
      '/blade-flow/work/done-list',
      { config: { access: SIGNED_IN }, schema: { ...listQuery, response: { 200: answers.taskPage } } },
      async (request) => {
        return ok(pageFrom(await taskPage(deps.db, request.auth, pagingOf(request.query), 'done'), request.query));
      },
    );

    app.post(
      '/blade-flow/work/claim-task',
      { config: { access: SIGNED_IN }, schema: { ...claimParams, response: { 200: answers.done } } },
      async (request) => {
        const raw = request.query.taskId ?? fieldOf(request.body, 'taskId');
        const taskId = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
        if (!taskId) throw badRequest('参数[taskId]不能为空');
        await claim(deps.db, request.auth, taskId, now());
        return ok(true, '签收事务成功');
      },
    );

    app.post(
      '/blade-flow/work/complete-task',
      { config: { access: SIGNED_IN }, schema: { ...completeBody, response: { 200: answers.done } } },
      async (request) => {
        const { taskId, processInstanceId, comment } = request.body;
        await complete(
          deps.db,
          request.auth,
          { taskId: taskId.trim(), processInstanceId: processInstanceId?.trim() || undefined, comment: (comment ?? '').trim() },
          now(),
        );
        return ok(true, '办理成功');
      },
    );
  };
