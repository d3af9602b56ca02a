import { afterEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  clearStore,
  getCookie,
  getLastTenantId,
  getRefreshToken,
  getStore,
  getToken,
  getUserInfo,
  needsChoice,
  setStore,
  storeLogin,
  STORE_KEYS,
} from './session';

afterEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});

describe('session storage', () => {
  it('reads one cookie out of several', () => {
    expect(getCookie('b', 'a=1; b=x%20y; c=3')).toBe('x y');
    expect(getCookie('d', 'a=1')).toBeUndefined();
  });

  it('stores a login: tokens in cookies, user in prefixed localStorage, no tokens in storage', () => {
    setStore(STORE_KEYS.tagList, [{ label: '旧' }]);
    setStore(STORE_KEYS.isLock, true, 'session');
    storeLogin({ access_token: 'a1', refresh_token: 'r1', tenant_id: '100001', account: 'doctor', real_name: '张医生' });
    expect(document.cookie).toContain('saber-access-token=a1');
    expect(getToken()).toBe('a1');
    expect(getRefreshToken()).toBe('r1');
    expect(getUserInfo()).toEqual({ tenant_id: '100001', account: 'doctor', real_name: '张医生' });
    expect(localStorage.getItem('saber-userInfo')).not.toContain('a1');
    expect(getStore(STORE_KEYS.tagList)).toBeUndefined();
    expect(getStore(STORE_KEYS.isLock, 'session')).toBeUndefined();
  });

  it('clearing keeps table_ keys and keys of others', () => {
    setStore('table_archives', { cols: 3 });
    setStore('menu', [1]);
    localStorage.setItem('other-app', 'x');
    clearStore('local');
    expect(getStore('table_archives')).toEqual({ cols: 3 });
    expect(getStore('menu')).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBe('x');
  });

  it('logout clears tokens, user, tabs and lock but remembers the last tenant', () => {
    storeLogin({ access_token: 'a1', refresh_token: 'r1', tenant_id: '100001' });
    setStore(STORE_KEYS.isLock, true, 'session');
    clearSession();
    expect(getToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(getUserInfo()).toBeUndefined();
    expect(getStore(STORE_KEYS.isLock, 'session')).toBeUndefined();
    expect(getLastTenantId()).toBe('100001');
  });

  it('a chosen logout forgets the drafts and their key; a timed-out session keeps them', () => {
    const seedDrafts = () => {
      storeLogin({ access_token: 'a1', refresh_token: 'r1', tenant_id: '100001' });
      setStore(`${STORE_KEYS.draftPrefix}7:9001:hypertensionfollowup:1`, { iv: 'i', data: 'd' });
      setStore(STORE_KEYS.draftKey, 'k', 'session');
    };
    seedDrafts();
    clearSession({ keepDrafts: true });
    expect(getToken()).toBeUndefined();
    expect(getStore(`${STORE_KEYS.draftPrefix}7:9001:hypertensionfollowup:1`)).toEqual({ iv: 'i', data: 'd' });
    expect(getStore(STORE_KEYS.draftKey, 'session')).toBe('k');

    seedDrafts();
    clearSession();
    expect(getStore(`${STORE_KEYS.draftPrefix}7:9001:hypertensionfollowup:1`)).toBeUndefined();
    expect(getStore(STORE_KEYS.draftKey, 'session')).toBeUndefined();
  });

  it('tells when a choice of department, role or team is needed', () => {
    expect(needsChoice({ dept_id: '11,12', role_id: '21' })).toBe(true);
    expect(needsChoice({ dept_id: '11', role_id: '21', team_id: '31,32' })).toBe(true);
    expect(needsChoice({ dept_id: '11', role_id: '21', team_id: '' })).toBe(false);
  });
});
