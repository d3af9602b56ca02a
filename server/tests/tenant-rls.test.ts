import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../auth/services/passwords';
import { APP_ROLE, tenantTables } from '../db/tenant-rls';
import { withTenant } from '../db/tenant-scope';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../test-support/test-app';

/**
 * Row-level security by tenant, on whichever database the suite runs (PGlite, or PostgreSQL when
 * TEST_PG_URL is set): the catalogue, the app role with and without a tenant, the app's own
 * connection path, and concurrent requests of two tenants.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Runs `statement` in a transaction as the app role: no tenant unless given, bypass off unless
 * given (the owner connection turns the bypass on for its own transactions, so it is reset here).
 */
async function asAppRole<R>(settings: { tenant?: string; bypass?: string }, statement: ReturnType<typeof sql<R>>) {
  return t.owner.transaction().execute(async (trx) => {
    await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.bypass_rls', ${settings.bypass ?? 'off'}, true)`.execute(trx);
    if (settings.tenant !== undefined) await sql`select set_config('app.tenant_id', ${settings.tenant}, true)`.execute(trx);
    return (await statement.execute(trx)).rows;
  });
}

describe('the catalogue', () => {
  it('has row-level security enabled and forced on every table with a tenant_id column', async () => {
    const { rows } = await sql<{ table_name: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select distinct c.table_name, k.relrowsecurity, k.relforcerowsecurity
      from information_schema.columns c
      join pg_class k on k.relname = c.table_name and k.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      where c.table_schema = current_schema() and c.column_name = 'tenant_id' and k.relkind = 'r'
      order by c.table_name`.execute(t.owner);
    expect(rows.length).toBe((await tenantTables(t.owner as never)).length);
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'blade_user',
        'blade_session',
        'blade_dict_biz',
        'blade_role_menu',
        'blade_user_link',
        'user_archive',
        'sensitive_read_audit',
      ]),
    );
    const unprotected = rows.filter((r) => !r.relrowsecurity || !r.relforcerowsecurity).map((r) => r.table_name);
    expect(unprotected).toEqual([]);
  });

  it('gives the app role no superuser, no BYPASSRLS and no ownership', async () => {
    const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; owned: number }>`
      select rolsuper, rolbypassrls, (select count(*) from pg_class where relowner = r.oid)::int as owned
      from pg_roles r where rolname = ${APP_ROLE}`.execute(t.owner);
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, owned: 0 }]);
  });
});

describe('the app role', () => {
  const countArchives = sql<{ n: number }>`select count(*)::int as n from user_archive`;

  it('sees no rows of a tenant table that has rows when no tenant is set', async () => {
    const asOwner = (await countArchives.execute(t.owner)).rows[0]!.n;
    expect(asOwner).toBeGreaterThanOrEqual(20);
    expect(await asAppRole({}, countArchives)).toEqual([{ n: 0 }]);
    expect(await asAppRole({}, sql<{ n: number }>`select count(*)::int as n from blade_user`)).toEqual([{ n: 0 }]);
  });

  it('sees exactly its tenant’s rows with app.tenant_id set, and everything only with the bypass on', async () => {
    const tenants = await asAppRole({ tenant: '100001' }, sql<{ tenant_id: string }>`select distinct tenant_id from user_archive`);
    expect(tenants).toEqual([{ tenant_id: '100001' }]);
    expect(await asAppRole({ tenant: '100002' }, countArchives)).toEqual([{ n: 0 }]);
    const all = (await asAppRole({ bypass: 'on' }, countArchives))[0]!.n;
    expect(all).toBe((await countArchives.execute(t.owner)).rows[0]!.n);
  });

  it('cannot write a row into another tenant', async () => {
    const attempt = asAppRole({ tenant: '100002' }, sql`update user_archive set person_name = 'x' where tenant_id = '100001' returning id`);
    expect(await attempt).toEqual([]);
    const insert = asAppRole(
      { tenant: '100002' },
      sql`insert into sensitive_read_audit (id, tenant_id, user_id, archive_id, field, route, read_time) values ('rls-1', '100001', 'u', 'a', 'idCard', 'test', now())`,
    );
    await expect(insert).rejects.toThrow(/row-level security/);
  });

  it('fills a role menu’s tenant from its role, and cannot grant a menu to another tenant’s role', async () => {
    await withTenant('100001', () => t.deps.db.insertInto('blade_role_menu').values({ role_id: '2203', menu_id: '3902' }).execute());
    const row = await t.deps.db
      .selectFrom('blade_role_menu')
      .selectAll()
      .where('role_id', '=', '2203')
      .where('menu_id', '=', '3902')
      .executeTakeFirstOrThrow();
    expect(row.tenant_id).toBe('100001');
    await expect(
      withTenant('100001', () => t.deps.db.insertInto('blade_role_menu').values({ role_id: '3202', menu_id: '3902' }).execute()),
    ).rejects.toThrow();
    await t.deps.db.deleteFrom('blade_role_menu').where('role_id', '=', '2203').where('menu_id', '=', '3902').execute();
  });

  it('reads the platform’s default dictionaries but cannot change them', async () => {
    const read = await asAppRole(
      { tenant: '100001' },
      sql<{ n: number }>`select count(*)::int as n from blade_dict_biz where tenant_id = '000000'`,
    );
    expect(read[0]!.n).toBeGreaterThan(0);
    expect(
      await asAppRole({ tenant: '100001' }, sql`update blade_dict_biz set dict_value = 'x' where tenant_id = '000000' returning id`),
    ).toEqual([]);
  });
});

describe('the app’s own connection', () => {
  it('scopes every statement to the tenant in scope, even one without a tenant filter', async () => {
    const rows = await withTenant('100002', () => t.deps.db.selectFrom('user_archive').select('tenant_id').execute());
    expect(rows.every((r) => r.tenant_id === '100002')).toBe(true);
    const own = await withTenant('100001', () => t.deps.db.selectFrom('user_archive').select('tenant_id').execute());
    expect(own.length).toBeGreaterThanOrEqual(20);
    expect(own.every((r) => r.tenant_id === '100001')).toBe(true);
    // Inside an explicit transaction too.
    const inTrx = await withTenant('100002', () =>
      t.deps.db.transaction().execute((trx) => trx.selectFrom('blade_user').select('tenant_id').execute()),
    );
    expect(new Set(inTrx.map((r) => r.tenant_id))).toEqual(new Set(['100002']));
  });

  it('keeps two tenants apart when their requests run at the same time', async () => {
    const login = async (tenantId: string) =>
      (await postToken(t.app, { username: 'admin', tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
    const [a, b] = [await login('100001'), await login('100002')];
    const list = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/blade-iph-business/commuserarchives/list?size=100',
        headers: { 'blade-auth': `bearer ${token}` },
      });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => list(i % 2 === 0 ? a : b)));
    answers.forEach((answer, i) => {
      const records = answer.json().data.records as { tenantId: string }[];
      const expected = i % 2 === 0 ? '100001' : '100002';
      expect(records.every((r) => r.tenantId === expected)).toBe(true);
      if (expected === '100001') expect(records.length).toBeGreaterThanOrEqual(20);
    });
  });
});

const pgUrl = process.env.TEST_PG_URL;
if (!pgUrl)
  console.log(
    '[tenant-rls] PostgreSQL-only checks skipped: TEST_PG_URL is not set (TEST_PG_URL=$(bash scripts/ensure-postgres.sh) runs them)',
  );

describe.skipIf(!pgUrl)('on PostgreSQL', () => {
  it('connects as a superuser (which would ignore row-level security) yet runs app statements as the app role', async () => {
    const owner = await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(t.owner);
    expect(owner.rows[0]!.rolsuper).toBe(true);
    const asApp = await withTenant('100001', () =>
      sql<{ u: string; t: string }>`select current_user as u, current_setting('app.tenant_id', true) as t`.execute(t.deps.db),
    );
    expect(asApp.rows).toEqual([{ u: APP_ROLE, t: '100001' }]);
    // The setting was local to that statement's transaction: the pooled connection kept nothing.
    const after = await sql<{ u: string; t: string | null }>`select current_user as u, current_setting('app.tenant_id', true) as t`.execute(
      t.owner,
    );
    expect(after.rows[0]!.u).not.toBe(APP_ROLE);
    expect(after.rows[0]!.t ?? '').toBe('');
  });
});
