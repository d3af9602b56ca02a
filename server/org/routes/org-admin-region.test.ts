import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor, platform } = orgAdminCallers();

const R = '/api/blade-system/region';

type Node = { id: string; title: string; hasChildren: boolean; children?: Node[] };
const ids = (nodes: Node[]) => nodes.map((n) => n.id);
const flatten = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...flatten(n.children ?? [])]);

describe('regions: reading (every signed-in user, every tenant)', () => {
  it('answers each tenant its own region', async () => {
    expect((await doctor.get(`${R}/get-tenant-region-code`)).body.data).toMatchObject({
      code: '441602',
      name: '源城区',
      regionLevel: 3,
      fullName: '广东省河源市源城区',
    });
    expect((await otherAdmin.get(`${R}/get-tenant-region-code`)).body.data).toMatchObject({
      code: '441621',
      fullName: '广东省河源市紫金县',
    });
    expect((await platform.get(`${R}/get-tenant-region-code`)).body.data).toMatchObject({ code: '4416', fullName: '广东省河源市' });
  });

  it('lists, reads and walks the tree lazily', async () => {
    const list = await doctor.get(`${R}/list?parentCode=4416&size=20`);
    expect(list.body.data.total).toBe(6);
    expect(list.body.data.records.map((r: { name: string }) => r.name)).toEqual([
      '源城区',
      '紫金县',
      '龙川县',
      '连平县',
      '和平县',
      '东源县',
    ]);
    expect((await doctor.get(`${R}/list?name_like=${encodeURIComponent('街道')}`)).body.data.total).toBe(3);
    expect((await doctor.get(`${R}/list?regionLevel_equal=1`)).body.data.records).toMatchObject([{ code: '44', name: '广东省' }]);

    expect((await doctor.get(`${R}/detail?code=441602001`)).body.data).toMatchObject({
      code: '441602001',
      parentCode: '441602',
      parentName: '源城区',
      ancestors: '00,44,4416,441602',
      name: '上城街道',
      regionLevel: 4,
      regionLevelName: '乡镇',
      fullName: '广东省河源市源城区上城街道',
    });
    expect((await doctor.get(`${R}/detail?code=4499`)).status).toBe(404);

    const provinces = await doctor.get(`${R}/lazy-tree`);
    expect(provinces.body.data).toEqual([
      { id: '44', parentId: '00', title: '广东省', value: '44', key: '44', hasChildren: true, regionLevel: 1 },
    ]);
    const districts = await doctor.get(`${R}/lazy-tree?parentCode=4416`);
    expect(districts.body.data.find((n: Node) => n.id === '441602')).toMatchObject({ hasChildren: true });
    expect(districts.body.data.find((n: Node) => n.id === '441621')).toMatchObject({ hasChildren: false });

    const levels = await doctor.get(`${R}/level-tree?level=3`);
    expect(flatten(levels.body.data)).toEqual(['44', '4416', '441602', '441621', '441622', '441623', '441624', '441625']);
    expect(flatten((await doctor.get(`${R}/level-tree`)).body.data)).not.toContain('441602001');
  });

  it('treeByCodes, GET and POST alike: the codes, their children, the way back up, a level limit, one node’s children', async () => {
    // Default: the caller's tenant's region with everything under it.
    const own = await doctor.get(`${R}/treeByCodes`);
    expect(ids(own.body.data)).toEqual(['441602']);
    expect(ids(own.body.data[0].children)).toEqual(['441602001', '441602002', '441602003', '441602100', '441602101']);

    const back = await doctor.get(`${R}/treeByCodes?codes=441602,441621&child=false&backTree=true`);
    expect(back.body.data).toMatchObject([
      { id: '44', children: [{ id: '4416', children: [{ id: '441602', hasChildren: true }, { id: '441621' }] }] },
    ]);
    expect(flatten(back.body.data)).toHaveLength(4);

    const limited = await doctor.post(`${R}/treeByCodes`, { codes: '4416', opt: 3 });
    expect(limited.status).toBe(200);
    expect(flatten(limited.body.data)).toEqual(['4416', '441602', '441621', '441622', '441623', '441624', '441625']);
    const same = await doctor.post(`${R}/treeByCodes?codes=4416&opt=3`);
    expect(same.body.data).toEqual(limited.body.data);

    const under = await doctor.post(`${R}/treeByCodes`, { codes: '441602', child: 'false', id: '441602' });
    expect(ids(under.body.data)).toEqual(['441602001', '441602002', '441602003', '441602100', '441602101']);
    // Outside the codes asked for, nothing.
    expect((await doctor.get(`${R}/treeByCodes?codes=441621&id=441602`)).body.data).toEqual([]);

    // Another tenant's region: the platform's view only.
    expect((await admin.get(`${R}/treeByCodes?tenantId=100002`)).status).toBe(403);
    expect(ids((await platform.get(`${R}/treeByCodes?tenantId=100002&child=0`)).body.data)).toEqual(['441621']);
  });

  it('parseConcatAddress joins the names of the codes', async () => {
    expect((await doctor.get(`${R}/parseConcatAddress?code=441602001&address=${encodeURIComponent('新风路1号')}`)).body.data).toBe(
      '广东省河源市源城区上城街道新风路1号',
    );
    expect((await doctor.get(`${R}/parseConcatAddress?codes=44,4416,441621`)).body.data).toBe('广东省河源市紫金县');
    expect((await doctor.get(`${R}/parseConcatAddress?codes=44,4499`)).body).toMatchObject({ success: false, msg: '区划[4499]不存在' });
    expect((await doctor.get(`${R}/parseConcatAddress`)).body.msg).toBe('参数[codes]不能为空');
  });
});

