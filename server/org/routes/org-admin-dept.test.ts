import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';
import { ClientView, DeptLazyRow, DeptView, PostView, RegionDetailView, TenantView } from '../../../src/shared/contract/org';

const { admin, otherAdmin, doctor, platform } = orgAdminCallers();

const D = '/api/blade-system/dept';

const create = async (body: Record<string, unknown>) => {
  const res = await admin.post(`${D}/submit`, body);
  expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
  return res.body.data.id as string;
};

describe('the contract (src/shared/contract/org.ts)', () => {
  it('a department, a post, a region, an institution and a client answer exactly the contract’s fields', async () => {
    const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const keys = (row: object) => Object.keys(row).sort();
    const depts = (await admin.get(`${D}/lazy-list`)).body.data as { id: string }[];
    expect(depts.length).toBeGreaterThan(0);
    for (const row of depts) expect(keys(row)).toEqual(fields(DeptLazyRow));
    expect(keys((await admin.get(`${D}/detail?id=${depts[0]!.id}`)).body.data)).toEqual(fields(DeptView));
    for (const row of (await admin.get(`${D}/select`)).body.data) expect(keys(row)).toEqual(fields(DeptView));
    for (const row of (await admin.get('/api/blade-system/post/select')).body.data) expect(keys(row)).toEqual(fields(PostView));
    const regions = (await admin.get('/api/blade-system/region/list')).body.data.records as { code: string }[];
    expect(regions.length).toBeGreaterThan(0);
    expect(keys((await admin.get(`/api/blade-system/region/detail?code=${regions[0]!.code}`)).body.data)).toEqual(fields(RegionDetailView));
    const tenants = (await platform.get('/api/blade-system/tenant/list')).body.data.records as object[];
    expect(tenants.length).toBeGreaterThan(0);
    for (const row of tenants) expect(keys(row)).toEqual(fields(TenantView));
    const clients = (await platform.get('/api/blade-system/client/list')).body.data.records as object[];
    expect(clients.length).toBeGreaterThan(0);
    for (const row of clients) expect(keys(row)).toEqual(fields(ClientView));
  });
});

describe('departments: reading', () => {
  it('lists the tenant’s departments as a tree, lazily by parent, and as TreeNodes for everyone', async () => {
    const top = await create({
      deptName: '家庭医生服务部',
      deptCategory: 1,
      fullName: '源城区示范社区卫生服务中心家庭医生服务部',
      sort: 9,
    });
    const sub = await create({ parentId: top, deptName: '签约组', fullName: '签约组', deptCategory: 1, sort: 1 });

    const list = await admin.get(`${D}/list`);
    expect(list.status).toBe(200);
    const names = list.body.data.map((d: { deptName: string }) => d.deptName);
    expect(names).toEqual(expect.arrayContaining(['全科医疗科', '公共卫生科', '疾病预防控制科', '家庭医生服务部']));
    expect(names).not.toContain('平台运营部');
    const topRow = list.body.data.find((d: { id: string }) => d.id === top);
    expect(topRow).toMatchObject({
      hasChildren: true,
      children: [{ id: sub, parentId: top, parentName: '家庭医生服务部', ancestors: `0,${top}` }],
    });

    // A search finds the row wherever it sits; its parent not found, it is a root of the answer.
    const found = await admin.get(`${D}/list?deptName_like=${encodeURIComponent('签约')}`);
    expect(found.body.data.map((d: { id: string }) => d.id)).toEqual([sub]);

    const lazyTop = await admin.get(`${D}/lazy-list`);
    expect(lazyTop.body.data.find((d: { id: string }) => d.id === top)).toMatchObject({ hasChildren: true });
    expect(lazyTop.body.data.find((d: { id: string }) => d.id === '2100')).toMatchObject({ hasChildren: false, deptName: '全科医疗科' });
    const lazySub = await admin.get(`${D}/lazy-list?parentId=${top}`);
    expect(lazySub.body.data).toMatchObject([{ id: sub, deptName: '签约组', hasChildren: false }]);

    const tree = await doctor.get(`${D}/tree`);
    expect(tree.status).toBe(200);
    const node = tree.body.data.find((n: { id: string }) => n.id === top);
    expect(node).toEqual({
      id: top,
      parentId: '0',
      title: '家庭医生服务部',
      value: top,
      key: top,
      hasChildren: true,
      children: [{ id: sub, parentId: top, title: '签约组', value: sub, key: sub, hasChildren: false }],
    });
    const lazyTree = await doctor.get(`${D}/lazy-tree?parentId=${top}`);
    expect(lazyTree.body.data).toEqual([{ id: sub, parentId: top, title: '签约组', value: sub, key: sub, hasChildren: false }]);

    const select = await doctor.get(`${D}/select?deptId=2100,2200`);
    expect(select.body.data.map((d: { deptName: string }) => d.deptName)).toEqual(['全科医疗科', '公共卫生科']);

    const detail = await admin.get(`${D}/detail?id=${sub}`);
    expect(detail.body.data).toMatchObject({
      id: sub,
      deptName: '签约组',
      fullName: '签约组',
      parentName: '家庭医生服务部',
      rowVersion: 1,
    });
  });

  it('keeps the management list for administrators; another tenant’s tree only for the platform', async () => {
    expect((await doctor.get(`${D}/list`)).status).toBe(403);
    expect((await admin.get(`${D}/tree?tenantId=100002`)).status).toBe(403);
    const other = await platform.get(`${D}/tree?tenantId=100002`);
    expect(other.status).toBe(200);
    expect(other.body.data.map((n: { title: string }) => n.title)).toEqual(['公共卫生科']);
  });
});

