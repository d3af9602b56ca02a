import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { DictEntryView, DictRowWire, SystemParamWire } from '../../../src/shared/contract/dicts';

let t: TestApp;
const tokens: Record<string, string> = {};

const login = async (username: string, tenantId: string) =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
const headers = (who: string) => ({ 'blade-auth': `bearer ${tokens[who]}` });
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) });
const post = (who: string, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: headers(who), ...(payload !== undefined && { payload: payload as object }) });
const keys = async (who: string, query = '') =>
  (await get(who, `/api/blade-system/systemparam/list?size=200${query}`))
    .json()
    .data.records.map((r: { paramKey: string }) => r.paramKey) as string[];

beforeAll(async () => {
  t = await createTestApp();
  tokens.a = await login('admin', '100001');
  tokens.b = await login('admin', '100002');
  tokens.doctor = await login('doctor', '100001');
});
afterAll(() => t.close());

describe('systemparam', () => {
  it('answers exactly the contract’s fields (src/shared/contract/dicts.ts): a parameter, a dictionary row, an entry', async () => {
    const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const params = (await get('a', '/api/blade-system/systemparam/list?size=1')).json();
    expect(Object.keys(params.data.records[0]).sort()).toEqual(fields(SystemParamWire));
    const parents = (await get('a', '/api/blade-system/dict-biz/parent-list?size=1')).json();
    const parent = parents.data.records[0];
    expect(Object.keys(parent).sort()).toEqual(fields(DictRowWire));
    const detail = (await get('a', `/api/blade-system/dict-biz/detail?id=${parent.id}`)).json();
    expect(Object.keys(detail.data).sort()).toEqual(fields(DictRowWire));
    const entries = (await get('a', `/api/blade-system/dict-biz/dictionary?code=${parent.code}`)).json();
    expect(entries.data.length).toBeGreaterThan(0);
    for (const entry of entries.data) expect(Object.keys(entry).sort()).toEqual(fields(DictEntryView));
  });

  it.each([
    [{ paramName: '', paramKey: 'k', paramValue: 'v' }, '请输入参数名称'],
    [{ paramName: '名称', paramKey: ' ', paramValue: 'v' }, '请输入参数键名'],
    [{ paramName: '名称', paramKey: 'k', paramValue: '' }, '请输入参数键值'],
    [{ paramName: '名称', paramKey: 'bad key', paramValue: 'v' }, '参数键名只能包含字母、数字、下划线、点和中划线'],
  ])('submit %# answers the spec message', async (body, message) => {
    const res = await post('a', '/api/blade-system/systemparam/submit', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: message });
  });

  it('creates, searches, edits and deletes a tenant parameter; getByKey reads it', async () => {
    const created = await post('a', '/api/blade-system/systemparam/submit', {
      paramName: '随访提醒天数',
      paramKey: 'followup_remind_days',
      paramValue: '7',
    });
    expect(created.json()).toMatchObject({ success: true, msg: '新增成功' });
    const id = created.json().data.id as string;
    expect(
      (
        await post('a', '/api/blade-system/systemparam/submit', { paramName: '重复', paramKey: 'followup_remind_days', paramValue: '1' })
      ).json().msg,
    ).toBe('参数键名已存在');
    expect(await keys('a', '&paramName_like=随访')).toEqual(['followup_remind_days']);
    expect(await keys('a', '&paramValue_equal=7')).toEqual(['followup_remind_days']);

    const edited = await post('a', '/api/blade-system/systemparam/submit', {
      id,
      rowVersion: 1,
      paramName: '随访提醒天数',
      paramKey: 'followup_remind_days',
      paramValue: '14\n多行说明',
    });
    expect(edited.json().msg).toBe('更新成功');
    expect((await get('a', `/api/blade-system/systemparam/detail?id=${id}`)).json().data.paramValue).toBe('14\n多行说明');
    expect((await get('a', '/api/blade-system/systemparam/getByKey?key=followup_remind_days')).json().data).toBe('14\n多行说明');

    expect((await post('a', `/api/blade-system/systemparam/remove?ids=${id}`)).json().msg).toBe('删除成功');
    expect(await keys('a', '&paramKey_like=followup')).toEqual([]);
  });

  it('a tenant’s change to a platform parameter becomes its own override; the platform row stays', async () => {
    const platform = (await get('a', '/api/blade-system/systemparam/list?paramKey_equal=system_name')).json().data.records[0];
    expect(platform).toMatchObject({ tenantId: '000000', own: false });
    expect((await post('a', `/api/blade-system/systemparam/remove?ids=${platform.id}`)).json().msg).toBe('平台参数，租户不可删除');
    const res = await post('a', '/api/blade-system/systemparam/submit', { ...platform, paramValue: '源城区公卫系统' });
    expect(res.json().msg).toBe('更新成功');
    const listed = (await get('a', '/api/blade-system/systemparam/list?paramKey_equal=system_name')).json().data.records;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ tenantId: '100001', own: true, paramValue: '源城区公卫系统' });
    expect((await get('a', '/api/blade-system/systemparam/getByKey?key=system_name')).json().data).toBe('源城区公卫系统');
    expect((await get('b', '/api/blade-system/systemparam/getByKey?key=system_name')).json().data).toBe('智慧公卫工作系统');
  });

  it('tenant B neither sees nor changes tenant A’s parameters', async () => {
    const id = (
      await post('a', '/api/blade-system/systemparam/submit', { paramName: '甲的参数', paramKey: 'a_secret', paramValue: 'x' })
    ).json().data.id as string;
    expect(await keys('b')).not.toContain('a_secret');
    expect((await get('b', `/api/blade-system/systemparam/detail?id=${id}`)).statusCode).toBe(404);
    expect(
      (await post('b', '/api/blade-system/systemparam/submit', { id, paramName: '乙', paramKey: 'a_secret', paramValue: 'y' })).statusCode,
    ).toBe(404);
    expect((await post('b', `/api/blade-system/systemparam/remove?ids=${id}`)).statusCode).toBe(404);
    expect((await get('a', `/api/blade-system/systemparam/detail?id=${id}`)).json().data.paramValue).toBe('x');
  });

  it('a non-administrator may read but not change', async () => {
    expect((await get('doctor', '/api/blade-system/systemparam/list')).statusCode).toBe(200);
    const res = await post('doctor', '/api/blade-system/systemparam/submit', { paramName: 'n', paramKey: 'k', paramValue: 'v' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('您没有权限执行此操作');
  });

  it('pages with BladeX current/size', async () => {
    const res = (await get('a', '/api/blade-system/systemparam/list?current=2&size=2')).json().data;
    expect(res).toMatchObject({ current: 2, size: 2 });
    expect(res.records.length).toBeLessThanOrEqual(2);
    expect(res.total).toBeGreaterThanOrEqual(4);
  });
});
