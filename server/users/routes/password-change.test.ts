import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { md5Hex } from '../../auth/services/passwords';
import { prepare } from '../../bootstrap';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { BASIC, createTestApp, postToken, rsaEncrypt, type TestApp } from '../../test-support/test-app';

/** Issue 22 §4: a password change or reset ends the user's other sessions, everywhere, and is logged. */
let t: TestApp;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp();
  publicKey = (await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data;
});
afterAll(() => t.close());

const session = async (username: string, password = SEED_PASSWORD, app = t.app) => {
  const res = await postToken(app, { username, password: md5Hex(password) });
  expect(res.statusCode).toBe(200);
  return { 'blade-auth': `bearer ${res.json().access_token as string}` };
};

const whoAmI = (headers: Record<string, string>, app = t.app) => app.inject({ method: 'GET', url: '/api/blade-user/info', headers });

const changePassword = (headers: Record<string, string>, oldPassword: string, next: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blade-user/update-password',
    headers,
    payload: { oldPassword: md5Hex(oldPassword), newPassword: rsaEncrypt(publicKey, next), newPassword1: rsaEncrypt(publicKey, next) },
  });

const securityLog = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/blade-log/usual/list?current=1&size=20${query}`, headers });

describe('own password change', () => {
  it("ends every other session of the user at once, keeps the caller's, and is in the security log", async () => {
    const here = await session('doctor');
    const elsewhereLogin = (await postToken(t.app, { username: 'doctor', password: md5Hex(SEED_PASSWORD) })).json();
    const elsewhere = { 'blade-auth': `bearer ${elsewhereLogin.access_token as string}` };
    expect((await whoAmI(elsewhere)).statusCode).toBe(200); // now kept in the session cache
    const changed = await changePassword(here, SEED_PASSWORD, 'Changed@2026a');
    expect(changed.json()).toMatchObject({ success: true, msg: '修改密码成功' });
    expect((await whoAmI(elsewhere)).statusCode).toBe(401);
    // Its refresh token is dead too: the session, not just the access token, has ended.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${elsewhereLogin.refresh_token as string}`,
      headers: { authorization: BASIC, 'tenant-id': '100001' },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await whoAmI(here)).statusCode).toBe(200);
    expect((await postToken(t.app, { username: 'doctor', password: md5Hex(SEED_PASSWORD) })).statusCode).toBe(400);
    await session('doctor', 'Changed@2026a');

    const admin = await session('admin');
    const log = await securityLog(admin, '&account=doctor');
    expect(log.statusCode).toBe(200);
    const [row] = log.json().data.records;
    expect(row).toMatchObject({ action: 'password_change', actorAccount: 'doctor', targetAccount: 'doctor' });
    expect(row.message).toMatch(/修改密码，结束其他会话\d+个/);
    const detail = await t.app.inject({ method: 'GET', url: `/api/blade-log/usual/detail?id=${row.id as string}`, headers: admin });
    expect(detail.json().data).toMatchObject({ id: row.id, action: 'password_change' });
    // Not for anyone else to read.
    expect((await securityLog(here)).statusCode).toBe(403);
  });

  it('refuses the current password and the last five', async () => {
    const headers = await session('leader');
    expect((await changePassword(headers, SEED_PASSWORD, SEED_PASSWORD)).json().msg).toBe('新密码不能与当前密码或最近5次使用过的密码相同');
    const passwords = [SEED_PASSWORD, 'Leader@1a', 'Leader@2a', 'Leader@3a', 'Leader@4a', 'Leader@5a'];
    for (let i = 1; i < passwords.length; i++)
      expect((await changePassword(headers, passwords[i - 1]!, passwords[i]!)).statusCode).toBe(200);
    // Leader@1a..4a and the seed are the last five before Leader@5a: all refused.
    for (const old of passwords.slice(0, 5))
      expect((await changePassword(headers, 'Leader@5a', old)).json().msg).toBe('新密码不能与当前密码或最近5次使用过的密码相同');
    expect((await changePassword(headers, 'Leader@5a', 'Leader@6a')).statusCode).toBe(200);
  });

  it('counts a wrong old password towards the lockout', async () => {
    const cdc = await session('cdc');
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push((await changePassword(cdc, `Wrong@${i}a`, 'Cdc@2026new')).json().msg);
    expect(answers.slice(0, 4)).toEqual(['原密码不正确', '原密码不正确', '原密码不正确', '原密码不正确']);
    expect(answers[4]).toMatch(/账号已被锁定/);
    const login = await postToken(t.app, { username: 'cdc', password: md5Hex(SEED_PASSWORD) });
    expect(login.json().error_description).toMatch(/账号已被锁定/);
    // Locked, even the right old password is not compared.
    expect((await changePassword(cdc, SEED_PASSWORD, 'Cdc@2026new')).json().msg).toMatch(/账号已被锁定/);
    t.advance(16 * 60 * 1000);
  });
});

describe('administrator reset', () => {
  it("gives a temporary password, ends all of the user's sessions and logs who reset whom", async () => {
    const nurse = await session('nurse');
    expect((await whoAmI(nurse)).statusCode).toBe(200);
    const admin = await session('admin');
    const reset = await t.app.inject({ method: 'POST', url: '/api/blade-user/reset-password?userIds=2303', headers: admin });
    expect(reset.statusCode).toBe(200);
    const [given] = reset.json().data;
    expect(given).toMatchObject({ userId: '2303', account: 'nurse' });
    expect((await whoAmI(nurse)).statusCode).toBe(401);
    await session('nurse', given.password as string);
    const [row] = (await securityLog(admin, '&action=password_reset')).json().data.records;
    expect(row).toMatchObject({ action: 'password_reset', actorAccount: 'admin', targetAccount: 'nurse' });
  });

  it("is for administrators of the user's own tenant only", async () => {
    const doctor = await session('doctor', 'Changed@2026a');
    expect((await t.app.inject({ method: 'POST', url: '/api/blade-user/reset-password?userIds=2303', headers: doctor })).statusCode).toBe(
      403,
    );
    const admin = await session('admin');
    // 3301 is the second tenant's administrator.
    const foreign = await t.app.inject({ method: 'POST', url: '/api/blade-user/reset-password?userIds=3301', headers: admin });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/blade-user/reset-password', headers: admin })).json().msg).toBe('请选择用户');
  });
});

describe.skipIf(!process.env.TEST_PG_URL)('two server processes on one PostgreSQL database', () => {
  it('a change on one ends the session kept by the other at once', async () => {
    const opened = await openDatabase({ databaseUrl: t.databaseUrl });
    const other = await buildApp(await prepare(opened, testConfig(), t.deps.now));
    try {
      const there = await session('admin', SEED_PASSWORD, other);
      expect((await whoAmI(there, other)).statusCode).toBe(200); // kept in the other process's cache
      const here = await session('admin');
      expect((await changePassword(here, SEED_PASSWORD, 'Admin@2026x')).statusCode).toBe(200);
      // The notification arrives after the commit: well under the cache's 5 s, allow it 1 s.
      let status = 200;
      for (let waited = 0; waited < 1000 && status === 200; waited += 50) {
        status = (await whoAmI(there, other)).statusCode;
        if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(401);
    } finally {
      await other.close();
      await opened.close();
    }
  });
});
