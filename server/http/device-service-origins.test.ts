import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceServiceOrigins, loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The connect-src directive of an answer's CSP, as its list of sources. */
const connectSrc = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src'))
    ?.split(/\s+/)
    .slice(1);

describe('the devices’ local services in the CSP (DEVICE_SERVICE_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deviceServiceOrigins: deviceServiceOrigins('http://127.0.0.1:19196, https://LOCALHOST:8443') });
  });
  afterAll(async () => t.close());

  it('lets the page call the configured origins, and nothing else changes', async () => {
    for (const url of ['/api/blade-auth/oauth/login-config', '/api/blade-nothing/here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'http://127.0.0.1:19196', 'https://localhost:8443']);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("img-src 'self' data: blob:;");
    }
  });

  it('without the setting the page calls its own origin only', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/login-config' });
      expect(connectSrc(res.headers['content-security-policy'])).toEqual(["'self'"]);
    } finally {
      await plain.close();
    }
  });

  it('reads origins: trimmed, lower-cased, each once; none when unset', () => {
    expect(
      loadConfig({ DEVICE_SERVICE_ORIGINS: ' http://127.0.0.1:19196 ,http://127.0.0.1:19196,http://localhost:8000' }).deviceServiceOrigins,
    ).toEqual(['http://127.0.0.1:19196', 'http://localhost:8000']);
    expect(loadConfig({}).deviceServiceOrigins).toEqual([]);
  });

  it('refuses anything but http(s)://host:port, naming the entry', () => {
    for (const bad of [
      'http://127.0.0.1:19196/readcard',
      '127.0.0.1:19196',
      'http://127.0.0.1',
      'ws://127.0.0.1:19196',
      'http://*:19196',
      "http://127.0.0.1:1; script-src 'unsafe-eval'",
      'http://127.0.0.1:70000',
      'http://user@127.0.0.1:19196',
    ]) {
      expect(() => deviceServiceOrigins(`http://localhost:8000,${bad}`), bad).toThrow(
        `DEVICE_SERVICE_ORIGINS: "${bad.trim()}" is not an origin`,
      );
    }
  });

  it('a server given a wrong origin does not start, and says why', () => {
    const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: { ...process.env, DEVICE_SERVICE_ORIGINS: 'http://127.0.0.1:19196/readcard', PORT: '1', WEB_ROOT: '', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('[server] failed to start: DEVICE_SERVICE_ORIGINS: "http://127.0.0.1:19196/readcard" is not an origin');
  });
});
