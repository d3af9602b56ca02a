// blade_log_api and blade_log_error: what the server itself records about the calls it answers
// (logs/routes/request-logs.ts writes them, blade-log/api and blade-log/error read them). Both are audit
// tables: rows are only ever inserted.
import { sql, type Kysely, type Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { ApiLogTable, Database, ErrorLogTable } from '../../db/schema';
import { filterConditions, paging, type FilterColumn } from '../../platform/repositories/crud-filters';

export type ApiLogRow = Selectable<ApiLogTable>;
export type ErrorLogRow = Selectable<ErrorLogTable>;
export type LogListQuery = Record<string, unknown> & { current?: number; size?: number };

/** What both logs say about a call. */
export interface CallFacts {
  tenantId: string;
  requestId: string;
  userId: string;
  account: string;
  method: string;
  requestUri: string;
  status: number;
  remoteIp: string;
  time: Date;
}

const COMMON_FILTERS: Record<string, FilterColumn> = {
  requestId: { column: 'request_id', kind: 'text' },
  method: { column: 'method', kind: 'text' },
  requestUri: { column: 'request_uri', kind: 'text' },
  createBy: { column: 'account', kind: 'text' },
  status: { column: 'status', kind: 'number' },
  remoteIp: { column: 'remote_ip', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
};
const API_FILTERS: Record<string, FilterColumn> = { ...COMMON_FILTERS, time: { column: 'duration_ms', kind: 'number' } };
const ERROR_FILTERS: Record<string, FilterColumn> = { ...COMMON_FILTERS, message: { column: 'message', kind: 'text' } };

const where = (conditions: ReturnType<typeof filterConditions>) => sql<boolean>`${sql.join(conditions, sql` and `)}`;

/** The columns the api and error logs share: who called what, when, from where, and its status. */
const callColumns = (facts: CallFacts) => ({
  id: newId(facts.time.getTime()),
  tenant_id: facts.tenantId,
  request_id: facts.requestId,
  user_id: facts.userId,
  account: facts.account,
  method: facts.method,
  request_uri: facts.requestUri,
  status: facts.status,
  remote_ip: facts.remoteIp,
  create_time: facts.time,
});

/** One call for the api log: its facts and how long it took. */
export interface ApiLogEntry {
  facts: CallFacts;
  durationMs: number;
}

/** Several api log rows of one tenant in one statement (logs/services/api-log-writer.ts batches them). */
export async function insertApiLogs(db: Kysely<Database>, entries: readonly ApiLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('blade_log_api')
    .values(entries.map(({ facts, durationMs }) => ({ ...callColumns(facts), duration_ms: durationMs })))
    .execute();
}

export async function insertErrorLog(db: Kysely<Database>, facts: CallFacts, message: string): Promise<void> {
  await db
    .insertInto('blade_log_error')
    .values({ ...callColumns(facts), message })
    .execute();
}

/** A page of the tenant's api log, newest first. */
export async function listApiLogs(db: Kysely<Database>, tenantId: string, query: LogListQuery) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, API_FILTERS);
  const base = db
    .selectFrom('blade_log_api')
    .where('tenant_id', '=', tenantId)
    .$if(conditions.length > 0, (q) => q.where(where(conditions)));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

/** A page of the tenant's error log, newest first. */
export async function listErrorLogs(db: Kysely<Database>, tenantId: string, query: LogListQuery) {
  const { current, size, offset } = paging(query);
  const conditions = filterConditions(query, ERROR_FILTERS);
  const base = db
    .selectFrom('blade_log_error')
    .where('tenant_id', '=', tenantId)
    .$if(conditions.length > 0, (q) => q.where(where(conditions)));
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').limit(size).offset(offset).execute();
  return { rows, total, current, size };
}

export async function findApiLog(db: Kysely<Database>, tenantId: string, id: string): Promise<ApiLogRow | undefined> {
  return db.selectFrom('blade_log_api').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export async function findErrorLog(db: Kysely<Database>, tenantId: string, id: string): Promise<ErrorLogRow | undefined> {
  return db.selectFrom('blade_log_error').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}
