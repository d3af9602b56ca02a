import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The app runs without 'unsafe-eval': the rule engine never compiles code from strings.
 * Inline styles are allowed because antd writes its CSS-in-JS into <style> tags. Lazily loaded
 * screens are same-origin module scripts, which script-src 'self' covers.
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
} as const satisfies Record<string, readonly string[]>;

/**
 * Security headers on every answer — API, static files, index.html, 404s — by helmet:
 * the CSP above (exactly; helmet's own defaults would add upgrade-insecure-requests, which breaks
 * a plain-HTTP intranet deployment), nosniff, a same-origin referrer, and helmet's other defaults
 * (X-Frame-Options SAMEORIGIN, HSTS — ignored by browsers over plain HTTP —, cross-origin
 * opener/resource policies).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // helmet's middleware is built once, at start: @fastify/helmet built it anew on every request
  // (its options, the CSP text), 2–3 % of a list page's CPU (docs/decisions/0019). The headers do not
  // depend on the request (no CSP nonces), so one middleware serves every answer.
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
