import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { md5Hex } from '../auth/services/passwords';
import { prepare } from '../bootstrap';
import { testConfig } from '../config';
import { openDatabase } from '../db/open';
import { SEED_PASSWORD } from '../seed/seed-data';
import { BASIC, rsaEncrypt } from '../test-support/test-app';
import { redactUrl, REQUEST_ID_HEADER } from './logging';

interface LogLine {
  reqId?: string;
  tenantId?: string;
  userId?: string;
  msg?: string;
  req?: { url?: string };
}

/** Every line a server at LOG_LEVEL=info writes, captured (issue 17: no secret in a captured log). */
const lines: string[] = [];
let opened: Awaited<ReturnType<typeof openDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  opened = await openDatabase({});
  const deps = await prepare(opened, testConfig({ logLevel: 'info' }));
  app = await buildApp(deps, { logDestination: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await opened.close();
});

describe('structured logs (issue 17)', () => {
  it('carry a request id on every line, the caller after sign-in, and no password, token or secret', async () => {
    const publicKey = (await app.inject({ method: 'GET', url: '/api/blade-auth/oauth/public-key' })).json().data as string;
    const encrypted = rsaEncrypt(publicKey, SEED_PASSWORD);
    const token = (query: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '100001', scope: 'all', type: 'account', ...query })}`,
        headers: { authorization: BASIC, 'tenant-id': '100001' },
      });
    // A wrong password, then the real login — both with the RSA-encrypted password in the URL, as the browser sends it.
    const wrongEncrypted = rsaEncrypt(publicKey, 'Wrong@2026');
    expect((await token({ grant_type: 'password', username: 'doctor', password: wrongEncrypted })).statusCode).toBe(400);
    const login = (await token({ grant_type: 'password', username: 'doctor', password: encrypted })).json() as {
      access_token: string;
      refresh_token: string;
      user_id: string;
    };
    expect(login.access_token).toBeTruthy();
    const refreshed = (await token({ grant_type: 'refresh_token', refresh_token: login.refresh_token })).json() as {
      access_token: string;
      refresh_token: string;
    };
    const auth = { 'blade-auth': `bearer ${refreshed.access_token}`, cookie: 'JSESSIONID=cookie-secret-1234' };
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/blade-auth/oauth/user-info',
          headers: { ...auth, [REQUEST_ID_HEADER]: 'client-req-0042' },
        })
      ).statusCode,
    ).toBe(200);
    const oldPassword = md5Hex('Not@thePassword1');
    const newPassword = rsaEncrypt(publicKey, 'Fresh@2026b');
    const change = await app.inject({
      method: 'POST',
      url: '/api/blade-user/update-password',
      headers: auth,
      payload: { oldPassword, newPassword, newPassword1: newPassword },
    });
    expect(change.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `/api/blade-system/menu/routes?access_token=${refreshed.access_token}`, headers: auth }))
        .statusCode,
    ).toBe(200);

    const text = lines.join('');
    const secrets = {
      'plain password': SEED_PASSWORD,
      'md5 of the password': md5Hex(SEED_PASSWORD),
      'RSA-encrypted password': encrypted,
      'RSA-encrypted password, URL-encoded': encodeURIComponent(encrypted),
      'wrong password, URL-encoded': encodeURIComponent(wrongEncrypted),
      'old password of the change': oldPassword,
      'new password of the change': newPassword,
      'access token': login.access_token,
      'refresh token': login.refresh_token,
      'refreshed access token': refreshed.access_token,
      'client secret': 'saber_secret',
      'Basic credentials': BASIC.slice('Basic '.length),
      cookie: 'cookie-secret-1234',
    };
    for (const [what, secret] of Object.entries(secrets)) expect(text.includes(secret), `${what} appears in the log`).toBe(false);

    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    expect(parsed.length).toBeGreaterThanOrEqual(14); // two lines (incoming, completed) per request
    for (const line of parsed) expect(line.reqId, JSON.stringify(line)).toMatch(/\S/);
    // The login URL is logged, with its password hidden.
    const loginLine = parsed.find((line) => line.req?.url?.includes('grant_type=password'));
    expect(loginLine?.req?.url).toContain('password=%5B');
    // A well-formed id from the caller names the request's lines; the completion line knows the caller.
    const named = parsed.filter((line) => line.reqId === 'client-req-0042');
    expect(named.length).toBe(2);
    expect(named.find((line) => line.msg === 'request completed')).toMatchObject({ tenantId: '100001', userId: login.user_id });
  });

  it('hides the value of every secret-looking query parameter, whatever its case or spelling', () => {
    expect(redactUrl('/blade-auth/oauth/token?tenantId=100001&username=doctor&password=abc%2B%3D&grant_type=password')).toBe(
      '/blade-auth/oauth/token?tenantId=100001&username=doctor&password=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&grant_type=password',
    );
    expect(redactUrl('/x?refresh_token=r&Access_Token=a&newPassword1=p&client_secret=s&keep=1')).toBe(
      '/x?refresh_token=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&Access_Token=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&newPassword1=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&client_secret=%5B%E5%B7%B2%E9%9A%90%E8%97%8F%5D&keep=1',
    );
    expect(redactUrl('/x/y')).toBe('/x/y');
  });
});
