import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { asSystem } from '../db/tenant-scope';
import { loginAs } from '../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { WRITE_COUNT_FLUSH_MS } from './write-rate-store';

/** Issue 22 §7 / issue 17: the per-user write limit is one count in the database, whichever process a write reaches. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ writeRatePerMinute: 4 });
});
afterAll(() => t.close());

describe('writes per user across server processes', () => {
  it('refuses the fifth write of the minute on either of two servers on one database, with 429 and Retry-After, until the window ends', async () => {
    // A second server on the same database (its own rate-limit plugin, nothing shared in memory).
    const second = await buildApp(t.deps);
    try {
      const nurse = await loginAs(t.app, 'nurse');
      const write = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/api/blade-log/web/saveLogs',
          headers: { 'blade-auth': `bearer ${nurse.token}` },
          payload: [{ type: 'info', message: 'x' }],
        });
      // Two writes on each: four in all, the limit.
      for (const app of [t.app, second, t.app, second]) expect((await write(app)).statusCode).toBe(200);
      // Far below the limit a process sends its hits in batches: within one flush every hit is in the shared count.
      await new Promise((resolve) => setTimeout(resolve, WRITE_COUNT_FLUSH_MS + 100));
      for (const app of [second, t.app]) {
        const refused = await write(app);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        expect(refused.json()).toMatchObject({
          code: 429,
          success: false,
          data: null,
          msg: expect.stringMatching(/^操作过于频繁，请\d+秒后再试$/),
        });
      }
      // Another user writes on; reads of the limited user go on.
      const leader = await loginAs(second, 'leader');
      expect((await leader.post('/api/blade-log/web/saveLogs', [])).status).toBe(200);
      expect((await nurse.get('/api/blade-auth/oauth/user-info')).status).toBe(200);
      // A minute later the count starts again.
      t.advance(61_000);
      expect((await write(second)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('writes far below the limit', () => {
  it('are let through without a statement each, and reach the shared count within a moment', async () => {
    const roomy = await createTestApp({ writeRatePerMinute: 100 });
    try {
      const leader = await loginAs(roomy.app, 'leader');
      const counted = async () => {
        const row = await asSystem('test: read the write counter', () =>
          roomy.deps.db.selectFrom('rate_limit_counter').select('hits').where('key', 'like', 'write:%').executeTakeFirst(),
        );
        return row?.hits ?? 0;
      };
      for (let i = 0; i < 5; i++) expect((await leader.post('/api/blade-log/web/saveLogs', [])).status).toBe(200);
      // Five writes, far below half of 100: kept here and sent together, not one statement each.
      expect(await counted()).toBeLessThan(5);
      await new Promise((resolve) => setTimeout(resolve, WRITE_COUNT_FLUSH_MS + 250));
      expect(await counted()).toBe(5);
    } finally {
      await roomy.close();
    }
  });
});
