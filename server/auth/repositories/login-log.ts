import { sql, type Kysely } from 'kysely';
import { newId } from '../../db/ids';
import { loggedText } from '../../domain/logged-text';
import { filterConditions, type FilterColumn } from '../../platform/repositories/crud-filters';
import type { Database } from '../../db/schema';

export type LoginResult = 'success' | 'failure' | 'locked' | 'rejected';

export interface LoginAttempt {
  tenantId: string;
  account: string;
  userId: string | null;
  ip: string;
  userAgent: string;
  result: LoginResult;
  message: string;
  time: Date;
}

/** The longest login name a log row keeps (an account is at most 45 characters; longer is an attack). */
const ACCOUNT_MAX = 100;

export async function addLoginLog(db: Kysely<Database>, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('blade_login_log')
    .values({
      id: newId(attempt.time.getTime()),
      tenant_id: attempt.tenantId,
      account: loggedText(attempt.account, ACCOUNT_MAX),
      user_id: attempt.userId,
      ip: attempt.ip,
      user_agent: loggedText(attempt.userAgent, 500),
      result: attempt.result,
      message: loggedText(attempt.message, 500),
      create_time: attempt.time,
    })
    .execute();
}

/** The log's live rows of a tenant: rows an administrator removed (loglogin/remove, migration 015) are hidden, never deleted. */
const liveLogins = (db: Kysely<Database>, tenantId: string) =>
  db
    .selectFrom('blade_login_log')
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('blade_login_log_removed as r').select('r.id').whereRef('r.id', '=', 'blade_login_log.id'))),
    );

/** A page of those rows, newest first, with their total. */
async function pageOfLogins(base: ReturnType<typeof liveLogins>, current: number, size: number) {
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'account', 'ip', 'result', 'message', 'create_time', 'user_agent'])
      .orderBy('create_time', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** One user's own login history, newest first, a page at a time (the profile's 登录日志). */
export async function listUserLogins(db: Kysely<Database>, tenantId: string, userId: string, current: number, size: number) {
  return pageOfLogins(liveLogins(db, tenantId).where('user_id', '=', userId), current, size);
}

const TENANT_LOG_FILTERS: Record<string, FilterColumn> = {
  account: { column: 'account', kind: 'text' },
  ip: { column: 'ip', kind: 'text' },
  result: { column: 'result', kind: 'text' },
  createTime: { column: 'create_time', kind: 'date' },
};

/**
 * The tenant's login log for its administrators (登录日志, /monitor/log/login), newest first, with
 * the BladeX search conditions on account, ip, result and time (crud-filters.ts). Rows an
 * administrator removed are hidden, never deleted.
 */
export async function listTenantLogins(
  db: Kysely<Database>,
  tenantId: string,
  query: Record<string, unknown>,
  current: number,
  size: number,
) {
  const conditions = filterConditions(query, TENANT_LOG_FILTERS);
  const base = liveLogins(db, tenantId).$if(conditions.length > 0, (q) => q.where(sql<boolean>`${sql.join(conditions, sql` and `)}`));
  return pageOfLogins(base, current, size);
}
