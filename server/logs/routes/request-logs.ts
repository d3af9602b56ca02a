// The api log and the error log (blade-log/api, blade-log/error; spec 002 §7), written by the server
// about the calls it answers, for the tenant's administrators:
// - api log: every write call (POST, PUT, PATCH, DELETE) of a signed-in caller — reads are not
//   logged: they change nothing and would be most of the rows;
// - error log: every 5xx answer, with the request id (the same `reqId` as the server's own log
//   lines, where the stack is), method, URL and the error's message — never a stack, never a secret
//   (secret query values and credentials in URLs are hidden). A 5xx before anyone signed in goes to
//   the platform tenant's log.
// Both are written after the reply has gone, so they never delay or fail the call: a failed write
// is a warning in the server log. An error row is one INSERT at once; api rows are batched
// (deps.apiLog, logs/services/api-log-writer.ts). Pending writes are awaited when the server closes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { PLATFORM_TENANT } from '../../db/tenant-rls';
import { withTenant } from '../../db/tenant-scope';
import { insertErrorLog, type CallFacts } from '../repositories/request-logs';
import { redactUrl } from '../../http/logging';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MAX_URL = 2000;
const MAX_MESSAGE = 1000;

/** Text safe for a text column: no NUL, no lone surrogate (PostgreSQL refuses both), bounded. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (value: string, max: number) => value.slice(0, max).replace(/\0/g, '').replace(LONE_SURROGATE, '\ufffd');

/** An error's message for the log: credentials in connection strings hidden, bounded. */
export function loggableMessage(message: string): string {
  return storable(message.replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^\s/@]*@/gi, '$1[已隐藏]@'), MAX_MESSAGE);
}

function factsOf(request: FastifyRequest, reply: FastifyReply, now: number): CallFacts {
  const auth = request.auth as FastifyRequest['auth'] | null;
  return {
    tenantId: auth?.tenant_id ?? PLATFORM_TENANT,
    requestId: String(request.id),
    userId: auth?.user_id ?? '',
    account: auth?.account ?? '',
    method: request.method,
    requestUri: storable(redactUrl(request.url), MAX_URL),
    status: reply.statusCode,
    remoteIp: request.ip,
    time: new Date(now),
  };
}

/** Registers the hooks on the API context (after the auth guard, so `request.auth` is known). */
export function registerRequestLogs(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'now' | 'apiLog'>): void {
  const errors = new WeakMap<FastifyRequest, Error>();
  const pending = new Set<Promise<void>>();

  const write = (request: FastifyRequest, what: string, tenantId: string, work: () => Promise<void>) => {
    const done = withTenant(tenantId, work)
      .catch((error: unknown) => request.log.warn({ err: error }, `${what}未能写入`))
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  app.addHook('onError', async (request, _reply, error) => {
    errors.set(request, error);
  });

  const logResponse = (request: FastifyRequest, reply: FastifyReply): void => {
    const auth = request.auth as FastifyRequest['auth'] | null;
    const isError = reply.statusCode >= 500;
    const isWrite = !!auth && WRITES.has(request.method);
    if (!isError && !isWrite) return;
    const facts = factsOf(request, reply, deps.now());
    if (isError)
      write(request, '错误日志', facts.tenantId, () => insertErrorLog(deps.db, facts, loggableMessage(errors.get(request)?.message ?? '')));
    if (isWrite) deps.apiLog.add({ facts, durationMs: Math.round(reply.elapsedTime) });
  };
  // A callback hook, not an async one (a promise per request): what it starts — the error log's
  // INSERT, the api log batch — runs on its own.
  app.addHook('onResponse', (request, reply, done) => {
    try {
      logResponse(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending, deps.apiLog.flush()]);
  });
}
