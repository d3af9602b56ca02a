import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { logAnswers as answers, WebLogBatch } from '../../../src/shared/contract/logs';
import { insertWebLogs } from '../repositories/web-logs';

/** blade-log/web: the browser's queued error logs (spec 000 §8). */
export const webLogRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/blade-log/web/saveLogs',
      { config: { access: SIGNED_IN }, schema: { body: WebLogBatch, response: { 200: answers.saved } } },
      async (request) => {
        const logs = request.body;
        await insertWebLogs(deps.db, request.auth.tenant_id, request.auth.user_id, logs, deps.now());
        return ok(logs.length, '发送成功');
      },
    );
  };
