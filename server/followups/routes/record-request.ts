// The HTTP side of saving a record: who and where a submit comes from (followups/services/record-submit.ts
// takes it as a RecordContext), the body's schema, and the body read with its Request-Id header.
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../forms/index';
import type { RecordContext, SubmitInput } from '../services/record-submit';
import { badRequest } from '../../http/envelope';
import { header } from '../../http/request-values';
import { RecordSubmitBody } from '../../../src/shared/contract/followups';

/** Request sources of spec 002 §9 (GW, SFY, JW, SYS); this system's own screens are SYS. */
const SOURCES = new Set(['GW', 'SFY', 'JW', 'SYS']);

export function recordContext(deps: AppDeps, request: FastifyRequest): RecordContext {
  const source = header(request, 'req-source').toUpperCase();
  return {
    db: deps.db,
    cache: deps.compiledForms,
    tenantId: request.auth.tenant_id,
    actor: actorOf(request.auth),
    now: new Date(deps.now()),
    requestUri: request.url.split('?')[0] ?? '',
    changeSource: SOURCES.has(source) ? source : 'SYS',
    dictionaries: deps.caches,
  };
}

/** A record save's body (every form's save call takes it): the contract's. */
export const recordSubmitSchema = RecordSubmitBody;

export type SubmitBody = Static<typeof recordSubmitSchema>;

/** A save handler's request: its body is a record save's (routes declare `schema: { body: recordSubmitSchema }`). */
export type SubmitRequest = FastifyRequest & { body: SubmitBody };

/** The body plus the client request id, which may come as the Request-Id header instead. */
export function submitInput(request: SubmitRequest, formCode?: string): SubmitInput {
  const { body } = request;
  const fromHeader = header(request, 'request-id');
  if (fromHeader && !/^[A-Za-z0-9_.:-]{1,100}$/.test(fromHeader)) throw badRequest('请求头[Request-Id]格式不正确');
  if (formCode && body.formCode && body.formCode !== formCode) throw badRequest(`该接口只保存表单 ${formCode}`);
  return {
    ...body,
    id: body.id ?? body.followId,
    formCode: formCode ?? body.formCode,
    clientRequestId: body.clientRequestId ?? (fromHeader || undefined),
  };
}
