import type { AppDeps } from '../app-deps';
import { verifyDigest } from '../auth/passwords';
import { announceRevocation, forgetRevoked } from '../auth/session-revocation';
import { newId } from '../db/ids';
import { badRequest } from '../http/envelope';
import { inTransaction } from '../repositories/form-transaction';
import { revokeUserSessions } from '../repositories/sessions';
import type { User } from '../repositories/users';

/** A new password may be none of the user's last this many (besides the current one). */
export const PASSWORD_HISTORY = 5;

export const REUSED_PASSWORD = `新密码不能与当前密码或最近${PASSWORD_HISTORY}次使用过的密码相同`;

/** Refuses a new password (its md5 digest) equal to the current one or one of the last PASSWORD_HISTORY. */
export async function assertPasswordNotReused(deps: AppDeps, user: User, newDigest: string): Promise<void> {
  const earlier = await deps.db
    .selectFrom('blade_password_history')
    .select('password_hash')
    .where('tenant_id', '=', user.tenant_id)
    .where('user_id', '=', user.id)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(PASSWORD_HISTORY)
    .execute();
  for (const stored of [user.password_hash, ...earlier.map((row) => row.password_hash)]) {
    if (await verifyDigest(newDigest, stored)) throw badRequest(REUSED_PASSWORD);
  }
}

export interface PasswordChange {
  user: User;
  newHash: string;
  action: 'password_change' | 'password_reset';
  actor: { id: string; account: string };
  /** The caller's own session, kept on an own change; null ends every session (a reset). */
  keepSessionId: string | null;
  ip: string;
  userAgent: string;
}

/**
 * Stores a new password (issue 22 §4) in one transaction: the old hash into the history, the new
 * one (and no lock: an administrator's reset unlocks), every other session of the user revoked, one
 * row in the security log an administrator can search, and on PostgreSQL a notification so every
 * other server process drops those sessions at once. Answers how many sessions ended.
 */
export async function applyPasswordChange(deps: AppDeps, change: PasswordChange): Promise<number> {
  const { user } = change;
  const at = new Date(deps.now());
  const revoked = await inTransaction(deps.db, deps.dbKind, async (trx) => {
    await trx.insertInto('blade_password_history').values({ id: newId(at.getTime()), tenant_id: user.tenant_id, user_id: user.id, password_hash: user.password_hash, create_time: at }).execute();
    await trx
      .updateTable('blade_user')
      .set({ password_hash: change.newHash, failed_count: 0, first_failed_at: null, locked_until: null })
      .where('tenant_id', '=', user.tenant_id)
      .where('id', '=', user.id)
      .execute();
    // Only the last PASSWORD_HISTORY are ever compared: older ones are not kept.
    const kept = trx
      .selectFrom('blade_password_history')
      .select('id')
      .where('tenant_id', '=', user.tenant_id)
      .where('user_id', '=', user.id)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(PASSWORD_HISTORY);
    await trx.deleteFrom('blade_password_history').where('tenant_id', '=', user.tenant_id).where('user_id', '=', user.id).where('id', 'not in', kept).execute();
    const ids = await revokeUserSessions(trx, user.tenant_id, user.id, change.keepSessionId, at);
    const what = change.action === 'password_change' ? '修改密码' : `管理员${change.actor.account}重置密码`;
    await trx
      .insertInto('blade_log_security')
      .values({
        id: newId(at.getTime()),
        tenant_id: user.tenant_id,
        action: change.action,
        actor_id: change.actor.id,
        actor_account: change.actor.account,
        target_id: user.id,
        target_account: user.account,
        ip: change.ip,
        user_agent: change.userAgent.slice(0, 500),
        message: `${what}，结束其他会话${ids.length}个`,
        create_time: at,
      })
      .execute();
    if (ids.length > 0) await announceRevocation(trx, deps.dbKind, user.tenant_id);
    return ids;
  });
  forgetRevoked(deps, user.tenant_id, revoked);
  return revoked.length;
}
