import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../db/tenant-scope';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { readinessProblem } from './health';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health and readiness probes (issue 17)', () => {
  it('answer without a token, under /api and without it, and say nothing of any tenant', async () => {
    for (const url of ['/api/health', '/health', '/api/ready', '/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data, url).toEqual({ status: url.endsWith('health') ? 'up' : 'ready' });
    }
  });

  it('answers 503 on /ready while a migration this build knows is not applied, and 200 again once it is', async () => {
    const row = await t.owner
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .where(sql.ref('name'), '=', '012-archive-versions')
      .executeTakeFirstOrThrow();
    await t.owner
      .deleteFrom('kysely_migration' as never)
      .where(sql.ref('name'), '=', '012-archive-versions')
      .execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 503, success: false, msg: '数据库迁移未完成：012-archive-versions' });
      // Liveness does not depend on the database.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.owner
        .insertInto('kysely_migration' as never)
        .values(row as never)
        .execute();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('is not ready when the database does not answer within the bound', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The owner holds the table the probe reads: the probe's read waits behind it (PostgreSQL's lock, PGlite's one session).
    // A flow of its own (asSystem): outside any request, flows share one scope holder, and on PGlite a flow reuses its own open transaction.
    const holder = asSystem('test: hold kysely_migration', () =>
      t.owner.transaction().execute(async (trx) => {
        await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
        locked();
        await held;
      }),
    );
    await isLocked;
    const started = Date.now();
    const problem = await readinessProblem(t.deps, 300);
    const waited = Date.now() - started;
    release();
    await holder;
    expect(problem).toBe('数据库未在300毫秒内响应');
    expect(waited).toBeLessThan(2_000);
    expect(await readinessProblem(t.deps)).toBeNull();
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const generated = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(generated.headers['x-request-id']).not.toBe(replaced.headers['x-request-id']);
  });
});
