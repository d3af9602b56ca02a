import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../app-deps';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { registerRouteAccess } from '../../http/route-access';
import { ROUTE_ACCESS_TABLE, SEEDED_ACCOUNTS, type SeededAccount } from './route-access.table';

// Its own app and database: the calls below may change this database freely.
let t: TestApp;
const callers = new Map<SeededAccount, Caller>();
beforeAll(async () => {
  // Not recorded as spec coverage (test-support/spec-hits.ts): a call with minimal input proves who
  // may call the route, nothing about what it answers — like the route guard's 401s.
  const hitsDir = process.env.SPEC_HITS_DIR;
  delete process.env.SPEC_HITS_DIR;
  try {
    t = await createTestApp();
  } finally {
    if (hitsDir !== undefined) process.env.SPEC_HITS_DIR = hitsDir;
  }
  for (const account of SEEDED_ACCOUNTS) callers.set(account, await loginAs(t.app, account));
});
afterAll(() => t.close());

const routeKeys = () => [
  ...new Set(t.app.routeCatalogue.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS').map((r) => `${r.method} ${r.url}`)),
];

// Logging out ends the session the rest of the calls use: last.
const LOGOUT = 'GET /blade-auth/oauth/logout';

describe('role × route matrix (issue 22 §3)', () => {
  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = routeKeys();
    expect(registered.length).toBeGreaterThan(100);
    for (const key of registered)
      expect(ROUTE_ACCESS_TABLE[key], `新增路由 ${key} 没有在权限表中登记 (server/tests/route-access/route-access.table.ts)`).toBeDefined();
    for (const key of Object.keys(ROUTE_ACCESS_TABLE)) expect(registered, `权限表中的路由 ${key} 已不存在`).toContain(key);
  });

  it('answers every seeded role as the table says: 403 when not allowed, anything else when allowed', async () => {
    const keys = routeKeys().sort((a, b) => Number(a === LOGOUT) - Number(b === LOGOUT));
    const wrong: string[] = [];
    for (const account of SEEDED_ACCOUNTS) {
      const caller = callers.get(account)!;
      for (const key of keys) {
        const allowed = ROUTE_ACCESS_TABLE[key];
        if (!allowed) continue; // reported by the test above
        const [method, path] = key.split(' ') as [string, string];
        const url = `/api${path.replace(/:\w+/g, '1')}`;
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { 'blade-auth': `bearer ${caller.token}` },
          ...(method !== 'GET' && { payload: {} }),
        });
        const mayCall = allowed === 'public' || allowed.includes(account);
        // Minimal input: an allowed call may well answer 400 (missing parameter) or 404; it must not be refused or logged out.
        // (A public route answers its own 401s — oauth/token without client credentials.)
        const ok = mayCall ? res.statusCode !== 403 && (allowed === 'public' || res.statusCode !== 401) : res.statusCode === 403;
        if (!ok) wrong.push(`${account} ${key}: ${res.statusCode} (${mayCall ? '应允许' : '应拒绝 403'}) ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('answers a refused role with the Chinese 403 envelope, before reading its input', async () => {
    // A fresh login: the matrix logged the seeded sessions out.
    const nurse = await loginAs(t.app, 'nurse');
    const res = await nurse.post('/api/blade-system/systemparam/remove?ids=not-even-valid');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, success: false, data: null, msg: '您没有权限执行此操作' });
  });
});

describe('disease control observes, does not edit follow-ups', () => {
  it('refuses cdc listing, reading, creating and removing follow-ups; the doctor’s record stays', async () => {
    // A fresh login: the matrix above logged the seeded sessions out.
    const doctor = await loginAs(t.app, 'doctor');
    const cdc = await loginAs(t.app, 'cdc');
    const [archId] = await demoArchiveIds(t.deps.db, 'hypertension');
    const saved = await doctor.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
      archId,
      values: goodHypertensionValues(),
    });
    expect(saved.body.success).toBe(true);
    const id = saved.body.data.followId as string;
    expect((await cdc.get('/api/blade-iph-business/userfollowup/list')).status).toBe(403);
    expect(
      (await cdc.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', { archId, values: goodHypertensionValues() }))
        .status,
    ).toBe(403);
    expect((await cdc.get(`/api/blade-iph-business/userfollowup/detail?id=${id}`)).status).toBe(403);
    expect((await cdc.post(`/api/blade-iph-business/userfollowup/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.get(`/api/blade-iph-business/userfollowup/detail?id=${id}`)).status).toBe(200);
  });
});

describe('a route without a declaration', () => {
  it('does not start', async () => {
    const app = Fastify();
    const start = async () => {
      await app.register(async (api) => {
        registerRouteAccess(api, {} as AppDeps);
        api.get('/blade-x/undeclared', async () => 'open');
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/blade-x\/undeclared 没有声明访问权限/);
  });
});
