import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where the JSON log lines go when not stdout (tests capture them). */
export interface LogDestination {
  write(line: string): void;
}

/** The header a proxy or a caller may send to name its request, echoed on every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it looks like one (letters, digits, `.` `_` `:` `-`, ≤ 128):
 * it is written into every log line of the request, so a caller must not be able to put text of
 * its choice there (line breaks, markup, megabytes).
 */
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export function requestIdOf(raw: Pick<IncomingMessage, 'headers'>): string {
  const sent = raw.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && WELL_FORMED_ID.test(sent) ? sent : crypto.randomUUID();
}

/** Query or body keys whose values never reach a log line (the login URL carries the RSA-encrypted password). */
const SECRET_KEY = /pass|pwd|token|secret|credential|captcha_?code|authorization/i;
const REDACTED = '[已隐藏]';

/** The URL with the value of every secret-looking query parameter replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // a broken escape: judged by its raw text
      }
      return equals >= 0 && SECRET_KEY.test(name) ? `${key}=${encodeURIComponent(REDACTED)}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/**
 * fastify's logger (pino) as JSON lines on stdout (or `destination`): each request's lines carry
 * its id (`reqId`), the request line shows method, URL with secrets hidden, and the client
 * address — never headers or bodies. The redact paths cover whatever a handler might log by
 * mistake: tokens, cookies, passwords.
 */
export function loggingOptions(level: string, destination?: LogDestination): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    // Each line names its request as `reqId` (fastify's default label).
    genReqId: requestIdOf,
    logger:
      level === 'silent'
        ? false
        : {
            level,
            ...(destination && { stream: destination }),
            redact: {
              paths: [
                'req.headers.authorization',
                'req.headers["blade-auth"]',
                'req.headers.cookie',
                'res.headers["set-cookie"]',
                'headers.authorization',
                'headers["blade-auth"]',
                'headers.cookie',
                '*.password',
                '*.oldPassword',
                '*.newPassword',
                '*.newPassword1',
                '*.access_token',
                '*.refresh_token',
                '*.token',
                'password',
                'access_token',
                'refresh_token',
              ],
              censor: REDACTED,
            },
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
            },
          },
  };
}

/** Echoes the request id on every answer, so a user's report or a proxy's log leads to the server's lines. */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/**
 * Once the auth guard knows the caller, the rest of the request's lines (the completion line
 * included, written through reply.log) say which tenant and user it was. Register right after
 * registerAuthGuard.
 */
export function registerCallerLogContext(app: FastifyInstance): void {
  // Callback hooks (here and above): synchronous work, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.auth) return done();
    // The request's own child logger (fastify makes one per request, shared by reply.log) takes
    // the bindings: a second child per request cost ~1 % of a submit's CPU.
    // With logging off (level silent) fastify's stand-in logger has no bindings to set.
    const bindings = { tenantId: request.auth.tenant_id, userId: request.auth.user_id };
    bindTo(request.log, bindings);
    if (reply.log !== request.log) bindTo(reply.log, bindings);
    done();
  });
}

function bindTo(log: FastifyBaseLogger, bindings: Record<string, string>): void {
  (log as FastifyBaseLogger & { setBindings?: (b: Record<string, string>) => void }).setBindings?.(bindings);
}
