import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

const login = async (username: string, tenantId: string) =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
const headers = (who: string) => ({ 'blade-auth': `bearer ${tokens[who]}` });
const listCols = (who: string, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/blade-iph-business/colcustom/listCols?${query}`, headers: headers(who) });
const save = (who: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/blade-iph-business/colcustom/saveBatch', headers: headers(who), payload: payload as object });

const columns = [
  { menuCode: 'dict_horizontal', refCode: 'dictParent', prop: 'code', hide: false, fixed: 'left', width: 160, sort: 0 },
  { menuCode: 'dict_horizontal', refCode: 'dictParent', prop: 'remark', hide: true, sort: 1 },
];

beforeAll(async () => {
  t = await createTestApp();
  tokens.a = await login('admin', '100001');
  tokens.doctor = await login('doctor', '100001');
  tokens.b = await login('admin', '100002');
});
afterAll(() => t.close());

describe('colcustom', () => {
  it('a missing ref answers 请配置crud的【ref】', async () => {
    expect((await listCols('a', 'menuCode=dict_horizontal')).json().msg).toBe('请配置crud的【ref】');
    expect((await save('a', [{ menuCode: 'dict_horizontal', prop: 'code' }])).json().msg).toBe('请配置crud的【ref】');
  });

  it('saves one user’s columns and gives them back; a second save replaces the first', async () => {
    expect((await save('a', columns)).json()).toMatchObject({ success: true });
    const got = (await listCols('a', 'menuCode=dict_horizontal&refCode=dictParent')).json().data;
    expect(got).toEqual([
      expect.objectContaining({ prop: 'code', hide: false, fixed: 'left', width: 160, sort: 0 }),
      expect.objectContaining({ prop: 'remark', hide: true, fixed: '', width: null, sort: 1 }),
    ]);
    await save('a', [{ ...columns[1], hide: false }]);
    const again = (await listCols('a', 'menuCode=dict_horizontal&refCode=dictParent')).json().data;
    expect(again.map((c: { prop: string; hide: boolean }) => [c.prop, c.hide])).toEqual([['remark', false]]);
  });

  it('settings are per user and per tenant', async () => {
    await save('a', columns);
    expect((await listCols('doctor', 'menuCode=dict_horizontal&refCode=dictParent')).json().data).toEqual([]);
    expect((await listCols('b', 'menuCode=dict_horizontal&refCode=dictParent')).json().data).toEqual([]);
  });

  it('refuses duplicates and malformed props', async () => {
    expect((await save('a', [columns[0], columns[0]])).json().msg).toBe('列配置重复');
    expect((await save('a', [{ ...columns[0], prop: 'x;drop' }])).statusCode).toBe(400);
  });
});
