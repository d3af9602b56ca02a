import { afterEach, describe, expect, it } from 'vitest';
import { isLocked, setStore, STORE_KEYS } from '../../api/session';
import { tryUnlock } from './unlock';

afterEach(() => sessionStorage.clear());

describe('unlocking', () => {
  it('needs the lock password set before locking; the lock state lives in sessionStorage', () => {
    setStore(STORE_KEYS.lockPasswd, 'pw12', 'session');
    setStore(STORE_KEYS.isLock, true, 'session');
    expect(isLocked()).toBe(true);
    expect(tryUnlock('wrong')).toBe(false);
    expect(isLocked()).toBe(true);
    expect(tryUnlock('pw12')).toBe(true);
    expect(isLocked()).toBe(false);
  });

  it('never unlocks without a stored password', () => {
    setStore(STORE_KEYS.isLock, true, 'session');
    expect(tryUnlock('')).toBe(false);
    expect(isLocked()).toBe(true);
  });
});
