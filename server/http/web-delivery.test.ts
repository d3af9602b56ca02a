import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../test-support/test-app';

/** A built web app as Vite lays it out: index.html and hashed files under assets/. */
const ASSET = 'assets/archive-list-page-Ab3_x-9Z.js';
const ASSET_SOURCE = `export function ArchiveListPage() {}\n${'// 居民健康档案列表 '.repeat(400)}\n`;
let webRoot: string;
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'web-delivery-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-Qw12Er34.js"></script></body></html>',
  );
  fs.writeFileSync(path.join(webRoot, ASSET), ASSET_SOURCE);
  fs.writeFileSync(path.join(webRoot, 'favicon.ico'), 'icon');
  t = await createTestApp({ webRoot });
  adminToken = (await postToken(t.app, { username: 'admin', password: md5Hex(SEED_PASSWORD) })).json().access_token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const menuRoutes = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/blade-system/menu/routes',
    headers: { 'blade-auth': `bearer ${adminToken}`, ...(acceptEncoding && { 'accept-encoding': acceptEncoding }) },
  });

describe('compression (issue 17)', () => {
  it('gzips an API JSON answer for a browser that accepts gzip, and the JSON is intact', async () => {
    const plain = await menuRoutes();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gzipped = await menuRoutes('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('prefers brotli when the browser offers both, as Chromium does', async () => {
    const res = await menuRoutes('gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).success).toBe(true);
  });

  it('compresses the web app’s JavaScript files', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString('utf8')).toBe(ASSET_SOURCE);
  });
});

describe('browser caching of the web app (issue 17)', () => {
  it('lets browsers keep a content-hashed asset for a year without asking again', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/${ASSET}` });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate index.html — at / and at any client route — so a new build is seen at once', async () => {
    for (const url of ['/', '/login', '/publichealthwork/index']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('revalidates files without a content hash too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers through helmet (issue 17)', () => {
  it('sends the same CSP without unsafe-eval and helmet’s protections on API answers, pages and assets', async () => {
    for (const url of ['/api/blade-auth/oauth/login-config', '/login', `/${ASSET}`, '/api/blade-nothing/here']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      // helmet's defaults would add it, and it breaks a plain-HTTP intranet deployment.
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });
});
