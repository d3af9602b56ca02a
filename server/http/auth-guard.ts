import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { type AccessClaims, findGuardedSession, touchSession } from '../auth/index';
import { asSystem } from '../db/tenant-scope';
import { unauthorized } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's verified session; set by the guard on every non-public route. */
    auth: AccessClaims;
    /** The guard's update of the session's last_seen_at when this request started one (at most once a minute), else null. */
    sessionTouched: Promise<void> | null;
  }
  interface FastifyContextConfig {
    /** True for the routes that answer without a token (login, public key, captcha…). */
    public?: boolean;
  }
}

/** An institution removed or disabled: its sessions end (org/services/tenant-admin.ts ends them too). */
export const TENANT_CLOSED = '所在机构已停用，请联系管理员';
/** An institution past its licence (租户管理's expiry): the password login says the same. */
export const TENANT_EXPIRED = '租户授权已过期，请联系管理员';

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
 *
 * The verified token and the live session are kept in `deps.sessions` (auth/services/session-cache.ts): a
 * session is read from the database at most once per SESSION_CACHE_TTL_MS (5 s) per process, and a
 * revocation in this process takes effect at once. Marking the session as seen (at most once a
 * minute) does not hold the answer up: it runs beside the request, its failure is logged, and
 * `request.sessionTouched` lets a route that reads last_seen_at (the online count) wait for it.
 */
export function registerAuthGuard(app: FastifyInstance, deps: AppDeps): void {
  const pending = new Set<Promise<void>>();
  app.decorateRequest('auth', null as unknown as AccessClaims);
  app.decorateRequest('sessionTouched', null as unknown as Promise<void> | null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('缺失令牌，鉴权失败');
    let claims = deps.sessions.claims(token);
    if (!claims) {
      claims = (await deps.tokens.verifyAccess(token)) ?? undefined;
      if (!claims) throw unauthorized('令牌无效或已过期，请重新登录');
      deps.sessions.rememberClaims(token, claims);
    }
    let session = deps.sessions.session(claims.tenant_id, claims.sid);
    if (!session) {
      const ticket = deps.sessions.ticket();
      const row = await findGuardedSession(deps.db, claims.tenant_id, claims.sid);
      if (!row || row.revoked_at) throw unauthorized('登录已失效，请重新登录');
      if (!row.tenant_open) throw unauthorized(TENANT_CLOSED);
      session = {
        tenantId: row.tenant_id,
        id: row.id,
        lastSeenAt: row.last_seen_at?.getTime() ?? null,
        tenantExpiresAt: row.tenant_expire_time ? new Date(row.tenant_expire_time).getTime() : null,
      };
      deps.sessions.remember(session, ticket);
    }
    const now = deps.now();
    // A licence that ran out while the session was kept: refused at once, whatever the cache holds.
    if (session.tenantExpiresAt !== null && now > session.tenantExpiresAt) throw unauthorized(TENANT_EXPIRED);
    request.sessionTouched = null;
    if (session.lastSeenAt === null || now - session.lastSeenAt > 60_000) {
      // Marked before the write, so concurrent requests of this session start one touch, not many.
      session.lastSeenAt = now;
      const touched = session;
      // Its own system scope: the request's scope turns into the caller's tenant while this runs.
      const touch = asSystem('auth guard: session seen', () => touchSession(deps.db, touched.tenantId, touched.id, new Date(now))).catch(
        (error: unknown) => {
          request.log.warn({ err: error }, 'marking the session as seen failed');
        },
      );
      pending.add(touch);
      void touch.finally(() => pending.delete(touch));
      request.sessionTouched = touch;
    }
    request.auth = claims;
  });
  // A touch still under way when the server closes is waited for, not cut off under a closing pool.
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
}
