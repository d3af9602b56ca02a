import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { md5Hex } from '../services/passwords';

/** Issue 22 §1: oauth/token and oauth/captcha are rate-limited per address and per account, in the database. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ rateLimit: { windowMs: 60_000, tokenPerIp: 6, tokenPerAccount: 3, captchaPerIp: 2 } });
});
afterAll(() => t.close());

const login = (username: string, remoteAddress: string) => postToken(t.app, { username, password: md5Hex(SEED_PASSWORD), remoteAddress });

describe('login rate limits', () => {
  it('refuses the fourth login of one account within the window with 429, a Chinese message and Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await login('doctor', '203.0.113.1')).statusCode).toBe(200);
    // From another address too: the account's count does not depend on where the calls come from.
    const refused = await login('doctor', '203.0.113.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_description).toMatch(/^登录尝试过于频繁，请\d+秒后再试$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another account from the same address is still let in; after the window the account is too.
    expect((await login('nurse', '203.0.113.2')).statusCode).toBe(200);
    t.advance(61_000);
    expect((await login('doctor', '203.0.113.3')).statusCode).toBe(200);
  });

  it('refuses the seventh call from one address whatever the account, counted in the database so another server on it agrees', async () => {
    t.advance(61_000);
    const second = await buildApp(t.deps);
    try {
      const accounts = ['leader', 'cdc', 'nobody-1', 'nobody-2', 'nobody-3', 'nobody-4'];
      // Half the calls to each server: the limit holds for the pair.
      for (const [i, account] of accounts.entries()) {
        const res = await postToken(i % 2 ? second : t.app, {
          username: account,
          password: md5Hex('Guess@1'),
          remoteAddress: '198.51.100.20',
        });
        expect(res.statusCode).not.toBe(429);
      }
      const seventh = await postToken(second, { username: 'admin', password: md5Hex(SEED_PASSWORD), remoteAddress: '198.51.100.20' });
      expect(seventh.statusCode).toBe(429);
      expect(seventh.headers['retry-after']).toBeDefined();
      expect(
        (await postToken(t.app, { username: 'admin', password: md5Hex(SEED_PASSWORD), remoteAddress: '198.51.100.21' })).statusCode,
      ).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('rate-limits the captcha per address with a Chinese envelope', async () => {
    const captcha = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/captcha', remoteAddress });
    expect((await captcha('192.0.2.50')).statusCode).toBe(200);
    expect((await captcha('192.0.2.50')).statusCode).toBe(200);
    const third = await captcha('192.0.2.50');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 429, success: false, data: null });
    expect(third.json().msg).toMatch(/^获取验证码过于频繁，请\d+秒后再试$/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await captcha('192.0.2.51')).statusCode).toBe(200);
  });
});
