import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

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

export async function addLoginLog(db: Kysely<Database>, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('blade_login_log')
    .values({
      id: newId(attempt.time.getTime()),
      tenant_id: attempt.tenantId,
      account: attempt.account,
      user_id: attempt.userId,
      ip: attempt.ip,
      user_agent: attempt.userAgent.slice(0, 500),
      result: attempt.result,
      message: attempt.message,
      create_time: attempt.time,
    })
    .execute();
}

/** One user's own login history, newest first, a page at a time (the profile's 登录日志). */
export async function listUserLogins(db: Kysely<Database>, tenantId: string, userId: string, current: number, size: number) {
  const base = db.selectFrom('blade_login_log').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
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
