// The administrators' log viewers (blade-log api, error, web; spec 002 §7): each a page of the
// caller's tenant only, newest first, in BladeX's field names.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { NotFound, Refusal } from '../../domain/errors';
import {
  findApiLog,
  findErrorLog,
  listApiLogs,
  listErrorLogs,
  type ApiLogRow,
  type ErrorLogRow,
  type LogListQuery,
} from '../repositories/request-logs';
import { hideLogRows } from '../repositories/log-removals';
import { findWebLog, listWebLogs, shownWebLogIds, type WebLogRow } from '../repositories/web-log-admin';
import { idList, dateTime } from '../../forms/index';
import type { ApiLogView, ErrorLogView, WebLogView } from '../../../src/shared/contract/logs';

const NOT_FOUND = '日志不存在';
/** BladeX's 'yyyy-MM-dd HH:mm:ss', as every other list answers its times. */
const shownTime = (value: Date | string) => dateTime(new Date(value));

const callView = (row: ApiLogRow | ErrorLogRow): Omit<ApiLogView, 'time'> => ({
  id: row.id,
  tenantId: row.tenant_id,
  requestId: row.request_id,
  method: row.method,
  requestUri: row.request_uri,
  status: row.status,
  userId: row.user_id,
  createBy: row.account,
  remoteIp: row.remote_ip,
  createTime: shownTime(row.create_time),
});

/** `time`: how long the call took, in milliseconds (BladeX's LogApi.time). */
export const apiLogView = (row: ApiLogRow): ApiLogView => ({ ...callView(row), time: row.duration_ms });
export const errorLogView = (row: ErrorLogRow): ErrorLogView => ({ ...callView(row), message: row.message });
export const webLogView = (row: WebLogRow): WebLogView => ({
  id: row.id,
  tenantId: row.tenant_id,
  userId: row.user_id,
  type: row.type,
  message: row.message,
  stack: row.stack,
  info: row.info,
  url: row.url,
  /** When the browser saw it (its own clock, as sent). */
  time: row.log_time,
  createTime: shownTime(row.create_time),
});

export async function apiLogPage(db: Kysely<Database>, tenantId: string, query: LogListQuery) {
  const result = await listApiLogs(db, tenantId, query);
  return { ...result, rows: result.rows.map(apiLogView) };
}

export async function errorLogPage(db: Kysely<Database>, tenantId: string, query: LogListQuery) {
  const result = await listErrorLogs(db, tenantId, query);
  return { ...result, rows: result.rows.map(errorLogView) };
}

export async function webLogPage(db: Kysely<Database>, tenantId: string, query: LogListQuery) {
  const result = await listWebLogs(db, tenantId, query);
  return { ...result, rows: result.rows.map(webLogView) };
}

export async function apiLogDetail(db: Kysely<Database>, tenantId: string, id: string) {
  const row = await findApiLog(db, tenantId, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return apiLogView(row);
}

export async function errorLogDetail(db: Kysely<Database>, tenantId: string, id: string) {
  const row = await findErrorLog(db, tenantId, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return errorLogView(row);
}

export async function webLogDetail(db: Kysely<Database>, tenantId: string, id: string) {
  const row = await findWebLog(db, tenantId, id);
  if (!row) throw new NotFound(NOT_FOUND);
  return webLogView(row);
}

/** web/remove: the named rows leave the list (kept in the database: audit retention). */
export async function removeWebLogs(db: Kysely<Database>, tenantId: string, userId: string, raw: string, now: Date): Promise<void> {
  const ids = [...new Set(idList(raw))];
  if (ids.length === 0) throw new Refusal('请选择至少一条数据');
  const shown = await shownWebLogIds(db, tenantId, ids);
  if (shown.length !== ids.length) throw new NotFound(NOT_FOUND);
  await hideLogRows(db, 'blade_log_web_removed', tenantId, ids, userId, now);
}
