import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { ARCHIVE_CODES, PERMISSION_CACHE_TTL_MS } from './archive-permissions';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('kept archive permissions', () => {
  it('sees a role losing the archive menu within PERMISSION_CACHE_TTL_MS, and at once after 清除缓存', async () => {
    const doctor = (await postToken(t.app, { username: 'doctor', password: md5Hex(SEED_PASSWORD) })).json();
    const headers = { 'blade-auth': `bearer ${doctor.access_token}` };
    const list = () => t.app.inject({ method: 'GET', url: '/api/blade-iph-business/commuserarchives/list?current=1&size=1', headers });
    expect((await list()).statusCode).toBe(200);

    const menu = await t.deps.db.selectFrom('blade_menu').select('id').where('code', '=', ARCHIVE_CODES.view).execute();
    const roleMenus = await t.deps.db
      .selectFrom('blade_role_menu')
      .selectAll()
      .where('role_id', '=', doctor.role_id)
      .where(
        'menu_id',
        'in',
        menu.map((m) => m.id),
      )
      .execute();
    expect(roleMenus.length).toBeGreaterThan(0);
    // An administrator takes the menu away in the database (no route of this server does).
    await t.deps.db
      .deleteFrom('blade_role_menu')
      .where('role_id', '=', doctor.role_id)
      .where(
        'menu_id',
        'in',
        menu.map((m) => m.id),
      )
      .execute();
    try {
      expect((await list()).statusCode).toBe(200); // still the kept permissions…
      t.advance(PERMISSION_CACHE_TTL_MS);
      expect((await list()).statusCode).toBe(403); // …read again once they are 5 s old

      // Given back, and the tenant's cache cleared: seen at once.
      await t.deps.db.insertInto('blade_role_menu').values(roleMenus).execute();
      expect((await list()).statusCode).toBe(403);
      await t.app.inject({ method: 'GET', url: '/api/blade-auth/oauth/clear-cache', headers });
      expect((await list()).statusCode).toBe(200);
    } finally {
      const now = await t.deps.db
        .selectFrom('blade_role_menu')
        .select('menu_id')
        .where('role_id', '=', doctor.role_id)
        .where(
          'menu_id',
          'in',
          menu.map((m) => m.id),
        )
        .execute();
      if (now.length === 0) await t.deps.db.insertInto('blade_role_menu').values(roleMenus).execute();
    }
  });
});
