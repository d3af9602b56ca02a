import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { newId } from '../db/ids';
import { ok } from '../http/envelope';
import { SIGNED_IN } from '../http/route-access';

const logsBody = {
  body: {
    type: 'array',
    maxItems: 200,
    items: {
      type: 'object',
      properties: {
        type: { type: 'string', maxLength: 50 },
        message: { type: 'string', maxLength: 5000 },
        stack: { type: 'string', maxLength: 20000 },
        info: { type: 'string', maxLength: 5000 },
        url: { type: 'string', maxLength: 2000 },
        time: { type: 'string', maxLength: 40 },
      },
    },
  },
} as const;

interface WebLog {
  type?: string;
  message?: string;
  stack?: string;
  info?: string;
  url?: string;
  time?: string;
}

/** blade-log/web: the browser's queued error logs (spec 000 §8). */
export const webLogRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.post('/blade-log/web/saveLogs', { config: { access: SIGNED_IN }, schema: logsBody }, async (request) => {
      const logs = request.body as WebLog[];
      if (logs.length > 0) {
        const now = deps.now();
        await deps.db
          .insertInto('blade_log_web')
          .values(
            logs.map((log) => ({
              id: newId(now),
              tenant_id: request.auth.tenant_id,
              user_id: request.auth.user_id,
              type: log.type ?? '',
              message: log.message ?? '',
              stack: log.stack ?? '',
              info: log.info ?? '',
              url: log.url ?? '',
              log_time: log.time ?? '',
              create_time: new Date(now),
            })),
          )
          .execute();
      }
      return ok(logs.length, '发送成功');
    });
  };
