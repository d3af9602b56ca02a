// The one place an error becomes an answer: domain refusals (server/domain/errors.ts, thrown by
// services and repositories), the routes' own ApiErrors, fastify's schema and body errors — each a
// BladeX envelope with a Chinese message; anything else is a logged 500 that leaks no stack.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind } from '../domain/errors';
import { ApiError, fail, type Envelope } from './envelope';
import { describeValidationError } from './validation-messages';

/** The HTTP status of each kind of domain refusal (exhaustive: a new kind must be placed here). */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorKind, number> = {
  refusal: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  unprocessable: 422,
  'version-required': 428,
};

/** The status and envelope of a domain error; its data (the field to focus, who changed a row) rides in `data`. */
export function domainErrorAnswer(error: DomainError): { status: number; body: Envelope<unknown> } {
  const status = DOMAIN_ERROR_STATUS[error.kind];
  return { status, body: { code: status, success: false, data: error.data ?? null, msg: error.message } };
}

const CLIENT_ERROR_MESSAGES = new Map([
  ['FST_ERR_CTP_INVALID_JSON_BODY', '请求体不是有效的JSON'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', '请求体不是有效的JSON'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', '请求体过大'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', '不支持的请求内容类型'],
]);

/** fastify's error handler for the whole app (app.ts). */
export function answerError(error: FastifyError | ApiError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const answer = domainErrorAnswer(error);
    return reply.code(answer.status).send(answer.body);
  }
  if (error instanceof ApiError) return reply.code(error.status).send(fail(error.status, error.message));
  if (error.validation)
    return reply.code(400).send(fail(400, describeValidationError(error.validation, error.validationContext ?? 'body')));
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') return reply.code(400).send(fail(400, '文件过大'));
  if (status >= 400 && status < 500) return reply.code(status).send(fail(status, CLIENT_ERROR_MESSAGES.get(error.code) ?? '请求有误'));
  if (isDatabaseUnavailable(error)) {
    // The database is away (restart, outage, a statement with no answer): the client may retry.
    request.log.warn({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(fail(503, DATABASE_UNAVAILABLE_MESSAGE));
  }
  request.log.error(error);
  return reply.code(500).send(fail(500, '服务器内部错误，请稍后重试'));
}
