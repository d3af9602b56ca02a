import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { BASIC, createTestApp, postToken, rsaEncrypt, type TestApp } from '../../test-support/test-app';
import { drawCaptcha, loginWithCaptcha } from '../../test-support/captcha';
import { TokenAnswer, UserInfo } from '../../../src/shared/contract/auth';

let t: TestApp;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' });
  publicKey = res.json().data;
});
afterAll(() => t.close());

describe('oauth/token', () => {
  it('serves the RSA public key as PEM in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blade-auth/oauth/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, success: true });
    expect(res.json().data).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('logs a doctor in with an RSA-encrypted password and answers the BladeX token fields', async () => {
    const res = await postToken(t.app, { username: 'doctor', password: rsaEncrypt(publicKey, SEED_PASSWORD) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    for (const key of [
      'access_token',
      'refresh_token',
      'token_type',
      'expires_in',
      'tenant_id',
      'user_id',
      'account',
      'user_name',
      'real_name',
      'avatar',
      'role_id',
      'role_name',
      'dept_id',
      'team_id',
      'oauth_id',
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body).toMatchObject({
      tenant_id: '100001',
      account: 'doctor',
      real_name: '张伟',
      role_name: '医生',
      dept_id: '2100',
      team_id: '2401',
      token_type: 'bearer',
    });
    expect(typeof body.user_id).toBe('string');
  });

  it('answers exactly the contract’s fields (src/shared/contract/auth.ts) in a token and the user info', async () => {
    const body = (await postToken(t.app, { username: 'doctor', password: rsaEncrypt(publicKey, SEED_PASSWORD) })).json();
    // A token answer has every field but the choices (those come without tokens).
    const tokenFields = Object.keys(TokenAnswer.properties).filter((k) => k !== 'choices');
    expect(Object.keys(body).sort()).toEqual(tokenFields.sort());
    const info = await t.app.inject({
      method: 'GET',
      url: '/blade-auth/oauth/user-info',
      headers: { 'blade-auth': `bearer ${body.access_token}` },
    });
    expect(Object.keys(info.json().data).sort()).toEqual(Object.keys(UserInfo.properties).sort());
  });

  it('accepts the md5 hex of the password from a client without the key', async () => {
    const res = await postToken(t.app, { username: 'nurse', password: md5Hex(SEED_PASSWORD) });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('answers a wrong password with error_description', async () => {
    const res = await postToken(t.app, { username: 'leader', password: rsaEncrypt(publicKey, 'Wrong@2026') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error_code: 400, error_description: '用户名或密码不正确' });
  });

  it('answers an unknown tenant with 租户ID未找到', async () => {
    const res = await postToken(t.app, { tenantId: '999999', username: 'doctor', password: md5Hex(SEED_PASSWORD) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toBe('租户ID未找到');
  });

  it('refuses a call without the Basic client authorisation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=100001&username=doctor&password=${md5Hex(SEED_PASSWORD)}&grant_type=password`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error_description).toBe('客户端认证失败');
  });

  it('locks the account at the fifth failure within 15 minutes: the sixth attempt fails even with the right password', async () => {
    for (let i = 1; i <= 5; i++) {
      const res = await postToken(t.app, { username: 'cdc', password: md5Hex(`Wrong@${i}`) });
      expect(res.statusCode).toBe(400);
    }
    const sixth = await postToken(t.app, { username: 'cdc', password: md5Hex(SEED_PASSWORD) });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error_description).toMatch(/账号已被锁定，请1[45]分钟后再试/);
    t.advance(15 * 60 * 1000 + 1000);
    const later = await postToken(t.app, { username: 'cdc', password: md5Hex(SEED_PASSWORD) });
    expect(later.statusCode).toBe(200);
    const log = await t.deps.db
      .selectFrom('blade_login_log')
      .select(['result', 'ip', 'tenant_id'])
      .where('account', '=', 'cdc')
      .orderBy('create_time')
      .execute();
    expect(log.map((r) => r.result)).toEqual(['failure', 'failure', 'failure', 'failure', 'locked', 'locked', 'success']);
    expect(log.every((r) => r.tenant_id === '100001' && r.ip.length > 0)).toBe(true);
  });

  it('logs a login name as one capped line: CR/LF written as escapes, an 8,000-character name cut', async () => {
    const forged = 'nobody\r\n2026-11-28 00:00:00 admin success 登录成功';
    await postToken(t.app, { username: forged, password: md5Hex('x') });
    await postToken(t.app, { username: 'a'.repeat(8000), password: md5Hex('x') });
    const rows = await t.deps.db
      .selectFrom('blade_login_log')
      .select(['account', 'message'])
      .where((eb) => eb.or([eb('account', 'like', 'nobody%'), eb('account', 'like', 'aaaa%')]))
      .execute();
    expect(rows.map((r) => r.account).sort()).toEqual(['a'.repeat(99) + '…', 'nobody\\r\\n2026-11-28 00:00:00 admin success 登录成功']);
    expect(rows.every((r) => !/[\r\n]/.test(r.account) && r.message === '用户名或密码不正确')).toBe(true);
  });

  it('gives a user with two departments the choices and no token, then a token once one is chosen', async () => {
    const first = await postToken(t.app, { username: 'multi', password: md5Hex(SEED_PASSWORD) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.access_token).toBeUndefined();
    expect(body.dept_id).toBe('2100,2200');
    expect(body.choices.depts.map((d: { deptName: string }) => d.deptName)).toEqual(['全科医疗科', '公共卫生科']);
    const chosen = await postToken(t.app, {
      username: 'multi',
      password: md5Hex(SEED_PASSWORD),
      headers: { 'dept-id': '2200', 'role-id': '2202' },
    });
    expect(chosen.json()).toMatchObject({ dept_id: '2200', role_id: '2202' });
    expect(chosen.json().access_token).toBeTruthy();
    const foreign = await postToken(t.app, { username: 'multi', password: md5Hex(SEED_PASSWORD), headers: { 'dept-id': '2300' } });
    expect(foreign.statusCode).toBe(400);
  });

  it('refreshes once per refresh token and logout revokes the session', async () => {
    const login = (await postToken(t.app, { username: 'doctor', password: md5Hex(SEED_PASSWORD) })).json();
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token}&scope=all`,
        headers: { authorization: BASIC, 'tenant-id': '100001' },
      });
    const refreshed = await refresh(login.refresh_token);
    expect(refreshed.json().error_description).toBeUndefined();
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.access_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(login.refresh_token);

    const info = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'blade-auth': `bearer ${next.access_token}` },
    });
    expect(info.json().data).toMatchObject({ account: 'doctor', realName: '张伟', roleName: '医生' });

    const logout = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/logout',
      headers: { 'blade-auth': `bearer ${next.access_token}` },
    });
    expect(logout.json()).toMatchObject({ code: 200, success: true });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/blade-auth/oauth/user-info',
      headers: { 'blade-auth': `bearer ${next.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('ends the session when an already used refresh token is replayed', async () => {
    const login = (await postToken(t.app, { username: 'nurse', password: md5Hex(SEED_PASSWORD) })).json();
    const refresh = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token}`,
        headers: { authorization: BASIC },
      });
    const first = await refresh(login.refresh_token);
    expect(first.statusCode).toBe(200);
    const good = first.json();
    expect((await refresh(login.refresh_token)).statusCode).toBe(401);
    expect((await refresh(good.refresh_token)).statusCode).toBe(401);
  });

  it('requires and checks the captcha in captcha mode', async () => {
    const c = await createTestApp({ captchaMode: true });
    try {
      const first = await drawCaptcha(c.app, c.deps.db);
      expect(first.image).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
      const noCode = await postToken(c.app, { username: 'doctor', password: md5Hex(SEED_PASSWORD), grantType: 'captcha' });
      expect(noCode.json().error_description).toBe('验证码不能为空');
      expect((await loginWithCaptcha(c.app, { key: first.key, code: 'xxxx' })).json().error_description).toBe('验证码不正确');
      // Three minutes and a millisecond later, the right digits are too late.
      const stale = await drawCaptcha(c.app, c.deps.db);
      c.advance(3 * 60 * 1000 + 1);
      expect((await loginWithCaptcha(c.app, stale)).json().error_description).toBe('验证码不正确');
      const issued = await drawCaptcha(c.app, c.deps.db);
      expect((await loginWithCaptcha(c.app, issued)).statusCode).toBe(200);
      // Spent by that login.
      expect((await loginWithCaptcha(c.app, issued)).json().error_description).toBe('验证码不正确');
    } finally {
      await c.close();
    }
  });
});
