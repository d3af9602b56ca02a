// Dictionaries and parameters beyond the management lists (issue 21 §2, 22 §6, 17): system
// dictionaries, the business dictionaries' trees, batch, errors, get-value, backups and recovery;
// platform parameters, listByName and synparam; the row versions of every update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-scope';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let a: Caller; // administrator of 100001
let b: Caller; // administrator of 100002
let root: Caller; // platform administrator (000000)
let doctor: Caller; // doctor of 100001

beforeAll(async () => {
  t = await createTestApp();
  a = await loginAs(t.app, 'admin', '100001');
  b = await loginAs(t.app, 'admin', '100002');
  root = await loginAs(t.app, 'admin', '000000');
  doctor = await loginAs(t.app, 'doctor', '100001');
});
afterAll(() => t.close());

const SYS = '/api/blade-system/dict';
const BIZ = '/api/blade-system/dict-biz';
type Row = Record<string, unknown> & { id: string; rowVersion: number };

describe('system dictionaries (blade-system/dict)', () => {
  it('everyone reads the platform’s lists, detail, trees and dictionary; only the platform administrator writes', async () => {
    const parents = (await doctor.get(`${SYS}/parent-list?current=1&size=10`)).body.data as { records: Row[] };
    const sex = parents.records.find((r) => r.code === 'sex')!;
    expect(sex).toMatchObject({ tenantId: '000000', dictValue: '性别', rowVersion: 1 });
    const children = (await b.get(`${SYS}/child-list?parentId=${sex.id}`)).body.data as { records: Row[]; total: number };
    expect(children.records.map((r) => r.dictValue)).toEqual(['男', '女', '未知的性别', '未说明的性别']);
    expect((await a.get(`${SYS}/list?parentId=${sex.id}&dictValue_like=性别`)).body.data.total).toBe(2);
    expect((await a.get(`${SYS}/list`)).body.data.records.some((r: Row) => r.code === 'yes_no')).toBe(true);
    expect((await a.get(`${SYS}/detail?id=${sex.id}`)).body.data).toMatchObject({ code: 'sex', dictKey: '-1' });
    expect((await a.get(`${SYS}/detail?id=1`)).status).toBe(404);

    const tree = (await doctor.get(`${SYS}/tree?code=sex`)).body.data as { id: string; children: { title: string; key: string }[] }[];
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children.map((c) => c.title)).toEqual(['男', '女', '未知的性别', '未说明的性别']);
    expect((await doctor.get(`${SYS}/tree`)).body.data.length).toBeGreaterThanOrEqual(2);
    const dtree = (await doctor.get(`${SYS}/dictionary-tree?code=sex`)).body.data as { key: string; title: string }[];
    expect(dtree.map((n) => [n.key, n.title])).toEqual([
      ['1', '男'],
      ['2', '女'],
      ['0', '未知的性别'],
      ['9', '未说明的性别'],
    ]);
    // GET dict/dictionary reads the system dictionary; a code it lacks falls back to the business store.
    expect((await doctor.get(`${SYS}/dictionary?code=yes_no`)).body.data.map((e: { dictValue: string }) => e.dictValue)).toEqual([
      '否',
      '是',
    ]);
    expect((await doctor.get(`${SYS}/dictionary?code=card_type`)).body.data[0].dictValue).toBe('居民身份证');

    // Writes: the demo tenant's administrator and doctor are refused; the platform administrator is not.
    const body = { code: 'marital', dictValue: '婚姻状况', sort: '' };
    expect((await a.post(`${SYS}/submit`, body)).status).toBe(403);
    expect((await doctor.post(`${SYS}/submit`, body)).status).toBe(403);
    expect((await a.post(`${SYS}/remove?ids=${sex.id}`)).status).toBe(403);
    expect((await root.post(`${SYS}/submit`, { ...body, code: '' })).body.msg).toBe('请输入字典编号');
    expect((await root.post(`${SYS}/submit`, { ...body, dictValue: '' })).body.msg).toBe('请输入字典名称');
    const created = await root.post(`${SYS}/submit`, body);
    expect(created.body).toMatchObject({ success: true, msg: '新增成功' });
    const parentId = created.body.data.id as string;
    expect((await root.post(`${SYS}/submit`, body)).body.msg).toBe('字典编号已存在');
    const child = { parentId, code: 'marital', dictKey: '10', dictValue: '未婚' };
    expect((await root.post(`${SYS}/submit`, { ...child, dictKey: '' })).body.msg).toBe('请输入字典键值');
    expect((await root.post(`${SYS}/submit`, child)).body.msg).toBe('新增成功');
    expect((await root.post(`${SYS}/submit`, child)).body.msg).toBe('字典键值已存在');
    expect((await b.get(`${SYS}/dictionary?code=marital`)).body.data.map((e: { dictValue: string }) => e.dictValue)).toEqual(['未婚']);

    // Updates carry the version read: none → 428, an old one → 409 with who and when.
    const read = (await root.get(`${SYS}/detail?id=${parentId}`)).body.data as Row;
    const { rowVersion: _unused, ...withoutVersion } = read;
    expect((await root.post(`${SYS}/submit`, { ...withoutVersion, dictValue: '婚姻' })).status).toBe(428);
    expect((await root.post(`${SYS}/submit`, { ...read, dictValue: '婚姻' })).body.msg).toBe('修改成功');
    const stale = await root.post(`${SYS}/submit`, { ...read, dictValue: '婚姻状况2' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^字典已被平台管理员于.+修改，请刷新后重试/);
    expect(stale.body.data).toMatchObject({ rowVersion: 2, updateUserName: expect.any(String) });
    expect((await doctor.get(`${SYS}/detail?id=${parentId}`)).body.data.dictValue).toBe('婚姻');

    expect((await root.post(`${SYS}/remove?ids=${parentId}`)).body.msg).toBe('删除成功');
    expect((await b.get(`${SYS}/dictionary?code=marital`)).body.data).toEqual([]);
  });
});

