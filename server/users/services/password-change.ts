import type { AppDeps } from '../../app-deps';
import {
  verifyDigest,
  announceRevocation,
  forgetRevoked,
  insertSecurityLog,
  revokeUserSessions,
  setPasswordHash,
  type User,
} from '../../auth/index';
import { Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { rememberPassword, recentPasswordHashes } from '../repositories/password-history';

/** A new password may be none of the user's last this many (besides the current one). */
export const PASSWORD_HISTORY = 5;

export const REUSED_PASSWORD = `新密码不能与当前密码或最近${PASSWORD_HISTORY}次使用过的密码相同`;

/** Refuses a new password (its md5 digest) equal to the current one or one of the last PASSWORD_HISTORY. */
export async function assertPasswordNotReused(deps: AppDeps, user: User, newDigest: string): Promise<void> {
  const earlier = await recentPasswordHashes(deps.db, user, PASSWORD_HISTORY);
  for (const stored of [user.password_hash, ...earlier]) {
    if (await verifyDigest(newDigest, stored)) throw new Refusal(REUSED_PASSWORD);
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
  const revoked = await inTransaction(deps.db, async (trx) => {
    await rememberPassword(trx, user, user.password_hash, PASSWORD_HISTORY, at);
    await setPasswordHash(trx, user, change.newHash);
    const ids = await revokeUserSessions(trx, user.tenant_id, user.id, change.keepSessionId, at);
    const what = change.action === 'password_change' ? '修改密码' : `管理员${change.actor.account}重置密码`;
    await insertSecurityLog(trx, {
      tenantId: user.tenant_id,
      action: change.action,
      actor: change.actor,
      target: { id: user.id, account: user.account },
      ip: change.ip,
      userAgent: change.userAgent,
      message: `${what}，结束其他会话${ids.length}个`,
      time: at,
    });
    if (ids.length > 0) await announceRevocation(trx, deps.dbKind, user.tenant_id);
    return ids;
  });
  forgetRevoked(deps, user.tenant_id, revoked);
  return revoked.length;
}
