import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import type { AccessClaims } from '../auth/tokens';
import { findSession, touchSession } from '../repositories/sessions';
import { unauthorized } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's verified session; set by the guard on every non-public route. */
    auth: AccessClaims;
  }
  interface FastifyContextConfig {
    /** True for the routes that answer without a token (login, public key, captcha…). */
    public?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['blade-auth'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1];
}

/**
 * Every route needs a valid access token of a live session unless its config says public:
 * a route added without thinking is closed by default. It runs on request, before body parsing
 * and validation, so an anonymous caller learns nothing about a route's input.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('auth', null as unknown as AccessClaims);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('缺失令牌，鉴权失败');
    const claims = await deps.tokens.verifyAccess(token);
    if (!claims) throw unauthorized('令牌无效或已过期，请重新登录');
    const session = await findSession(deps.db, claims.tenant_id, claims.sid);
    if (!session || session.revoked_at) throw unauthorized('登录已失效，请重新登录');
    const now = deps.now();
    if (!session.last_seen_at || now - session.last_seen_at.getTime() > 60_000) {
      await touchSession(deps.db, session.tenant_id, session.id, new Date(now));
    }
    request.auth = claims;
  });
}