describe('business dictionaries: trees, batch, errors, get-value', () => {
  it('answers what the tenant sees: its own copy of a platform dictionary, never another tenant’s', async () => {
    // Tenant A makes its own dictionary; B must not see it anywhere.
    const parent = await a.post(`${BIZ}/submit`, {
      code: 'a_only',
      dictValue: 'A的字典',
      sort: '',
      isSealed: 0,
      isAdmin: 1,
      tenantId: '100001',
    });
    const parentId = parent.body.data.id as string;
    for (const [dictKey, dictValue] of [
      ['1', '一'],
      ['2', '二'],
    ])
      await a.post(`${BIZ}/submit`, { parentId, code: 'a_only', dictKey, dictValue, pdfKey: dictValue, isSealed: 0 });

    const treeA = (await a.get(`${BIZ}/tree?code=a_only`)).body.data as { title: string; children: { title: string }[] }[];
    expect(treeA.map((n) => [n.title, n.children.map((c) => c.title)])).toEqual([['A的字典', ['一', '二']]]);
    expect((await b.get(`${BIZ}/tree?code=a_only`)).body.data).toEqual([]);
    expect((await b.get(`${BIZ}/tree`)).body.data.some((n: { code: string }) => n.code === 'a_only')).toBe(false);
    expect((await doctor.get(`${BIZ}/tree`)).body.data.some((n: { code: string }) => n.code === 'a_only')).toBe(true);

    const dtree = (await doctor.get(`${BIZ}/dictionary-tree?code=a_only`)).body.data as { key: string; value: string; title: string }[];
    expect(dtree.map((n) => [n.value, n.title])).toEqual([
      ['1', '一'],
      ['2', '二'],
    ]);
    expect((await b.get(`${BIZ}/dictionary-tree?code=a_only`)).body.data).toEqual([]);

    const batch = (await doctor.get(`${BIZ}/dictionary-batch?codes=a_only,sex,nothing_here`)).body.data as Record<
      string,
      { dictValue: string }[]
    >;
    expect(Object.keys(batch).sort()).toEqual(['a_only', 'nothing_here', 'sex']);
    expect(batch.a_only!.map((e) => e.dictValue)).toEqual(['一', '二']);
    expect(batch.sex!.map((e) => e.dictValue)).toEqual(['男', '女', '未知的性别', '未说明的性别']);
    expect(batch.nothing_here).toEqual([]);
    expect((await b.get(`${BIZ}/dictionary-batch?codes=a_only`)).body.data).toEqual({ a_only: [] });
    expect((await b.get(`${BIZ}/dictionary-batch?codes=`)).status).toBe(400);

    const value = (who: Caller, code: string, key: string) =>
      who.get(`/api/blade-system/client/dict-biz/get-value?code=${code}&key=${key}`);
    expect((await doctor.get('/api/blade-system/client/dict-biz/get-value?code=a_only&key=2')).body.data).toBe('二');
    expect((await value(doctor, 'sex', '1')).body.data).toBe('男');
    expect((await value(doctor, 'sex', '404')).body.data).toBe('');
    expect((await value(b, 'a_only', '2')).body.data).toBe('');
    expect((await doctor.get('/api/blade-system/client/dict-biz/get-value?code=sex')).body.msg).toBe('参数[key]不能为空');
  });

  it('child-list-errs lists the entries that break the rules (duplicate keys, blanks, another code)', async () => {
    const parentId = (
      await a.post(`${BIZ}/submit`, { code: 'errs', dictValue: '有错的字典', sort: '', isSealed: 0, isAdmin: 1, tenantId: '100001' })
    ).body.data.id as string;
    await a.post(`${BIZ}/submit`, { parentId, code: 'errs', dictKey: '1', dictValue: '好的', pdfKey: '好的', isSealed: 0 });
    expect((await a.get(`${BIZ}/child-list-errs?parentId=${parentId}`)).body.data).toMatchObject({ records: [], total: 0 });
    // Rows the checks would refuse today, as an import or an old version wrote them.
    await withTenant('100001', () =>
      t.deps.db
        .insertInto('blade_dict_biz')
        .values([
          {
            id: '990001',
            tenant_id: '100001',
            parent_id: parentId,
            code: 'errs',
            dict_key: '1',
            dict_value: '重复的',
            pdf_key: '重复',
            sort: 2,
            remark: '',
            is_sealed: 0,
          },
          {
            id: '990002',
            tenant_id: '100001',
            parent_id: parentId,
            code: 'errs',
            dict_key: '3',
            dict_value: '缺报表值',
            pdf_key: '',
            sort: 3,
            remark: '',
            is_sealed: 0,
          },
          {
            id: '990003',
            tenant_id: '100001',
            parent_id: parentId,
            code: 'other',
            dict_key: '4',
            dict_value: '别的编号',
            pdf_key: 'x',
            sort: 4,
            remark: '',
            is_sealed: 0,
          },
        ])
        .execute(),
    );
    const errs = (await doctor.get(`${BIZ}/child-list-errs?parentId=${parentId}&current=1&size=10`)).body.data as {
      records: { dictValue: string; errors: string[] }[];
      total: number;
    };
    expect(errs.total).toBe(4);
    expect(errs.records.map((r) => [r.dictValue, r.errors])).toEqual([
      ['好的', ['字典键值重复']],
      ['重复的', ['字典键值重复']],
      ['缺报表值', ['请输入报表选项值']],
      ['别的编号', ['字典编号应与上级字典一致']],
    ]);
    // Another tenant's dictionary does not exist for B.
    expect((await b.get(`${BIZ}/child-list-errs?parentId=${parentId}`)).status).toBe(404);
  });

  it('a stale update of a dictionary entry is 409 with who and when; one without its version 428', async () => {
    const parentId = (
      await a.post(`${BIZ}/submit`, { code: 'versioned', dictValue: '版本', sort: '', isSealed: 0, isAdmin: 1, tenantId: '100001' })
    ).body.data.id as string;
    const id = (await a.post(`${BIZ}/submit`, { parentId, code: 'versioned', dictKey: '1', dictValue: '旧', pdfKey: '旧', isSealed: 0 }))
      .body.data.id as string;
    const read = (await a.get(`${BIZ}/detail?id=${id}`)).body.data as Row;
    expect(read.rowVersion).toBe(1);
    const { rowVersion: _unused, ...withoutVersion } = read;
    const missing = await a.post(`${BIZ}/submit`, { ...withoutVersion, dictValue: '新' });
    expect(missing.status).toBe(428);
    expect(missing.body.msg).toBe('请先读取字典再修改（缺少版本号）');
    expect((await a.post(`${BIZ}/submit`, { ...read, dictValue: '新' })).body.msg).toBe('更新成功');
    const stale = await a.post(`${BIZ}/submit`, { ...read, dictValue: '更新的' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^字典已被.+于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改/);
    expect(stale.body.data).toMatchObject({ rowVersion: 2 });
    expect((await a.get(`${BIZ}/detail?id=${id}`)).body.data).toMatchObject({ dictValue: '新', rowVersion: 2 });
    // The doctor may not write at all; tenant B cannot reach the row.
    expect((await doctor.post(`${BIZ}/submit`, { ...read, rowVersion: 2, dictValue: 'x' })).status).toBe(403);
    const fromB = await b.post(`${BIZ}/submit`, { ...read, rowVersion: 2, dictValue: 'x', tenantId: '100002' });
    expect(fromB.body).toMatchObject({ success: false, msg: '上级字典不存在' });
    expect((await b.get(`${BIZ}/detail?id=${id}`)).status).toBe(404);
    expect((await a.get(`${BIZ}/detail?id=${id}`)).body.data.dictValue).toBe('新');
  });
});

describe('business dictionary backups and recovery', () => {
  it('restores the tenant’s own rows to the snapshot in one go; B’s rows and backups are its own', async () => {
    const parentId = (
      await a.post(`${BIZ}/submit`, { code: 'backed', dictValue: '备份的', sort: '', isSealed: 0, isAdmin: 1, tenantId: '100001' })
    ).body.data.id as string;
    const keep = (await a.post(`${BIZ}/submit`, { parentId, code: 'backed', dictKey: '1', dictValue: '原值', pdfKey: '原值', isSealed: 0 }))
      .body.data.id as string;
    const backup = await a.post(`${BIZ}/backups`);
    expect(backup.body).toMatchObject({ success: true, msg: '备份成功' });
    expect(backup.body.data.rowCount).toBeGreaterThanOrEqual(2);

    // After the backup: a value changed, an entry added, one removed.
    const read = (await a.get(`${BIZ}/detail?id=${keep}`)).body.data as Row;
    await a.post(`${BIZ}/submit`, { ...read, dictValue: '改过' });
    await a.post(`${BIZ}/submit`, { parentId, code: 'backed', dictKey: '2', dictValue: '新增的', pdfKey: '新增的', isSealed: 0 });
    const values = async () => (await doctor.get(`${BIZ}/dictionary?code=backed`)).body.data.map((e: { dictValue: string }) => e.dictValue);
    expect(await values()).toEqual(['改过', '新增的']);
    await a.post(`${BIZ}/remove?ids=${keep}`);
    expect(await values()).toEqual(['新增的']);

    // B's backup and recovery do not touch A's rows; a B call naming A's backup finds nothing.
    expect((await b.post(`${BIZ}/backups`)).body.success).toBe(true);
    expect((await b.post(`${BIZ}/recovery?id=${backup.body.data.id}`)).status).toBe(404);
    expect((await doctor.post(`${BIZ}/backups`)).status).toBe(403);
    expect((await doctor.post(`${BIZ}/recovery`)).status).toBe(403);

    const restored = await a.post(`${BIZ}/recovery?id=${backup.body.data.id}`);
    expect(restored.body).toMatchObject({ success: true, msg: '恢复成功', data: { id: backup.body.data.id } });
    expect(await values()).toEqual(['原值']);
    const back = (await a.get(`${BIZ}/detail?id=${keep}`)).body.data as Row;
    expect(back).toMatchObject({ dictValue: '原值' });
    expect(back.rowVersion).toBeGreaterThan(read.rowVersion);
  });
});

describe('parameters (blade-system/param) and systemparam listByName / synparam', () => {
  it('lists and reads the platform’s parameters; only the platform administrator writes them, with versions', async () => {
    const list = (await doctor.get('/api/blade-system/param/list?current=1&size=50')).body.data as { records: Row[] };
    expect(list.records.map((r) => r.paramKey)).toContain('system_name');
    expect((await doctor.get('/api/blade-system/param/list?paramKey_equal=system_name')).body.data.total).toBe(1);
    const name = (await a.get('/api/blade-system/param/detail?paramKey=system_name')).body.data as Row;
    expect(name).toMatchObject({ paramValue: '智慧公卫工作系统', tenantId: '000000', own: false });
    expect((await a.get('/api/blade-system/param/detail?paramKey=no_such_key')).status).toBe(404);
    expect((await a.get('/api/blade-system/param/detail')).body.msg).toBe('参数[paramKey]不能为空');

    const body = { paramName: '平台热线', paramKey: 'platform_hotline', paramValue: '12345' };
    expect((await a.post('/api/blade-system/param/submit', body)).status).toBe(403);
    expect((await doctor.post('/api/blade-system/param/submit', body)).status).toBe(403);
    expect((await root.post('/api/blade-system/param/submit', { ...body, paramName: '' })).body.msg).toBe('请输入参数名称');
    const created = await root.post('/api/blade-system/param/submit', body);
    expect(created.body.msg).toBe('新增成功');
    expect((await root.post('/api/blade-system/param/submit', body)).body.msg).toBe('参数键名已存在');
    expect((await b.get('/api/blade-system/param/getByKey?key=platform_hotline')).body.data).toBe('12345');

    const read = (await root.get('/api/blade-system/param/detail?paramKey=platform_hotline')).body.data as Row;
    const { rowVersion: _unused, ...withoutVersion } = read;
    expect((await root.post('/api/blade-system/param/submit', { ...withoutVersion, paramValue: '1' })).status).toBe(428);
    expect((await root.post('/api/blade-system/param/submit', { ...read, paramValue: '12320' })).body.msg).toBe('修改成功');
    const stale = await root.post('/api/blade-system/param/submit', { ...read, paramValue: '0' });
    expect(stale.status).toBe(409);
    expect(stale.body.data.rowVersion).toBe(2);
    expect((await b.get('/api/blade-system/param/getByKey?key=platform_hotline')).body.data).toBe('12320');

    expect((await a.post(`/api/blade-system/param/remove?ids=${read.id}`)).status).toBe(403);
    expect((await root.post('/api/blade-system/param/remove?ids=')).body.msg).toBe('请选择至少一条数据');
    expect((await root.post(`/api/blade-system/param/remove?ids=${read.id}`)).body.msg).toBe('删除成功');
    expect((await b.get('/api/blade-system/param/getByKey?key=platform_hotline')).body.data).toBe('');
  });

  it('a stale system parameter update is 409 naming who changed it', async () => {
    const id = (await a.post('/api/blade-system/systemparam/submit', { paramName: '门诊电话', paramKey: 'clinic_phone', paramValue: '1' }))
      .body.data.id as string;
    const read = (await a.get(`/api/blade-system/systemparam/detail?id=${id}`)).body.data as Row;
    expect((await a.post('/api/blade-system/systemparam/submit', { ...read, paramValue: '2' })).body.msg).toBe('更新成功');
    const stale = await a.post('/api/blade-system/systemparam/submit', { ...read, paramValue: '3' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^参数已被.+修改，请刷新后重试（您填写的内容已保留）$/);
    expect(stale.body.data).toMatchObject({ rowVersion: 2, updateUserName: expect.any(String), updateTime: expect.any(String) });
    const { rowVersion: _unused, ...withoutVersion } = read;
    expect((await a.post('/api/blade-system/systemparam/submit', withoutVersion)).status).toBe(428);
  });

  it('listByName finds the parameters the tenant sees by name', async () => {
    await a.post('/api/blade-system/systemparam/submit', { paramName: '随访短信模板', paramKey: 'sms_followup', paramValue: 't' });
    const found = (await doctor.get(`/api/blade-system/systemparam/listByName?name=${encodeURIComponent('短信')}`)).body.data as Row[];
    expect(found.map((r) => r.paramKey)).toEqual(['sms_followup']);
    expect((await b.get(`/api/blade-system/systemparam/listByName?name=${encodeURIComponent('短信')}`)).body.data).toEqual([]);
    expect((await b.get(`/api/blade-system/systemparam/listByName?name=${encodeURIComponent('系统名称')}`)).body.data[0]).toMatchObject({
      paramKey: 'system_name',
      own: false,
    });
    expect((await b.get('/api/blade-system/systemparam/listByName?name=')).status).toBe(400);
  });

  it('synparam copies platform parameters into tenants: a tenant’s own value kept unless over', async () => {
    const maint = (await root.get('/api/blade-system/param/detail?paramKey=system_updating_copywriting')).body.data as Row;
    const tags = (await root.get('/api/blade-system/param/detail?paramKey=system_updating_tags')).body.data as Row;
    // B has its own value of one key already.
    await b.post('/api/blade-system/systemparam/submit', { paramName: '维护开关', paramKey: 'system_updating_tags', paramValue: 'B' });
    const ids = `${maint.id},${tags.id}`;
    expect((await a.post(`/api/blade-system/systemparam/synparam?ids=${ids}&tenantIds=100002`)).status).toBe(403);
    expect((await root.post(`/api/blade-system/systemparam/synparam?ids=${ids}`)).body.msg).toBe('请选择目标租户');
    expect((await root.post(`/api/blade-system/systemparam/synparam?ids=${ids}&tenantIds=999999`)).body.msg).toBe('租户[999999]不存在');
    const own = (await b.get('/api/blade-system/systemparam/listByName?name=维护开关')).body.data[0] as Row;
    expect((await root.post(`/api/blade-system/systemparam/synparam?ids=${own.id}&tenantIds=100001`)).body.msg).toBe('不能跨租户同步数据');

    const first = await root.post('/api/blade-system/systemparam/synparam', { ids, tenantIds: '100002', over: 0 });
    expect(first.body).toMatchObject({ success: true, data: { created: 1, updated: 0, skipped: 1 } });
    const bRows = (await b.get('/api/blade-system/systemparam/list?current=1&size=50&paramKey_like=system_updating')).body.data
      .records as Row[];
    expect(bRows.every((r) => r.own)).toBe(true);
    expect((await b.get('/api/blade-system/param/getByKey?key=system_updating_tags')).body.data).toBe('B');
    const over = await root.post('/api/blade-system/systemparam/synparam', { ids, tenantIds: '100002', over: 1 });
    expect(over.body.data).toMatchObject({ created: 0, updated: 2 });
    expect((await b.get('/api/blade-system/param/getByKey?key=system_updating_tags')).body.data).toBe('0');
    // A was not a target: it still has no rows of its own for these keys.
    const aRows = (await a.get('/api/blade-system/systemparam/list?current=1&size=50&paramKey_like=system_updating')).body.data
      .records as Row[];
    expect(aRows.some((r) => r.own)).toBe(false);
  });
});

describe('issue 17: which seeded dictionaries are the clinic’s', () => {
  it('a clinic adds its own cancel reason (reason_cancellation, isAdmin 1); sex and card type stay 公共', async () => {
    const parents = (await a.get(`${BIZ}/parent-list?current=1&size=50`)).body.data.records as (Row & { code: string; isAdmin: number })[];
    const byCode = new Map(parents.map((p) => [p.code, p]));
    expect(byCode.get('reason_cancellation')!.isAdmin).toBe(1);
    for (const code of ['sex', 'card_type', 'sys_platform', 'req_source']) expect(byCode.get(code)!.isAdmin).toBe(0);

    const reasons = byCode.get('reason_cancellation')!;
    const added = await a.post(`${BIZ}/submit`, {
      parentId: reasons.id,
      code: 'reason_cancellation',
      dictKey: '90',
      dictValue: '本院：迁往外省',
      pdfKey: '迁往外省',
      isSealed: 0,
    });
    expect(added.body.msg).toBe('新增成功');
    const valuesOf = async (who: Caller) =>
      ((await who.get(`${BIZ}/dictionary?code=reason_cancellation`)).body.data as { dictValue: string }[]).map((e) => e.dictValue);
    expect(await valuesOf(doctor)).toContain('本院：迁往外省');
    expect(await valuesOf(b)).not.toContain('本院：迁往外省');

    const sex = byCode.get('sex')!;
    const refused = await a.post(`${BIZ}/submit`, {
      parentId: sex.id,
      code: 'sex',
      dictKey: '5',
      dictValue: '其他',
      pdfKey: '其他',
      isSealed: 0,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('公共字典，租户不可编辑');
  });
});