describe('departments: writing', () => {
  it('updates over the version read: none is 428, a stale one 409 naming who changed it', async () => {
    const id = await create({ deptName: '预防保健科', fullName: '预防保健科', deptCategory: 1, sort: 1 });
    const missing = await admin.post(`${D}/submit`, { id, deptName: '预防保健科一', fullName: '预防保健科一', deptCategory: 1, sort: 1 });
    expect(missing.status).toBe(428);
    const first = await admin.post(`${D}/submit`, {
      id,
      deptName: '预防保健科',
      fullName: '预防保健科',
      deptCategory: 1,
      sort: 1,
      remark: '改过',
      rowVersion: 1,
    });
    expect(first.body).toMatchObject({ success: true, msg: '修改成功', data: { id, rowVersion: 2 } });
    const stale = await admin.post(`${D}/submit`, {
      id,
      deptName: '另一个名字',
      fullName: '另一个名字',
      deptCategory: 1,
      sort: 1,
      rowVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^机构已被.+于\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}修改，请刷新后重试$/);
    expect(stale.body.data).toMatchObject({ rowVersion: 2 });
    expect((await admin.get(`${D}/detail?id=${id}`)).body.data).toMatchObject({ deptName: '预防保健科', remark: '改过' });
  });

  it('refuses a missing name, an unknown parent, a parent of another tenant and a cycle', async () => {
    expect((await admin.post(`${D}/submit`, { deptName: ' ' })).body.msg).toBe('请输入机构名称');
    // The dialog's own rules (rules/admindept.rules.json), checked by the server with the same document.
    expect((await admin.post(`${D}/submit`, { deptName: '甲', deptCategory: 1, sort: 1 })).body.msg).toBe('请输入机构全称');
    expect((await admin.post(`${D}/submit`, { deptName: '甲', fullName: '甲', sort: 1 })).body.msg).toBe('请选择机构类型');
    expect((await admin.post(`${D}/submit`, { deptName: '甲', fullName: '甲', deptCategory: 1 })).body.msg).toBe('请输入排序');
    expect(
      (await admin.post(`${D}/submit`, { deptName: '甲', fullName: '甲', deptCategory: 1, sort: 1, parentId: '999999' })).body.msg,
    ).toBe('上级机构不存在');
    expect((await admin.post(`${D}/submit`, { deptName: '甲', fullName: '甲', deptCategory: 1, sort: 1, parentId: '3100' })).body.msg).toBe(
      '上级机构不存在',
    );

    const a = await create({ deptName: '环甲', fullName: '环甲', deptCategory: 1, sort: 1 });
    const b = await create({ deptName: '环乙', fullName: '环乙', deptCategory: 1, sort: 1, parentId: a });
    const c = await create({ deptName: '环丙', fullName: '环丙', deptCategory: 1, sort: 1, parentId: b });
    const self = await admin.post(`${D}/submit`, {
      id: a,
      deptName: '环甲',
      fullName: '环甲',
      deptCategory: 1,
      sort: 1,
      parentId: a,
      rowVersion: 1,
    });
    expect(self).toMatchObject({ status: 400, body: { msg: '上级机构不可选择自身' } });
    const cycle = await admin.post(`${D}/submit`, {
      id: a,
      deptName: '环甲',
      fullName: '环甲',
      deptCategory: 1,
      sort: 1,
      parentId: c,
      rowVersion: 1,
    });
    expect(cycle).toMatchObject({ status: 400, body: { msg: '上级机构不可选择自身的下级机构' } });
    expect((await admin.get(`${D}/detail?id=${a}`)).body.data).toMatchObject({ parentId: '0', rowVersion: 1 });
    // Moving a branch elsewhere is fine.
    const moved = await admin.post(`${D}/submit`, {
      id: c,
      deptName: '环丙',
      fullName: '环丙',
      deptCategory: 1,
      sort: 1,
      parentId: a,
      rowVersion: 1,
    });
    expect(moved.body.msg).toBe('修改成功');
  });

  it('two moves at once cannot close a loop: one of them is refused', async () => {
    const a = await create({ deptName: '并发甲', fullName: '并发甲', deptCategory: 1, sort: 1 });
    const b = await create({ deptName: '并发乙', fullName: '并发乙', deptCategory: 1, sort: 1 });
    const answers = await Promise.all([
      admin.post(`${D}/submit`, { id: a, deptName: '并发甲', fullName: '并发甲', deptCategory: 1, sort: 1, parentId: b, rowVersion: 1 }),
      admin.post(`${D}/submit`, { id: b, deptName: '并发乙', fullName: '并发乙', deptCategory: 1, sort: 1, parentId: a, rowVersion: 1 }),
    ]);
    expect(answers.map((r) => r.body.msg).sort()).toEqual(['上级机构不可选择自身的下级机构', '修改成功'].sort());
  });

  it('removes an empty department; refuses one with children or users, all or nothing', async () => {
    const parent = await create({ deptName: '待删上级', fullName: '待删上级', deptCategory: 1, sort: 1 });
    const child = await create({ deptName: '待删下级', fullName: '待删下级', deptCategory: 1, sort: 1, parentId: parent });
    const withChildren = await admin.post(`${D}/remove?ids=${parent}`);
    expect(withChildren).toMatchObject({ status: 400, body: { msg: '机构[待删上级]存在下级机构，请先删除下级机构' } });
    const withUsers = await admin.post(`${D}/remove?ids=${child},2200`);
    expect(withUsers).toMatchObject({ status: 400, body: { msg: '机构[公共卫生科]下存在用户，不能删除' } });
    expect((await admin.get(`${D}/detail?id=${child}`)).status).toBe(200);

    expect((await admin.post(`${D}/remove`, { ids: child })).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await admin.get(`${D}/detail?id=${child}`)).status).toBe(404);
    expect((await admin.post(`${D}/remove?ids=${parent}`)).body.msg).toBe('删除成功');
    const tree = await admin.get(`${D}/tree`);
    expect(JSON.stringify(tree.body.data)).not.toContain('待删');
  });

  it('keeps tenants apart: another tenant’s administrator neither sees nor changes these departments', async () => {
    const id = await create({ deptName: '只属于100001', fullName: '只属于100001', deptCategory: 1, sort: 1 });
    expect((await otherAdmin.get(`${D}/detail?id=${id}`)).status).toBe(404);
    expect(JSON.stringify((await otherAdmin.get(`${D}/list`)).body.data)).not.toContain('只属于100001');
    expect(JSON.stringify((await otherAdmin.get(`${D}/tree`)).body.data)).not.toContain('只属于100001');
    expect((await otherAdmin.get(`${D}/select?deptId=${id}`)).body.data).toEqual([]);
    expect(
      (await otherAdmin.post(`${D}/submit`, { id, deptName: '改名', fullName: '改名', deptCategory: 1, sort: 1, rowVersion: 1 })).status,
    ).toBe(404);
    expect((await otherAdmin.post(`${D}/remove?ids=${id}`)).status).toBe(404);
    expect(
      (await otherAdmin.post(`${D}/submit`, { deptName: '挂靠', fullName: '挂靠', deptCategory: 1, sort: 1, parentId: id })).body.msg,
    ).toBe('上级机构不存在');
    expect((await admin.get(`${D}/detail?id=${id}`)).body.data).toMatchObject({ deptName: '只属于100001', rowVersion: 1 });
  });

  it('refuses a doctor every write', async () => {
    expect((await doctor.post(`${D}/submit`, { deptName: '医生建的', fullName: '医生建的', deptCategory: 1, sort: 1 })).status).toBe(403);
    expect((await doctor.post(`${D}/remove?ids=2100`)).status).toBe(403);
    expect((await admin.get(`${D}/detail?id=2100`)).status).toBe(200);
  });
});
