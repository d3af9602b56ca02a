import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

const login = async (username: string, tenantId: string) =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
const headers = (who: string) => ({ 'blade-auth': `bearer ${tokens[who]}` });
const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) });
const post = (who: string, url: string, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers: headers(who), ...(payload !== undefined && { payload: payload as object }) });

const parentBody = { code: 'visit_place', dictValue: '随访地点', sort: '', isSealed: 0, isAdmin: 1, tenantId: '100001', remark: '' };

beforeAll(async () => {
  t = await createTestApp();
  tokens.a = await login('admin', '100001');
  tokens.b = await login('admin', '100002');
  tokens.root = await login('admin', '000000');
  tokens.doctor = await login('doctor', '100001');
});
afterAll(() => t.close());

describe('dict-biz submit: the spec 002 §5 messages', () => {
  it.each([
    [{ ...parentBody, code: '' }, '请输入字典编号'],
    [{ ...parentBody, dictValue: ' ' }, '请输入字典名称'],
    [{ ...parentBody, isSealed: '' }, '请选择封存'],
    [{ ...parentBody, isAdmin: null }, '请选择编辑'],
    [{ ...parentBody, tenantId: '' }, '请选择租户'],
  ])('parent %#', async (body, message) => {
    const res = await post('a', '/api/blade-system/dict-biz/submit', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: message });
  });

  it('child: 请输入字典键值 and 请输入报表选项值', async () => {
    const parent = (await post('a', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'msg_check' })).json().data.id as string;
    const child = { parentId: parent, code: 'msg_check', dictValue: '门诊', dictKey: '1', pdfKey: '门诊', isSealed: 0 };
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...child, dictKey: '' })).json().msg).toBe('请输入字典键值');
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...child, pdfKey: '' })).json().msg).toBe('请输入报表选项值');
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...child, dictValue: '' })).json().msg).toBe('请输入字典名称');
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...child, code: '' })).json().msg).toBe('请输入字典编号');
  });
});

describe('dict-biz CRUD within one tenant', () => {
  it('creates a parent with automatic sort, adds children, lists, edits and deletes them', async () => {
    const created = await post('a', '/api/blade-system/dict-biz/submit', parentBody);
    expect(created.json()).toMatchObject({ success: true, msg: '新增成功' });
    const parentId = created.json().data.id as string;
    expect(typeof parentId).toBe('string');

    const parents = (await get('a', '/api/blade-system/dict-biz/parent-list?current=1&size=10&code_like=visit')).json().data;
    expect(parents.records.map((r: { code: string }) => r.code)).toEqual(['visit_place']);
    expect(parents.records[0]).toMatchObject({ tenantId: '100001', isAdmin: 1, own: true });
    expect(parents.records[0].sort).toBeGreaterThan(0);

    const add = (dictKey: string, dictValue: string) =>
      post('a', '/api/blade-system/dict-biz/submit', {
        parentId,
        code: 'visit_place',
        dictKey,
        dictValue,
        pdfKey: dictValue,
        sort: '',
        isSealed: 0,
        tenantId: '100001',
      });
    expect((await add('1', '门诊')).json().msg).toBe('新增成功');
    expect((await add('2', '家庭')).json().msg).toBe('新增成功');
    expect((await add('2', '重复')).json().msg).toBe('字典键值已存在');

    const list = (await get('a', `/api/blade-system/dict-biz/child-list?parentId=${parentId}&current=1&size=10`)).json().data;
    expect(list.records.map((r: { dictKey: string; sort: number }) => [r.dictKey, r.sort])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);

    const home = list.records[1];
    const edit = await post('a', '/api/blade-system/dict-biz/submit', { ...home, dictValue: '家中', sort: 5 });
    expect(edit.json()).toMatchObject({ success: true, msg: '更新成功' });
    expect((await get('a', `/api/blade-system/dict-biz/detail?id=${home.id}`)).json().data).toMatchObject({ dictValue: '家中', sort: 5 });
    // The dictionary forms read is the edited one (the cache was dropped on change).
    expect(
      (await get('a', '/api/blade-system/dict-biz/dictionary?code=visit_place')).json().data.map((e: { dictValue: string }) => e.dictValue),
    ).toEqual(['门诊', '家中']);

    expect((await post('a', `/api/blade-system/dict-biz/remove?ids=${home.id}`)).json()).toMatchObject({ success: true, msg: '删除成功' });
    expect(
      (await get('a', '/api/blade-system/dict-biz/dictionary?code=visit_place')).json().data.map((e: { dictValue: string }) => e.dictValue),
    ).toEqual(['门诊']);

    // Deleting the parent takes its children along.
    await post('a', `/api/blade-system/dict-biz/remove?ids=${parentId}`);
    expect((await get('a', '/api/blade-system/dict-biz/dictionary?code=visit_place')).json().data).toEqual([]);
  });

  it('filters children by a date range on the creation time', async () => {
    const parentId = (await post('a', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'dated' })).json().data.id as string;
    await post('a', '/api/blade-system/dict-biz/submit', { parentId, code: 'dated', dictKey: 'x', dictValue: 'X', pdfKey: 'X' });
    const today = new Date().toISOString().slice(0, 10);
    const inRange = (
      await get('a', `/api/blade-system/dict-biz/child-list?parentId=${parentId}&createTime_dategt=${today}&createTime_datelt=${today}`)
    ).json().data;
    expect(inRange.total).toBe(1);
    const before = (await get('a', `/api/blade-system/dict-biz/child-list?parentId=${parentId}&createTime_datelt=2000-01-01`)).json().data;
    expect(before.total).toBe(0);
    expect((await get('a', `/api/blade-system/dict-biz/child-list?parentId=${parentId}&createTime_dategt=yesterday`)).json().msg).toBe(
      '参数[createTime]日期格式应为yyyy-MM-dd',
    );
  });

  it('refuses a parent code already used by the tenant or the platform', async () => {
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'sex' })).json().msg).toBe('字典编号已存在');
  });
});

