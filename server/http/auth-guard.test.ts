import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/services/passwords';
import { SESSION_CACHE_TTL_MS, SessionCache } from '../auth/services/session-cache';
import type { AccessClaims } from '../auth/services/tokens';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../test-support/test-app';

let t: TestApp;

const login = async (username: string, tenantId = '100001') =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json();
const userInfo = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': `bearer ${token}` } });
const claimsOf = async (token: string) => (await t.deps.tokens.verifyAccess(token)) as AccessClaims;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('auth guard session cache', () => {
  it('refuses a logged-out session at once, though it was kept a moment before', async () => {
    const doctor = await login('doctor');
    expect((await userInfo(doctor.access_token)).statusCode).toBe(200);
    const { tenant_id, sid } = await claimsOf(doctor.access_token);
    expect(t.deps.sessions.session(tenant_id, sid)).toBeDefined();
    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: { 'blade-auth': `bearer ${doctor.access_token}` },
    });
    expect(logout.statusCode).toBe(200);
    const after = await userInfo(doctor.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('登录已失效，请重新登录');
  });

  it('refuses a session ended by a replayed refresh token at once', async () => {
    const nurse = await login('nurse');
    expect((await userInfo(nurse.access_token)).statusCode).toBe(200);
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token}`,
        headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      });
    expect((await refresh(nurse.refresh_token)).statusCode).toBe(200);
    expect((await refresh(nurse.refresh_token)).statusCode).toBe(401); // replayed: the session ends
    expect((await userInfo(nurse.access_token)).statusCode).toBe(401);
  });

  it('sees a revocation made outside this process within the documented TTL', async () => {
    const leader = await login('leader');
    expect((await userInfo(leader.access_token)).statusCode).toBe(200);
    const { sid } = await claimsOf(leader.access_token);
    // Another process (or SQL) revokes the session: this process does not hear of it…
    await t.deps.db
      .updateTable('blade_session')
      .set({ revoked_at: new Date(t.deps.now()) })
      .where('id', '=', sid)
      .execute();
    expect((await userInfo(leader.access_token)).statusCode).toBe(200);
    // …and reads the row again once the kept copy is SESSION_CACHE_TTL_MS old.
    t.advance(SESSION_CACHE_TTL_MS);
    expect((await userInfo(leader.access_token)).statusCode).toBe(401);
  });

  it('never lets a kept session of one tenant answer for a token of another tenant', async () => {
    const doctor = await login('doctor');
    const admin2 = await login('admin', '100002');
    const info1 = await userInfo(doctor.access_token);
    const info2 = await userInfo(admin2.access_token);
    expect(info1.json().data).toMatchObject({ tenantId: '100001', account: 'doctor' });
    expect(info2.json().data).toMatchObject({ tenantId: '100002', account: 'admin' });
    const c1 = await claimsOf(doctor.access_token);
    const c2 = await claimsOf(admin2.access_token);
    expect(t.deps.sessions.session(c1.tenant_id, c1.sid)).toBeDefined();
    expect(t.deps.sessions.session(c2.tenant_id, c2.sid)).toBeDefined();
    // Tokens signed with the server's own key (so only the session check can refuse them): each
    // names one tenant and the kept session id of the other.
    const { exp: _e1, iat: _i1, iss: _s1, token_type: _t1, ...claims1 } = c1 as AccessClaims & Record<string, unknown>;
    const { exp: _e2, iat: _i2, iss: _s2, token_type: _t2, ...claims2 } = c2 as AccessClaims & Record<string, unknown>;
    const crossed1 = await t.deps.tokens.signAccess({ ...(claims2 as AccessClaims), sid: c1.sid });
    const crossed2 = await t.deps.tokens.signAccess({ ...(claims1 as AccessClaims), sid: c2.sid });
    expect((await userInfo(crossed1)).statusCode).toBe(401);
    expect((await userInfo(crossed2)).statusCode).toBe(401);
    expect(t.deps.sessions.session('100002', c1.sid)).toBeUndefined();
    expect(t.deps.sessions.session('100001', c2.sid)).toBeUndefined();
    // The real tokens still answer as their own tenant.
    expect((await userInfo(doctor.access_token)).json().data).toMatchObject({ tenantId: '100001' });
    expect((await userInfo(admin2.access_token)).json().data).toMatchObject({ tenantId: '100002' });
  });

  it('refuses a kept token once it has expired', async () => {
    const doctor = await login('doctor');
    expect((await userInfo(doctor.access_token)).statusCode).toBe(200);
    t.advance(t.deps.tokens.accessTtl * 1000);
    const expired = await userInfo(doctor.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().msg).toBe('令牌无效或已过期，请重新登录');
  });

  it('stays within its bound under more sessions than it keeps, and still answers every one', async () => {
    const kept = t.deps.sessions;
    t.deps.sessions = new SessionCache(t.deps.now, { max: 2 });
    try {
      const tokens = [];
      for (const name of ['doctor', 'nurse', 'leader', 'cdc']) tokens.push((await login(name)).access_token as string);
      for (let round = 0; round < 2; round++) {
        for (const token of tokens) expect((await userInfo(token)).statusCode).toBe(200);
      }
      expect(t.deps.sessions.size).toEqual({ sessions: 2, tokens: 2 });
    } finally {
      t.deps.sessions = kept;
    }
  });
});
