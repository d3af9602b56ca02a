// 服务项目 (blade-iph-business/serviceproject): the services of a pack — its resource document's CRUD
// (the pack a live pack of the caller's tenant) and listServiceProject (one pack's projects).
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const P = '/api/blade-iph-business/servicepack';
const J = '/api/blade-iph-business/serviceproject';

const packOf = async (caller: typeof admin, packCode: string) =>
  (await caller.post(`${P}/submit`, { packCode, packName: `服务包${packCode}`, packType: '1' })).body.data.id as string;

describe('serviceproject (a resource document with listServiceProject)', () => {
  it('keeps a pack’s projects with versions, uniqueness within the pack and the pack checked', async () => {
    const pack = await packOf(admin, 'PJ01');
    const other = await packOf(admin, 'PJ02');
    const created = await admin.post(`${J}/submit`, {
      packId: pack,
      projectCode: 'XY',
      projectName: '血压测量',
      timesPerYear: 4,
      unitPrice: 2.5,
    });
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: { packId: pack, timesPerYear: 4, unitPrice: 2.5, category: '', rowVersion: 1 },
    });
    const id = created.body.data.id as string;
    await admin.post(`${J}/submit`, { packId: pack, projectCode: 'TJ', projectName: '健康体检', category: '体检', sort: 1 });
    // The same code in another pack is another project; twice in one pack is refused.
    expect((await admin.post(`${J}/submit`, { packId: other, projectCode: 'XY', projectName: '血压测量' })).body.msg).toBe('新增成功');
    const twice = await admin.post(`${J}/submit`, { packId: pack, projectCode: 'XY', projectName: '又一个' });
    expect([twice.status, twice.body.msg]).toEqual([400, '该服务包中项目编码已存在']);
    expect((await admin.post(`${J}/submit`, { projectCode: 'A1', projectName: '无包' })).body.msg).toBe('请选择所属服务包');
    expect((await admin.post(`${J}/submit`, { packId: '123', projectCode: 'A1', projectName: '包不存在' })).body.msg).toBe(
      '所属服务包不存在',
    );
    expect((await admin.post(`${J}/submit`, { packId: pack, projectCode: 'A1', projectName: '次数', timesPerYear: 400 })).status).toBe(400);

    const list = (await admin.get(`${J}/list?packId_equal=${pack}&descs=projectCode`)).body.data;
    expect(list.records.map((r: { projectCode: string }) => r.projectCode)).toEqual(['XY', 'TJ']);
    expect((await admin.get(`${J}/list?category=${encodeURIComponent('体检')}`)).body.data.total).toBe(1);
    expect((await admin.get(`${J}/detail?id=${id}`)).body.data).toMatchObject({ projectName: '血压测量' });

    const missing = await admin.post(`${J}/submit`, { id, timesPerYear: 6 });
    expect([missing.status, missing.body.msg]).toEqual([428, '请先读取服务项目再修改（缺少版本号）']);
    expect((await admin.post(`${J}/submit`, { id, rowVersion: 1, timesPerYear: 6 })).body.data).toMatchObject({
      timesPerYear: 6,
      rowVersion: 2,
    });
    expect((await admin.post(`${J}/submit`, { id, rowVersion: 1, timesPerYear: 8 })).status).toBe(409);

    // listServiceProject: one pack's projects in the pack's order, for anyone signed in.
    const projects = (await doctor.get(`${J}/listServiceProject?packId=${pack}`)).body.data as { projectCode: string }[];
    expect(projects.map((p) => p.projectCode)).toEqual(['XY', 'TJ']);
    expect((await doctor.get(`${J}/listServiceProject?packId=999`)).status).toBe(404);
    expect((await doctor.get(`${J}/listServiceProject`)).status).toBe(400);
    expect((await admin.post(`${J}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${J}/listServiceProject?packId=${pack}`)).body.data).toHaveLength(1);
  });

  it('refuses an unlisted sort or filter, another tenant’s rows and packs, and non-administrators', async () => {
    const pack = await packOf(admin, 'PJ10');
    const mine = (await admin.post(`${J}/submit`, { packId: pack, projectCode: 'M1', projectName: '本租户的项目' })).body.data;
    expect((await admin.get(`${J}/list?ascs=pack_id`)).body.msg).toBe('不支持按 pack_id 排序');
    expect((await admin.get(`${J}/list?unitPrice_equal=1`)).body.msg).toBe('不支持的查询条件: unitPrice_equal');
    expect((await otherAdmin.get(`${J}/detail?id=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${J}/submit`, { id: mine.id, rowVersion: 1, projectName: '改别人的' })).status).toBe(404);
    expect((await otherAdmin.post(`${J}/remove?ids=${mine.id}`)).status).toBe(404);
    // Another tenant's pack is no pack of the caller's.
    const foreignPack = await otherAdmin.post(`${J}/submit`, { packId: pack, projectCode: 'F1', projectName: '挂到别人的包' });
    expect([foreignPack.status, foreignPack.body.msg]).toEqual([400, '所属服务包不存在']);
    expect((await otherAdmin.get(`${J}/listServiceProject?packId=${pack}`)).status).toBe(404);
    expect((await doctor.get(`${J}/list`)).status).toBe(403);
    expect((await doctor.post(`${J}/submit`, { packId: pack, projectCode: 'D1', projectName: '医生加的' })).status).toBe(403);
    expect((await admin.get(`${J}/detail?id=${mine.id}`)).body.data).toMatchObject({ projectName: '本租户的项目', rowVersion: 1 });
  });
});
