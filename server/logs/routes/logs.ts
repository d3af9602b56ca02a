import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok, page } from '../../http/envelope';
import { param } from '../../http/request-values';
import { ADMINISTRATORS } from '../../http/route-access';
import { AdminId, AdminIdList, paging } from '../../http/route-schemas';
import { apiLogDetail, apiLogPage, errorLogDetail, errorLogPage, removeWebLogs, webLogDetail, webLogPage } from '../services/log-viewer';
import { logAnswers as answers } from '../../../src/shared/contract/logs';

const listQuery = { querystring: Type.Object(paging()) };
const idQuery = { querystring: Type.Object({ id: AdminId }) };
const idsQuery = { querystring: Type.Object({ ids: Type.Optional(AdminIdList) }) };

/**
 * The log viewers of blade-log (spec 002 §7), administrators only, each the caller's tenant's rows:
 * api (the write calls: logs/routes/request-logs.ts), error (5xx answers), web (the browsers' logs sent by
 * web/saveLogs). usual (the security log) lives in user-security.ts.
 */
export const logRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const access = { access: ADMINISTRATORS };

    app.get('/blade-log/api/list', { config: access, schema: { ...listQuery, response: { 200: answers.apiPage } } }, async (request) => {
      // Calls answered a moment ago may still wait in the batch: the caller sees its own.
      await deps.apiLog.flush();
      const result = await apiLogPage(deps.db, request.auth.tenant_id, request.query);
      return ok(page(result.rows, result.total, result.current, result.size));
    });
    app.get('/blade-log/api/detail', { config: access, schema: { ...idQuery, response: { 200: answers.api } } }, async (request) =>
      ok(await apiLogDetail(deps.db, request.auth.tenant_id, request.query.id)),
    );

    app.get(
      '/blade-log/error/list',
      { config: access, schema: { ...listQuery, response: { 200: answers.errorPage } } },
      async (request) => {
        const result = await errorLogPage(deps.db, request.auth.tenant_id, request.query);
        return ok(page(result.rows, result.total, result.current, result.size));
      },
    );
    app.get('/blade-log/error/detail', { config: access, schema: { ...idQuery, response: { 200: answers.error } } }, async (request) =>
      ok(await errorLogDetail(deps.db, request.auth.tenant_id, request.query.id)),
    );

    app.get('/blade-log/web/list', { config: access, schema: { ...listQuery, response: { 200: answers.webPage } } }, async (request) => {
      const result = await webLogPage(deps.db, request.auth.tenant_id, request.query);
      return ok(page(result.rows, result.total, result.current, result.size));
    });
    app.get('/blade-log/web/detail', { config: access, schema: { ...idQuery, response: { 200: answers.web } } }, async (request) =>
      ok(await webLogDetail(deps.db, request.auth.tenant_id, request.query.id)),
    );

    app.post('/blade-log/web/remove', { config: access, schema: { ...idsQuery, response: { 200: answers.done } } }, async (request) => {
      await removeWebLogs(deps.db, request.auth.tenant_id, request.auth.user_id, param(request, 'ids'), new Date(deps.now()));
      return ok(true, '删除成功');
    });
  };
