import { getStore, removeStore, STORE_KEYS } from '../../api/session';

/**
 * Unlocks when the password is the one set before locking (spec §4 Lock). Both live in
 * sessionStorage: the lock belongs to this browser tab's session and ends with it.
 */
export function tryUnlock(password: string): boolean {
  const expected = getStore<string>(STORE_KEYS.lockPasswd, 'session');
  if (!expected || password !== expected) return false;
  removeStore(STORE_KEYS.isLock, 'session');
  return true;
}
