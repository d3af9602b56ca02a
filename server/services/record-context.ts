import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { badRequest, ok } from '../http/envelope';
import { header } from '../http/request-values';
import { FormCompiledCache } from './form-compiled-cache';
import { actorOf } from './form-access';
import { RecordRefusal, type RecordContext, type SubmitInput } from './record-submit';

// One compiled-form cache per running app (tests build several apps in one process).
const caches = new WeakMap<AppDeps, FormCompiledCache>();

export function compiledCacheFor(deps: AppDeps): FormCompiledCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new FormCompiledCache();
    caches.set(deps, cache);
  }
  return cache;
}

/** Request sources of spec 002 §9 (GW, SFY, JW, SYS); this system's own screens are SYS. */
const SOURCES = new Set(['GW', 'SFY', 'JW', 'SYS']);

export function recordContext(deps: AppDeps, request: FastifyRequest): RecordContext {
  const source = header(request, 'req-source').toUpperCase();
  return {
    db: deps.db,
    kind: deps.dbKind,
    cache: compiledCacheFor(deps),
    tenantId: request.auth.tenant_id,
    actor: actorOf(request.auth),
    now: new Date(deps.now()),
    requestUri: request.url.split('?')[0] ?? '',
    changeSource: SOURCES.has(source) ? source : 'SYS',
    dictionaries: deps.caches,
  };
}

export const recordSubmitSchema = {
  type: 'object',
  required: ['values'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' },
    followId: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[0-9]+$' },
    formCode: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9_]*$' },
    formVersion: { type: 'integer', minimum: 1 },
    archId: { type: 'string', minLength: 1, maxLength: 40 },
    otherId: { type: ['string', 'null'], maxLength: 40 },
    values: { type: 'object', maxProperties: 2000 },
    acknowledgements: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
    rowVersion: { type: 'integer', minimum: 1 },
    clientRequestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
  },
} as const;

export type SubmitBody = SubmitInput & { followId?: string };

/** The body plus the client request id, which may come as the Request-Id header instead. */
export function submitInput(request: FastifyRequest, formCode?: string): SubmitInput {
  const body = request.body as SubmitBody;
  const fromHeader = header(request, 'request-id');
  if (fromHeader && !/^[A-Za-z0-9_.:-]{1,100}$/.test(fromHeader)) throw badRequest('请求头[Request-Id]格式不正确');
  if (formCode && body.formCode && body.formCode !== formCode) throw badRequest(`该接口只保存表单 ${formCode}`);
  return { ...body, id: body.id ?? body.followId, formCode: formCode ?? body.formCode, clientRequestId: body.clientRequestId ?? (fromHeader || undefined) };
}

/** Runs a handler; a RecordRefusal becomes its envelope with data (the global handler would drop data). */
export async function withRefusals<T>(reply: FastifyReply, work: () => Promise<T>, msg?: string) {
  try {
    return ok(await work(), msg);
  } catch (e) {
    if (e instanceof RecordRefusal) return reply.code(e.status).send(e.envelope());
    throw e;
  }
}
