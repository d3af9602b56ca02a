// How large a request body each API route accepts (issue 22 §7). Fastify's one global limit was
// 10 MB for everything, so a 6 MB saveLogs or a 9 MB text field went through. Each route now gets
// the bound its callers need; uploads are multipart and keep their own limits (resource/routes/oss.ts).
import type { FastifyInstance } from 'fastify';

const KB = 1024;
const MB = 1024 * KB;

/** Any API route not named below. */
export const DEFAULT_BODY_LIMIT = 256 * KB;

/** Routes that carry more, by path (first match wins). */
export const BODY_LIMITS: readonly { match: RegExp; bytes: number; why: string }[] = [
  // A form document may be 2 MB (forms/services/form-save.ts); its JSON in a body, escaped, more.
  {
    match: /^\/blade-iph-business\/(form\/(submit|import|copy|createJsContent)|formfield\/submit|formfieldreckon\/submit)$/,
    bytes: 8 * MB,
    why: 'form documents (≤ 2 MB each, checked again after parsing)',
  },
  // A record: up to 2,000 values, text ≤ 200 and textarea ≤ 2,000 characters (followups/services/record-value-limits.ts).
  {
    match:
      /^\/blade-iph-business\/(formrecord\/submit|userfollowup\/(submit|high-blood-pressure-follow-up|diabetes-follow-up)|userarchives\/create-update-archives)$/,
    bytes: 2 * MB,
    why: 'records and archives',
  },
  { match: /^\/blade-log\/web\/saveLogs$/, bytes: 256 * KB, why: 'the browser’s queued error logs' },
  // Multipart bodies are streamed to @fastify/multipart, which checks 5 MB per file itself.
  { match: /^\/blade-resource\/oss\/endpoint\/put-file$/, bytes: 6 * MB, why: 'uploads' },
];

export function bodyLimitFor(url: string): number {
  return BODY_LIMITS.find((entry) => entry.match.test(url))?.bytes ?? DEFAULT_BODY_LIMIT;
}

/** Gives every route registered after this in `app` its body limit, unless the route sets one. */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.bodyLimit ??= bodyLimitFor(route.url);
  });
}
