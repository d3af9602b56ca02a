import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppDeps } from '../../app-deps';
import { ok } from '../../http/envelope';
import { SIGNED_IN } from '../../http/route-access';
import { text } from '../../http/route-schemas';
import { insertWebLogs } from '../repositories/web-logs';

const optional = Type.Optional;
const logsBody = {
  body: Type.Array(
    Type.Object({
      type: optional(text(50)),
      message: optional(text(5000)),
      stack: optional(text(20000)),
      info: optional(text(5000)),
      url: optional(text(2000)),
      time: optional(text(40)),
    }),
    { maxItems: 200 },
  ),
};

/** blade-log/web: the browser's queued error logs (spec 000 §8). */
export const webLogRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post('/blade-log/web/saveLogs', { config: { access: SIGNED_IN }, schema: logsBody }, async (request) => {
      const logs = request.body;
      await insertWebLogs(deps.db, request.auth.tenant_id, request.auth.user_id, logs, deps.now());
      return ok(logs.length, '发送成功');
    });
  };
