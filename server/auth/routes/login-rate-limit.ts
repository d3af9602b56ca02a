import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { fail } from '../../http/envelope';
import { header, param } from '../../http/request-values';
import { databaseRateLimitStore } from '../repositories/rate-limit-store';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export interface LoginRateLimitHooks {
  /** oauth/token: per client address, then (when an account is named) per tenant + account. */
  token: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** oauth/captcha: per client address. */
  captcha: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/** The limit a call ran into, or null: each limiter counts the call (in the database) as it asks. */
async function exceeded(limiters: Limiter[], request: FastifyRequest): Promise<number | null> {
  for (const limiter of limiters) {
    const verdict = await limiter(request);
    if (!verdict.isAllowed && verdict.isExceeded) return Math.max(1, verdict.ttlInSeconds);
  }
  return null;
}

/**
 * Rate limits of the login calls (issue 22 §1), with @fastify/rate-limit's limiters counting in
 * the database (aut../auth/rate-limit-store.ts), so all server processes share them. Limits and window
 * come from the configuration (LOGIN_RATE_* / CAPTCHA_RATE_PER_IP). Registered inside the auth
 * routes' own context; the hooks run as preHandlers, after the body is parsed (the account may be
 * in a form body) — a refused call never reaches the password check.
 */
export async function registerLoginRateLimits(app: FastifyInstance, deps: AppDeps): Promise<LoginRateLimitHooks> {
  const limits = deps.config.rateLimit;
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(deps.db, deps.now) });
  const limiter = (name: string, max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: limits.windowMs, keyGenerator: (request) => `${name}:${key(request)}` });
  const tokenByIp = limiter('token-ip', limits.tokenPerIp, (request) => request.ip);
  const tokenByAccount = limiter(
    'token-account',
    limits.tokenPerAccount,
    (request) => `${header(request, 'tenant-id') || param(request, 'tenantId')}:${param(request, 'username')}`,
  );
  const captchaByIp = limiter('captcha-ip', limits.captchaPerIp, (request) => request.ip);

  return {
    token: async (request, reply) => {
      const named = param(request, 'username') !== '';
      const wait = await exceeded(named ? [tokenByIp, tokenByAccount] : [tokenByIp], request);
      if (wait === null) return;
      await reply
        .code(429)
        .header('Retry-After', String(wait))
        .send({ error_code: 429, error_description: `登录尝试过于频繁，请${wait}秒后再试` });
    },
    captcha: async (request, reply) => {
      const wait = await exceeded([captchaByIp], request);
      if (wait === null) return;
      await reply
        .code(429)
        .header('Retry-After', String(wait))
        .send(fail(429, `获取验证码过于频繁，请${wait}秒后再试`));
    },
  };
}