describe('dict-biz permissions and tenants', () => {
  it('a non-administrator may read but not change', async () => {
    expect((await get('doctor', '/api/blade-system/dict-biz/parent-list')).statusCode).toBe(200);
    const res = await post('doctor', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'by_doctor' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('您没有权限执行此操作');
    expect((await post('doctor', '/api/blade-system/dict-biz/remove?ids=1')).statusCode).toBe(403);
  });

  it('tenant B neither sees nor changes tenant A’s dictionaries', async () => {
    const parentId = (await post('a', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'a_only' })).json().data.id as string;
    const childId = (
      await post('a', '/api/blade-system/dict-biz/submit', { parentId, code: 'a_only', dictKey: '1', dictValue: '甲', pdfKey: '甲' })
    ).json().data.id as string;
    const seenByB = (await get('b', '/api/blade-system/dict-biz/parent-list?size=200'))
      .json()
      .data.records.map((r: { code: string }) => r.code);
    expect(seenByB).not.toContain('a_only');
    expect(seenByB).toContain('sex');
    expect((await get('b', `/api/blade-system/dict-biz/detail?id=${parentId}`)).statusCode).toBe(404);
    expect((await get('b', `/api/blade-system/dict-biz/child-list?parentId=${parentId}`)).statusCode).toBe(404);
    expect(
      (
        await post('b', '/api/blade-system/dict-biz/submit', {
          id: childId,
          parentId,
          code: 'a_only',
          dictKey: '1',
          dictValue: '乙',
          pdfKey: '乙',
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await post('b', `/api/blade-system/dict-biz/remove?ids=${childId}`)).statusCode).toBe(404);
    expect((await post('b', '/api/blade-system/dict-biz/submit', { ...parentBody, code: 'for_a', tenantId: '100001' })).json().msg).toBe(
      '不能操作其他租户的数据',
    );
    expect((await get('a', `/api/blade-system/dict-biz/detail?id=${childId}`)).json().data.dictValue).toBe('甲');
  });

  it('isAdmin 0: a platform dictionary is read-only to tenants', async () => {
    const sex = (await get('a', '/api/blade-system/dict-biz/parent-list?code_equal=sex')).json().data.records[0];
    expect(sex).toMatchObject({ tenantId: '000000', isAdmin: 0, own: false });
    const male = (await get('a', `/api/blade-system/dict-biz/child-list?parentId=${sex.id}`)).json().data.records[0];
    const res = await post('a', '/api/blade-system/dict-biz/submit', { ...male, dictValue: '男性', pdfKey: '男' });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('公共字典，租户不可编辑');
    expect((await post('a', '/api/blade-system/dict-biz/submit', { ...sex, dictValue: '性别2', tenantId: '100001' })).json().msg).toBe(
      '公共字典，租户不可编辑',
    );
    expect((await post('a', `/api/blade-system/dict-biz/remove?ids=${male.id}`)).statusCode).toBe(403);
  });

  it('isAdmin 2: a tenant may only change option values, in its own copy; isAdmin 1: it may add and delete', async () => {
    // The platform administrator makes card_type editable, then addable... per dictionary.
    const root = (await get('root', '/api/blade-system/dict-biz/parent-list?code_equal=card_type')).json().data.records[0];
    expect((await post('root', '/api/blade-system/dict-biz/submit', { ...root, isAdmin: 2, tenantId: '000000' })).json().msg).toBe(
      '更新成功',
    );
    const entries = (await get('a', `/api/blade-system/dict-biz/child-list?parentId=${root.id}`)).json().data.records;
    const idCard = entries.find((e: { dictKey: string }) => e.dictKey === '1');

    expect(
      (
        await post('a', '/api/blade-system/dict-biz/submit', {
          parentId: root.id,
          code: 'card_type',
          dictKey: '77',
          dictValue: '新证件',
          pdfKey: '新证件',
        })
      ).json().msg,
    ).toBe('该字典只允许修改选项值');
    expect(
      (await post('a', '/api/blade-system/dict-biz/submit', { ...idCard, dictKey: '100', pdfKey: idCard.pdfKey || '身份证' })).json().msg,
    ).toBe('该字典只允许修改选项值');
    const edit = await post('a', '/api/blade-system/dict-biz/submit', { ...idCard, dictValue: '身份证', pdfKey: '身份证' });
    expect(edit.json().msg).toBe('更新成功');

    // Tenant A reads its copy; tenant B and the platform still read the platform's entries.
    const valueOf = async (who: string) =>
      (await get(who, '/api/blade-system/dict-biz/dictionary?code=card_type'))
        .json()
        .data.find((e: { dictKey: string }) => e.dictKey === '1').dictValue;
    expect(await valueOf('a')).toBe('身份证');
    expect(await valueOf('b')).toBe('居民身份证');
    expect(await valueOf('root')).toBe('居民身份证');
    expect(
      (await get('a', `/api/blade-system/dict-biz/child-list?parentId=${root.id}`))
        .json()
        .data.records.every((r: { own: boolean }) => r.own),
    ).toBe(true);

    // Re-read: the row's version went up with the change above (issue 22 §6).
    const rootNow = (await get('root', `/api/blade-system/dict-biz/detail?id=${root.id}`)).json().data;
    await post('root', '/api/blade-system/dict-biz/submit', { ...rootNow, isAdmin: 1, tenantId: '000000' });
    const added = await post('a', '/api/blade-system/dict-biz/submit', {
      parentId: root.id,
      code: 'card_type',
      dictKey: '77',
      dictValue: '新证件',
      pdfKey: '新证件',
    });
    expect(added.json().msg).toBe('新增成功');
    expect((await post('a', `/api/blade-system/dict-biz/remove?ids=${added.json().data.id}`)).json().msg).toBe('删除成功');
  });

  it('the platform administrator’s change reaches tenants that have no copy of their own', async () => {
    const root = (await get('root', '/api/blade-system/dict-biz/parent-list?code_equal=req_source')).json().data.records[0];
    // Tenant B reads it first, so it is in B's cache.
    expect((await get('b', '/api/blade-system/dict-biz/dictionary?code=req_source')).json().data[0].dictValue).toBe('公卫');
    const gw = (await get('root', `/api/blade-system/dict-biz/child-list?parentId=${root.id}`)).json().data.records[0];
    await post('root', '/api/blade-system/dict-biz/submit', { ...gw, dictValue: '公共卫生', pdfKey: '公卫' });
    expect((await get('b', '/api/blade-system/dict-biz/dictionary?code=req_source')).json().data[0].dictValue).toBe('公共卫生');
  });

  it('remove without ids answers 请选择至少一条数据; malformed ids are refused', async () => {
    expect((await post('a', '/api/blade-system/dict-biz/remove?ids=')).json().msg).toBe('请选择至少一条数据');
    expect((await post('a', '/api/blade-system/dict-biz/remove?ids=1;drop')).json().msg).toBe('参数[ids]格式不正确');
  });
});
