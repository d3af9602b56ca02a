import { Type } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../app-deps';
import { MIGRATION_NAMES } from '../db/migrate';
import { fail, ok } from './envelope';
import { envelope } from '../../src/shared/contract/envelope';

/**
 * What a probe answers: `{status: 'up'}` (liveness) or `{status: 'ready'}` when all is well; a
 * readiness that fails is 503 with data null and the reason.
 */
const probeAnswer = (status: 'up' | 'ready') => ({
  200: envelope(Type.Object({ status: Type.Literal(status) })),
  503: envelope(Type.Null()),
});

/** How long the readiness probe waits for the database before it answers 503. */
export const READY_DB_TIMEOUT_MS = 2_000;

/**
 * Probes for a load balancer or an orchestrator (issue 17), public, cheap and tenant-free:
 * - `GET /api/health` — liveness: the process answers. Touches no database, so a slow or absent
 *   database never gets a live process restarted;
 * - `GET /api/ready` — readiness: the database answers one small read within READY_DB_TIMEOUT_MS
 *   and every migration this build knows is applied; otherwise 503, so the balancer sends no
 *   traffic to a process that cannot serve it.
 * Logged at warn only: a probe every few seconds would otherwise fill the log.
 */
export const healthRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const probe = { config: { public: true }, logLevel: 'warn' } as const;
    app.get('/health', { ...probe, schema: { response: probeAnswer('up') } }, async () => ok({ status: 'up' }));
    app.get('/ready', { ...probe, schema: { response: probeAnswer('ready') } }, async (_request, reply) => {
      const problem = await readinessProblem(deps);
      if (problem) return reply.code(503).send(fail(503, problem));
      return ok({ status: 'ready' });
    });
  };

/** Why this process cannot serve yet, in Chinese, or null when it can. */
export async function readinessProblem(deps: Pick<AppDeps, 'db'>, timeoutMs = READY_DB_TIMEOUT_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const applied = await Promise.race([
      sql<{ name: string }>`select name from kysely_migration`.execute(deps.db).then((result) => result.rows.map((row) => row.name)),
      timeout,
    ]);
    if (applied === 'timeout') return `数据库未在${timeoutMs}毫秒内响应`;
    const missing = MIGRATION_NAMES.filter((name) => !applied.includes(name));
    return missing.length > 0 ? `数据库迁移未完成：${missing.join('、')}` : null;
  } catch {
    // The reason (a connection error, its address) stays out of a public answer.
    return '数据库不可用';
  } finally {
    clearTimeout(timer);
  }
}
