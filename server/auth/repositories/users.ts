import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, UserTable } from '../../db/schema';

export type User = Selectable<UserTable>;

export async function findUserByAccount(db: Kysely<Database>, tenantId: string, account: string): Promise<User | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export async function findUserById(db: Kysely<Database>, tenantId: string, id: string): Promise<User | undefined> {
  return db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}

export interface LoginAttemptRules {
  now: Date;
  /** Failures counted together when they fall within this window (ms). */
  windowMs: number;
  /** The failure that reaches this count locks the account. */
  maxFailures: number;
  lockMs: number;
}

/**
 * Counts one login attempt as a failure *before* its password is compared, in one atomic
 * UPDATE … RETURNING: concurrent attempts (any process) each get their own number, so at most
 * `maxFailures` passwords are ever compared per lock period. The attempt that takes the last
 * allowed number sets the lock at once; a correct password then lifts it again (clearLoginFailures).
 * No row back: the account is locked now (or gone) and its password must not be compared.
 */
export async function claimLoginAttempt(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'tenant_id'>,
  rules: LoginAttemptRules,
): Promise<{ failedCount: number; lockedUntil: Date | null } | undefined> {
  const windowStart = new Date(rules.now.getTime() - rules.windowMs);
  const lockUntil = new Date(rules.now.getTime() + rules.lockMs);
  // An expired lock (locked_until set but past: the WHERE keeps live ones out) starts a new window.
  const inWindow = sql<boolean>`(first_failed_at IS NOT NULL AND first_failed_at > ${windowStart} AND locked_until IS NULL)`;
  const nextCount = sql<number>`(CASE WHEN ${inWindow} THEN failed_count + 1 ELSE 1 END)`;
  const row = await db
    .updateTable('blade_user')
    .set({
      failed_count: nextCount,
      first_failed_at: sql<Date>`(CASE WHEN ${inWindow} THEN first_failed_at ELSE ${rules.now} END)`,
      locked_until: sql<Date | null>`(CASE WHEN ${nextCount} >= ${rules.maxFailures} THEN ${lockUntil}::timestamptz ELSE NULL END)`,
    })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', rules.now)]))
    .returning(['failed_count', 'locked_until'])
    .executeTakeFirst();
  return row ? { failedCount: row.failed_count, lockedUntil: row.locked_until } : undefined;
}

/** A correct password: the attempts counted so far (and a lock the same attempt set) are forgotten. */
export async function clearLoginFailures(db: Kysely<Database>, user: Pick<User, 'id' | 'tenant_id'>): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ failed_count: 0, first_failed_at: null, locked_until: null })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .execute();
}

export async function rememberLastChoice(
  db: Kysely<Database>,
  user: Pick<User, 'id' | 'tenant_id'>,
  choice: { deptId: string; roleId: string; teamId: string },
): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ last_dept_id: choice.deptId, last_role_id: choice.roleId, last_team_id: choice.teamId || null })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .execute();
}

/** The columns a user may change on their own profile (blade-user/update-info). */
export type ProfileChange = Partial<Pick<Updateable<UserTable>, 'real_name' | 'name' | 'phone' | 'email' | 'avatar' | 'keep_online_time'>>;

export async function updateOwnProfile(db: Kysely<Database>, tenantId: string, userId: string, change: ProfileChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db.updateTable('blade_user').set(change).where('tenant_id', '=', tenantId).where('id', '=', userId).execute();
}

/** The platform info (blade-user/update-platform): user_ext holds `{accounts, authorizeCode}` as JSON. */
export async function updateUserPlatform(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  userType: string,
  userExt: string,
): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ user_type: userType, user_ext: userExt })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

/** A new password hash; it also clears the login failures and any lock (an administrator's reset unlocks). */
export async function setPasswordHash(db: Kysely<Database>, user: Pick<User, 'id' | 'tenant_id'>, hash: string): Promise<void> {
  await db
    .updateTable('blade_user')
    .set({ password_hash: hash, failed_count: 0, first_failed_at: null, locked_until: null })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .execute();
}

/** The lock that refused an attempt, read again: the user row in hand may be older than the lock. */
export async function findLiveLock(db: Kysely<Database>, user: Pick<User, 'id' | 'tenant_id'>): Promise<{ locked_until: Date | null }> {
  const row = await db
    .selectFrom('blade_user')
    .select('locked_until')
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .executeTakeFirst();
  return row ?? { locked_until: null };
}