describe('regions: writing (the platform administrator only)', () => {
  it('creates, updates over the version read, refuses a stale one and removes', async () => {
    const created = await platform.post(`${R}/submit`, {
      code: '441602102',
      parentCode: '441602',
      name: '测试镇',
      regionLevel: 4,
      sort: 9,
    });
    expect(created.body).toMatchObject({ success: true, msg: '新增成功', data: { code: '441602102', rowVersion: 1 } });
    expect((await doctor.get(`${R}/detail?code=441602102`)).body.data).toMatchObject({ regionLevel: 4, ancestors: '00,44,4416,441602' });

    expect((await platform.post(`${R}/submit`, { code: '441602102', parentCode: '441602', name: '测试镇二', regionLevel: 4 })).status).toBe(
      428,
    );
    const updated = await platform.post(`${R}/submit`, {
      code: '441602102',
      parentCode: '441602',
      name: '测试镇二',
      regionLevel: 4,
      rowVersion: 1,
    });
    expect(updated.body).toMatchObject({ msg: '修改成功', data: { rowVersion: 2 } });
    const stale = await platform.post(`${R}/submit`, {
      code: '441602102',
      parentCode: '441602',
      name: '过时',
      regionLevel: 4,
      rowVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^区划已被.+修改，请刷新后重试$/);

    const village = await platform.post(`${R}/submit`, { code: '441602102001', parentCode: '441602102', name: '测试村', regionLevel: 5 });
    expect(village.body.msg).toBe('新增成功');
    expect((await platform.post(`${R}/remove?ids=441602102`)).body.msg).toBe('区划[测试镇二]存在下级区划，请先删除下级区划');
    expect((await platform.post(`${R}/remove`, { id: '441602102001' })).body.msg).toBe('删除成功');
    expect((await platform.post(`${R}/remove?ids=441602102`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${R}/detail?code=441602102`)).status).toBe(404);
    // A removed code submitted again comes back.
    expect((await platform.post(`${R}/submit`, { code: '441602102', parentCode: '441602', name: '测试镇', regionLevel: 4 })).body.msg).toBe(
      '新增成功',
    );
  });

  it('refuses a region that does not fit the tree', async () => {
    expect((await platform.post(`${R}/submit`, { code: '441699', parentCode: '441698', name: '无', regionLevel: 3 })).body.msg).toBe(
      '上级区划不存在',
    );
    expect((await platform.post(`${R}/submit`, { code: '451601', parentCode: '4416', name: '错', regionLevel: 3 })).body.msg).toBe(
      '区划编号须以上级区划编号开头',
    );
    expect((await platform.post(`${R}/submit`, { code: '4416', parentCode: '44', name: '', regionLevel: 2 })).body.msg).toBe(
      '请输入区划名称',
    );
    // The dialog's own rules (rules/adminregion.rules.json), checked by the server with the same document.
    expect((await platform.post(`${R}/submit`, { code: '441602103', parentCode: '441602', name: '无层级' })).body.msg).toBe(
      '请选择区划层级',
    );
    expect((await platform.post(`${R}/submit`, { parentCode: '441602', name: '无编号', regionLevel: 4 })).body.msg).toBe('请输入区划编号');
    expect(
      (await platform.post(`${R}/submit`, { code: '441602', parentCode: '44', name: '源城区', regionLevel: 3, rowVersion: 1 })).body.msg,
    ).toBe('不可修改上级区划');
  });

  it('refuses a tenant’s administrator and a doctor, before reading the input', async () => {
    for (const caller of [admin, otherAdmin, doctor]) {
      expect((await caller.post(`${R}/submit`, { code: '441602199', parentCode: '441602', name: '不该有', regionLevel: 4 })).status).toBe(
        403,
      );
      expect((await caller.post(`${R}/remove?ids=441602001`)).status).toBe(403);
    }
    expect((await doctor.get(`${R}/detail?code=441602001`)).status).toBe(200);
    expect((await doctor.get(`${R}/detail?code=441602199`)).status).toBe(404);
  });
});
