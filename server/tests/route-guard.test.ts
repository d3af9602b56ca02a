import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The routes that answer without a token, and only these. */
const PUBLIC = new Set([
  'GET /blade-auth/oauth/login-config',
  // A load balancer's liveness and readiness probes (http/health.ts): no tenant data, no token to send.
  'GET /health',
  'GET /ready',
  'GET /blade-auth/oauth/public-key',
  'GET /blade-auth/oauth/captcha',
  'POST /blade-auth/oauth/token',
  // The login page finds its institution by domain before anyone signs in: id and name only.
  'GET /blade-system/tenant/info',
  // Files are fetched by <img> tags, which send no token; their ids are random UUIDs.
  'GET /blade-resource/oss/file/:id',
  // Single sign-on starts before any login; both answer that no SSO provider is configured.
  'GET /blade-user/sso/yunan/get-token-by-ticket/:a/:b',
  'POST /blade-user/sso/yunan/login/:x',
  // The login page's registration (spec 000 §7): it creates a disabled guest with no role, and is
  // rate limited per client address (users/routes/user-admin.ts).
  'POST /blade-user/register-guest',
]);

describe('route guard', () => {
  it('lets no route outside the public list answer without a token', async () => {
    const routes = t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(10);
    const declaredPublic = routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    expect(new Set(declaredPublic)).toEqual(PUBLIC);
    for (const route of routes.filter((r) => !r.public)) {
      const url = `/api${route.url.replace(/:(\w+)/g, '1')}`;
      const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: 401, success: false });
    }
  });

  it('answers a forged or malformed token with a 401 envelope', async () => {
    for (const value of ['bearer abc.def.ghi', 'bearer', 'Basic xyz']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/user-info', headers: { 'blade-auth': value } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, success: false, data: null, msg: expect.stringMatching(/令牌/) });
    }
  });

  it('accepts every path with and without the /api prefix', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/login-config' });
    const b = await t.app.inject({ method: 'GET', url: '/blade-auth/oauth/login-config' });
    expect(a.json()).toEqual(b.json());
    expect(a.json().data).toEqual({ tenantMode: true, captchaMode: false, defaultTenantId: '000000' });
  });

  it('answers an unknown API path with a Chinese 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404, success: false, msg: expect.stringContaining('接口不存在') });
  });

  it('sends a Content-Security-Policy without unsafe-eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/login-config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
