import { describe, expect, it } from 'vitest';
import { getRefreshToken, getToken, setStore, setUserDefault } from '../../api/session';
import { blade, setupFakeServer } from '../../api/testing/fake-server';
import { keepOnlineMinutes, readMaintenance, refreshStoredToken, REFRESH_MARK_KEY } from './session-effects';
import { tokenIssuedAtMs } from './token-age';

const params: Record<string, string> = {};
const { seen } = setupFakeServer(
  (config) => {
    // The token endpoint answers bare OAuth JSON, not the Blade envelope.
    if (config.url === '/api/blade-auth/oauth/token')
      return { status: 200, data: { access_token: 'acc2', refresh_token: 'ref2', tenant_id: '100001' } };
    if (config.url?.endsWith('getByKey')) return blade(params[(config.params as { key: string }).key] ?? '');
    return undefined;
  },
  { login: { access_token: 'acc', refresh_token: 'ref', tenant_id: '100001', account: 'doctor' } },
);

describe('session effects', () => {
  it('refresh stores the new tokens and keeps the rest of the session', async () => {
    setStore('tagList', [{ label: '首页' }]);
    await refreshStoredToken(1_000_000);
    expect(getToken()).toBe('acc2');
    expect(getRefreshToken()).toBe('ref2');
    expect(seen[0]?.params as { grant_type: string; refresh_token: string }).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: 'ref',
    });
    expect(localStorage.getItem('saber-tagList')).not.toBeNull();
  });

  it('a second tab does not replay the refresh token another tab has just used', async () => {
    setStore(REFRESH_MARK_KEY, 1_000_000);
    await refreshStoredToken(1_000_000 + 5_000);
    expect(seen).toHaveLength(0);
    await refreshStoredToken(1_000_000 + 31_000);
    expect(seen).toHaveLength(1);
  });

  it('reads the token’s age from its iat claim', () => {
    const payload = btoa(JSON.stringify({ iat: 1_700_000_000 })).replace(/=+$/, '');
    expect(tokenIssuedAtMs(`h.${payload}.s`)).toBe(1_700_000_000_000);
    expect(tokenIssuedAtMs('not-a-jwt')).toBeUndefined();
  });

  it('keepOnlineTime comes from the user defaults, 20 minutes without', () => {
    expect(keepOnlineMinutes()).toBe(20);
    setUserDefault({ userId: '1', tenantId: '100001', account: 'doctor', keepOnlineTime: 35 });
    expect(keepOnlineMinutes()).toBe(35);
  });

  it('maintenance is on only when system_updating_tags is 1, with the copywriting', async () => {
    params.system_updating_tags = '0';
    expect(await readMaintenance()).toEqual({ on: false, text: '' });
    params.system_updating_tags = '1';
    params.system_updating_copywriting = '服务器将在{N}秒后重启';
    expect(await readMaintenance()).toEqual({ on: true, text: '服务器将在{N}秒后重启' });
  });
});
