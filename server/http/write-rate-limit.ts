// Writes per user (issue 22 §7): one account — a stolen token, a runaway script, a stuck retry
// loop — may not flood the database for everybody. Every POST of a signed-in user counts towards
// WRITE_RATE_PER_MINUTE (config.writeRatePerMinute), far above what a person filling forms does.
// Counted in this process's memory by @fastify/rate-limit: one more database round trip per write
// would cost every submit, and a user's calls normally reach one process; with N processes behind
// a balancer a user may write up to N times the limit. The login limits (auth/login-rate-limit.ts)
// are the ones that must hold across processes, and count in the database.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';

/** Registers the limit on every route of `app` (the API context) registered after this call. */
export async function registerWriteRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  let limiter: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  // The plugin lives in a scope of its own: the auth routes register their own instance (login
  // limits in the database), and a second one in a shared context would collide with it.
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    limiter = scope.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `write:${request.auth.tenant_id}:${request.auth.user_id}` });
  });
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.config.public || !request.auth || !limiter) return undefined;
    const verdict = await limiter(request);
    if (verdict.isAllowed || !verdict.isExceeded) return undefined;
    const wait = Math.max(1, verdict.ttlInSeconds);
    return reply.code(429).header('Retry-After', String(wait)).send(fail(429, `操作过于频繁，请${wait}秒后再试`));
  });
}
