/** Five failed attempts within 15 minutes lock the account for 15 minutes. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export interface FailureState {
  failed_count: number;
  first_failed_at: Date | null;
  locked_until: Date | null;
}

export function lockedMinutesLeft(state: Pick<FailureState, 'locked_until'>, now: number): number {
  if (!state.locked_until || state.locked_until.getTime() <= now) return 0;
  return Math.ceil((state.locked_until.getTime() - now) / 60000);
}

/** The rules auth/repositories/users.ts claimLoginAttempt applies in the database, at `now`. */
export const lockoutRules = (now: number) => ({
  now: new Date(now),
  windowMs: FAILURE_WINDOW_MS,
  maxFailures: MAX_FAILURES,
  lockMs: LOCK_MS,
});

export const lockedMessage = (minutes: number) => `密码错误次数过多，账号已被锁定，请${minutes}分钟后再试`;
