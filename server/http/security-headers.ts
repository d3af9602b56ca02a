import type { IncomingMessage, ServerResponse } from 'node:http';
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
 * The CSP with the clinic's device services (config deviceServiceOrigins, validated at start by
 * server/config.ts) added to connect-src only: the page may call the ID-card reader's and the
 * signature pad's local services, and load nothing from them (decision 0039).
 */
export function cspDirectives(deviceServiceOrigins: readonly string[] = []): Record<string, readonly string[]> {
  if (deviceServiceOrigins.length === 0) return CSP_DIRECTIVES;
  return { ...CSP_DIRECTIVES, 'connect-src': [...CSP_DIRECTIVES['connect-src'], ...deviceServiceOrigins] };
}

/**
 * Security headers on every answer — API, static files, index.html, 404s — by helmet:
 * the CSP above (exactly; helmet's own defaults would add upgrade-insecure-requests, which breaks
 * a plain-HTTP intranet deployment), nosniff, a same-origin referrer, and helmet's other defaults
 * (X-Frame-Options SAMEORIGIN, HSTS — ignored by browsers over plain HTTP —, cross-origin
 * opener/resource policies).
 */
export async function registerSecurityHeaders(app: FastifyInstance, deviceServiceOrigins: readonly string[] = []): Promise<void> {
  const headers = helmetHeaders(deviceServiceOrigins);
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The headers helmet sets, worked out once at start. They do not depend on the request (no CSP
 * nonces), and helmet's middleware rebuilt each of them — the CSP text too — on every answer
 * (docs/decisions/0019: first @fastify/helmet built the whole middleware per request; the
 * middleware itself was still ~2 % of a submit's CPU). helmet only sets headers (and removes
 * X-Powered-By, which Node never sends), so replaying what it set is the same answer.
 */
export function helmetHeaders(deviceServiceOrigins: readonly string[] = []): [string, string][] {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(deviceServiceOrigins) },
    referrerPolicy: { policy: 'same-origin' },
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let failure: unknown;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}
