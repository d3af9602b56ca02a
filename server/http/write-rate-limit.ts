// Writes per user (issue 22 §7): one account — a stolen token, a runaway script, a stuck retry
// loop — may not flood the database for everybody. Every POST of a signed-in user counts towards
// WRITE_RATE_PER_MINUTE (config.writeRatePerMinute), far above what a person filling forms does.
// Counted in the database table of the login limits (rate_limit_counter), so every server process
// behind a balancer shares one count per user (issue 17) instead of letting a user write N times
// the limit on N processes; far below the limit the hits go there in batches, not one statement
// per POST (http/write-rate-store.ts).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps';
import { fail } from './envelope';
import { writeRateStore } from './write-rate-store';

/** Registers the limit on every route of `app` (the API context) registered after this call. */
export async function registerWriteRateLimit(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'now' | 'config'>): Promise<void> {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  const counts = writeRateStore(deps.db, deps.now);
  // Hits still waiting for their batch are counted before the database closes (main.ts and the
  // tests close the app first).
  app.addHook('onClose', async () => {
    await counts
      .flush()
      .catch((error: unknown) =>
        console.warn(`[write rate limit] last writes not counted: ${error instanceof Error ? error.message : String(error)}`),
      );
  });
  // The plugin lives in a scope of its own: the auth routes register their own instance (login
  // limits), and a second one in a shared context would collide with it.
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, store: counts.store });
    limiter = scope.createRateLimit({
      max: deps.config.writeRatePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `write:${request.auth.tenant_id}:${request.auth.user_id}`,
    });
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.config.public || !request.auth || !limiter) return undefined;
    const verdict = await limiter(request);
    if (verdict.isAllowed || !verdict.isExceeded) return undefined;
    const wait = Math.max(1, verdict.ttlInSeconds);
    return reply
      .code(429)
      .header('Retry-After', String(wait))
      .send(fail(429, `操作过于频繁，请${wait}秒后再试`));
  });
}
