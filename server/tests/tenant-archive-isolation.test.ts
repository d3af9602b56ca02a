import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckDigit } from '../../src/engine';
import { md5Hex } from '../auth/services/passwords';
import { SEED_PASSWORD } from '../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../test-support/test-app';

/**
 * A user of tenant A (100001) calling every archive route with tenant B's (100002) ids gets
 * 数据不存在! (or an empty answer), and B's rows are exactly as they were.
 */
let t: TestApp;
let tokenA: string;
let tokenB: string;
const BASE = '/api/blade-iph-business';
const first17 = '44162119751203002';
const idCardB = first17 + idCardCheckDigit(first17);
let archB: { id: string };

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `${BASE}${url}`, headers: { 'blade-auth': `bearer ${token}` }, ...(payload && { payload }) });

const rowB = () => t.deps.db.selectFrom('user_archive').selectAll().where('id', '=', archB.id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  const login = async (tenantId: string) =>
    (await postToken(t.app, { username: 'admin', tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
  tokenA = await login('100001');
  tokenB = await login('100002');
  const created = (
    await call(tokenB, 'POST', '/userarchives/create-update-archives', { personName: '乙机构居民', idCard: idCardB, phone: '13712345678' })
  ).json();
  expect(created.success).toBe(true);
  archB = created.data;
});
afterAll(() => t.close());

describe('archives across tenants', () => {
  it('answers not-found to every archive route given tenant B’s ids, and leaves B’s row unchanged', async () => {
    const before = await rowB();
    const cancelForm = { offType: '2', offDate: new Date(t.deps.now()).toLocaleDateString('sv-SE'), offUser: '2301', offTenant: '100001' };
    const attempts = [
      call(tokenA, 'GET', `/commuserarchives/detail?id=${archB.id}`),
      call(tokenA, 'GET', `/userarchivesdev/history?archId=${archB.id}`),
      call(tokenA, 'POST', '/userarchives/create-update-archives', { id: archB.id, rowVersion: 1, personName: '被改名', idCard: idCardB }),
      call(tokenA, 'POST', '/userarchives/cancel', { archId: archB.id, ...cancelForm }),
      call(tokenA, 'POST', '/userarchives/cancel-archives', { ids: archB.id, ...cancelForm }),
      call(tokenA, 'POST', '/userarchives/restore', { archId: archB.id }),
      call(tokenA, 'POST', '/userarchives/restore-archives', { ids: [archB.id] }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, msg: '数据不存在!' });
    }
    for (const url of ['/commuserarchives/list', '/commuserarchives/new-list']) {
      const found = (await call(tokenA, 'GET', `${url}?idCard_equal=${idCardB}`)).json().data;
      expect(found).toMatchObject({ total: 0, records: [] });
    }
    expect((await call(tokenA, 'GET', `/userinfomain/get-by-id-card?idCard=${idCardB}`)).json().data).toBeNull();
    expect(await rowB()).toEqual(before);
    // Tenant A's administrator read nothing of B, so nothing of B is in the audit either.
    const audit = await t.deps.db.selectFrom('sensitive_read_audit').select('tenant_id').where('archive_id', '=', archB.id).execute();
    expect(audit.every((r) => r.tenant_id === '100002')).toBe(true);
  });

  it('lets tenant A archive the same ID number on its own (uniqueness is per institution)', async () => {
    const created = (
      await call(tokenA, 'POST', '/userarchives/create-update-archives', { personName: '甲机构居民', idCard: idCardB })
    ).json();
    expect(created).toMatchObject({ success: true, data: { tenantId: '100001' } });
    expect((await call(tokenB, 'GET', `/commuserarchives/detail?id=${archB.id}`)).json().data).toMatchObject({
      personName: '乙机构居民',
      rowVersion: 1,
      archivesStatus: '1',
    });
  });
});
