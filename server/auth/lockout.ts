/** Five failed attempts within 15 minutes lock the account for 15 minutes. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export interface FailureState {
  failed_count: number;
  first_failed_at: Date | null;
  locked_until: Date | null;
}

export function lockedMinutesLeft(state: FailureState, now: number): number {
  if (!state.locked_until || state.locked_until.getTime() <= now) return 0;
  return Math.ceil((state.locked_until.getTime() - now) / 60000);
}

/** The state after one more failed attempt at `now`. */
export function afterFailure(state: FailureState, now: number): FailureState {
  const windowOpen = state.first_failed_at !== null && now - state.first_failed_at.getTime() < FAILURE_WINDOW_MS && !expiredLock(state, now);
  const count = windowOpen ? state.failed_count + 1 : 1;
  const first = windowOpen && state.first_failed_at ? state.first_failed_at : new Date(now);
  if (count >= MAX_FAILURES) return { failed_count: 0, first_failed_at: null, locked_until: new Date(now + LOCK_MS) };
  return { failed_count: count, first_failed_at: first, locked_until: null };
}

function expiredLock(state: FailureState, now: number): boolean {
  return state.locked_until !== null && state.locked_until.getTime() <= now;
}

export const lockedMessage = (minutes: number) => `密码错误次数过多，账号已被锁定，请${minutes}分钟后再试`;
