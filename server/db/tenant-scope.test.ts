import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../platform/repositories/form-transaction';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { asSystem, NoTenantScopeError, withTenant } from './tenant-scope';

// Deny by default: the app's database runs nothing outside a scope, so code that lost its request
// (or never had one) cannot read every tenant by accident. And one lock on PGlite: the driver's.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const userTenants = async () =>
  (await t.appDb.selectFrom('blade_user').select('tenant_id').distinct().orderBy('tenant_id').execute()).map((r) => r.tenant_id);

describe('tenant scope', () => {
  it('refuses a statement outside any scope, naming withTenant and asSystem', async () => {
    const unscoped = t.appDb.selectFrom('user_archive').select('id').limit(1).execute();
    await expect(unscoped).rejects.toBeInstanceOf(NoTenantScopeError);
    await expect(t.appDb.selectFrom('blade_user').select('id').execute()).rejects.toThrow(
      /withTenant\(tenantId, fn\).*asSystem\(name, fn\)/,
    );
    await expect(t.appDb.transaction().execute((trx) => trx.selectFrom('blade_user').select('id').execute())).rejects.toBeInstanceOf(
      NoTenantScopeError,
    );
    // A refusal takes no connection: the next scoped statement runs at once.
    expect(await withTenant('100001', userTenants)).toEqual(['100001']);
  });

  it('inside withTenant shows that tenant’s rows only; asSystem shows every tenant’s', async () => {
    expect(await withTenant('100002', userTenants)).toEqual(['100002']);
    const all = await asSystem('test: every tenant', userTenants);
    expect(all).toEqual(expect.arrayContaining(['100001', '100002']));
  });

  it('test-support’s view runs an unscoped statement as system work, and a scope still wins', async () => {
    const view = t.deps.db;
    expect(view).not.toBe(t.appDb);
    expect((await view.selectFrom('blade_user').select('tenant_id').distinct().execute()).length).toBeGreaterThan(1);
    expect(
      await withTenant('100001', async () =>
        (await view.selectFrom('blade_user').select('tenant_id').distinct().execute()).map((r) => r.tenant_id),
      ),
    ).toEqual(['100001']);
  });
});

describe('transactions at once', () => {
  it('each sees only its own statements, on PGlite’s one session as on PostgreSQL’s pool', async () => {
    // Each transaction marks its session, lets the other run, and reads the mark back: sharing one
    // BEGIN on PGlite's single session, the later mark would overwrite the earlier.
    const mark = (value: string) =>
      withTenant('100001', () =>
        inTransaction(t.appDb, async (trx) => {
          await sql`select set_config('app.mark', ${value}, true)`.execute(trx);
          await new Promise((resolve) => setTimeout(resolve, 20));
          return (await sql<{ v: string }>`select current_setting('app.mark', true) as v`.execute(trx)).rows[0]!.v;
        }),
      );
    expect(await Promise.all(['a', 'b', 'c'].map(mark))).toEqual(['a', 'b', 'c']);
  });

  it('a statement on db inside the flow’s own transaction uses that transaction instead of waiting for itself', async () => {
    const seen = await withTenant('100001', () =>
      inTransaction(t.appDb, async (trx) => {
        await sql`select set_config('app.mark', 'inside', true)`.execute(trx);
        // On PostgreSQL this is another pooled connection (its own transaction): no mark there.
        return (await sql<{ v: string | null }>`select current_setting('app.mark', true) as v`.execute(t.appDb)).rows[0]!.v;
      }),
    );
    expect(seen ?? '').toBe(t.deps.dbKind === 'pglite' ? 'inside' : '');
  });
});
