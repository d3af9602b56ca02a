// The log contract (spec 002 §7 blade-log api, error, web; spec 000 §8 the browser's error log):
// what the server's logs/ routes take and answer, and what src/api/error-log.ts sends.
import { Type, type Static } from 'typebox';
import { Done, envelope, pageOf } from './envelope';
import { text } from './pieces';

const optional = Type.Optional;

// ---- Requests

/** One entry of the browser's error log as web/saveLogs takes it; text longer than a field's limit is refused. */
export const WebLogEntry = Type.Object({
  /** 'error' (uncaught), 'unhandledrejection', or 'request' (a failed call). */
  type: optional(text(50)),
  message: optional(text(5000)),
  stack: optional(text(20000)),
  /** Extra context: for a failed call the method, HTTP status and answer code. */
  info: optional(text(5000)),
  /** The page address for uncaught errors; the called address for failed calls. */
  url: optional(text(2000)),
  /** YYYY-MM-DD HH:mm:ss, the browser's local time. */
  time: optional(text(40)),
});
export type WebLogEntry = Static<typeof WebLogEntry>;

/** The most entries one web/saveLogs call takes. */
export const MAX_WEB_LOG_ENTRIES = 200;
export const WebLogBatch = Type.Array(WebLogEntry, { maxItems: MAX_WEB_LOG_ENTRIES });

// ---- Answers

const callFields = {
  id: Type.String(),
  tenantId: Type.String(),
  requestId: Type.String(),
  method: Type.String(),
  requestUri: Type.String(),
  status: Type.Integer(),
  userId: Type.String(),
  /** The caller's account. */
  createBy: Type.String(),
  remoteIp: Type.String(),
  /** yyyy-MM-dd HH:mm:ss */
  createTime: Type.String(),
};

/** A write call of the api log; `time`: how long it took, in milliseconds (BladeX's LogApi.time). */
export const ApiLogView = Type.Object({ ...callFields, time: Type.Integer() });
export type ApiLogView = Static<typeof ApiLogView>;

/** A 5xx answer of the error log, with the error's message. */
export const ErrorLogView = Type.Object({ ...callFields, message: Type.String() });
export type ErrorLogView = Static<typeof ErrorLogView>;

/** An entry of the browsers' error log. */
export const WebLogView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  userId: Type.String(),
  type: Type.String(),
  message: Type.String(),
  stack: Type.String(),
  info: Type.String(),
  url: Type.String(),
  /** When the browser saw it (its own clock, as sent). */
  time: Type.String(),
  /** yyyy-MM-dd HH:mm:ss */
  createTime: Type.String(),
});
export type WebLogView = Static<typeof WebLogView>;

/** The answers, as the routes declare them. */
export const logAnswers = {
  apiPage: envelope(pageOf(ApiLogView)),
  api: envelope(ApiLogView),
  errorPage: envelope(pageOf(ErrorLogView)),
  error: envelope(ErrorLogView),
  webPage: envelope(pageOf(WebLogView)),
  web: envelope(WebLogView),
  done: envelope(Done),
  /** web/saveLogs: how many entries were stored. */
  saved: envelope(Type.Integer()),
};
