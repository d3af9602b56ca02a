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
