import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../test-support/test-app';

/** Issue 22 §9: X-Forwarded-For is believed only from the proxies named in TRUST_PROXY. */
async function loggedIp(t: TestApp, account: string): Promise<string> {
  const row = await t.deps.db
    .selectFrom('blade_login_log')
    .select('ip')
    .where('account', '=', account)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.ip;
}

describe('client address behind proxies', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ trustProxy: ['10.0.0.0/8', '192.0.2.1'] });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('logs the peer, not a forged X-Forwarded-For, when no proxy is trusted (the default)', async () => {
    const res = await postToken(direct.app, {
      username: 'doctor',
      password: md5Hex(SEED_PASSWORD),
      headers: { 'x-forwarded-for': '<script>alert(1)</script>' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(await loggedIp(direct, 'doctor')).toBe('203.0.113.9');
  });

  it('logs the forwarded client when the peer is a trusted proxy, and ignores it from any other peer', async () => {
    await postToken(proxied.app, {
      username: 'nurse',
      password: md5Hex(SEED_PASSWORD),
      headers: { 'x-forwarded-for': '198.51.100.7' },
      remoteAddress: '10.1.2.3',
    });
    expect(await loggedIp(proxied, 'nurse')).toBe('198.51.100.7');
    await postToken(proxied.app, {
      username: 'leader',
      password: md5Hex(SEED_PASSWORD),
      headers: { 'x-forwarded-for': '198.51.100.8' },
      remoteAddress: '192.0.2.1',
    });
    expect(await loggedIp(proxied, 'leader')).toBe('198.51.100.8');
    await postToken(proxied.app, {
      username: 'cdc',
      password: md5Hex(SEED_PASSWORD),
      headers: { 'x-forwarded-for': '198.51.100.9' },
      remoteAddress: '203.0.113.10',
    });
    expect(await loggedIp(proxied, 'cdc')).toBe('203.0.113.10');
  });
});
