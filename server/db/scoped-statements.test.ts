import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTemplate } from '../platform/repositories/query-template';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { withTenant } from './tenant-scope';

// On PostgreSQL a statement outside a transaction goes as one pipelined write (BEGIN + scope, the
// statement, COMMIT) and a transaction's BEGIN + scope goes with its first statement
// (db/pg-pipeline-driver.ts). These pin down that the scope stays transaction-local and that a
// failure leaves nothing behind; on PGlite the same calls take the unpipelined path.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setting = (name: string) => sql<{ v: string | null }>`select current_setting(${name}, true) as v, current_user as u`;

describe('scoped statements', () => {
  it('run as the app role with the caller’s tenant, and nothing of it stays on the connection', async () => {
    const scoped = await withTenant('100001', () => setting('app.tenant_id').execute(t.appDb));
    expect(scoped.rows[0]).toMatchObject({ v: '100001', u: 'phw_app' });
    // Many statements in a row, each its own transaction: none sees another's tenant.
    const seen = await Promise.all(
      ['100001', '100002', '000000', '100001'].flatMap((id) => [
        withTenant(id, async () => (await setting('app.tenant_id').execute(t.appDb)).rows[0]!.v),
      ]),
    );
    expect(seen).toEqual(['100001', '100002', '000000', '100001']);
    // The owner connection's statements carry no tenant from the app's earlier ones.
    const owner = await setting('app.tenant_id').execute(t.owner);
    expect(owner.rows[0]!.v ?? '').toBe('');
  });

  it('a failed statement is rolled back and the connection serves the next one', async () => {
    const before = await withTenant(
      '100001',
      async () => (await sql<{ n: number }>`select count(*)::int as n from blade_param`.execute(t.appDb)).rows[0]!.n,
    );
    await expect(
      withTenant('100001', () => sql`insert into blade_param (id) values (${'x'}), (${'x'})`.execute(t.appDb)),
    ).rejects.toThrow();
    for (let i = 0; i < 12; i++) {
      const after = await withTenant(
        '100001',
        async () => (await sql<{ n: number }>`select count(*)::int as n from blade_param`.execute(t.appDb)).rows[0]!.n,
      );
      expect(after).toBe(before);
    }
  });

  it('a transaction that runs no statement, or fails in its first, ends cleanly', async () => {
    await expect(withTenant('100001', () => t.appDb.transaction().execute(async () => 'nothing'))).resolves.toBe('nothing');
    await expect(
      withTenant('100001', () =>
        t.appDb.transaction().execute(async (trx) => {
          await sql`select 1/0`.execute(trx);
        }),
      ),
    ).rejects.toThrow();
    const inside = await withTenant('100002', () =>
      t.appDb
        .transaction()
        .execute(async (trx) => [
          (await setting('app.tenant_id').execute(trx)).rows[0],
          (await setting('app.tenant_id').execute(trx)).rows[0],
        ]),
    );
    expect(inside).toEqual([
      { v: '100002', u: 'phw_app' },
      { v: '100002', u: 'phw_app' },
    ]);
  });

  it('a query template’s statement runs with a generic plan on PostgreSQL, every other statement with the default', async () => {
    // The generic plan spares PostgreSQL planning the list page again on every call; an ad-hoc
    // statement must keep custom plans, or a partial index whose condition is a parameter goes unused.
    const planMode = new QueryTemplate<{ tenantId: string }>((db, s) =>
      db.selectNoFrom([sql<string>`current_setting('plan_cache_mode')`.as('m'), sql<string>`${s.tenantId}::text`.as('t')]),
    );
    const templated = await withTenant(
      '100001',
      async () => (await t.appDb.executeQuery<{ m: string; t: string }>(planMode.query(t.appDb, { tenantId: '100001' }))).rows[0],
    );
    const adHoc = await withTenant('100001', async () => (await setting('plan_cache_mode').execute(t.appDb)).rows[0]!.v);
    expect(adHoc).toBe('auto');
    expect(templated).toEqual({ m: process.env.TEST_PG_URL ? 'force_generic_plan' : 'auto', t: '100001' });
    // The setting is the statement's transaction's alone: the next ad-hoc statement has the default.
    expect(await withTenant('100001', async () => (await setting('plan_cache_mode').execute(t.appDb)).rows[0]!.v)).toBe('auto');
  });
});
