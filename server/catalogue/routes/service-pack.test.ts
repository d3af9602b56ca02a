// 服务包 (blade-iph-business/servicepack): its resource document's CRUD with the dialog's rules,
// versions, tenants and roles, and the named calls beside it — newList (the enabled packs for a
// picker) and syn-service-pack (the platform's packs and their projects copied into tenants).
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor, platform } = orgAdminCallers();
const P = '/api/blade-iph-business/servicepack';
const J = '/api/blade-iph-business/serviceproject';

const basic = { packCode: 'JC01', packName: '基础签约服务包', packType: '1', price: 0, targetCrowd: '全人群', serviceMonths: 12 };
const elderly = { packCode: 'LN01', packName: '老年人个性化服务包', packType: '2', price: 120.5, targetCrowd: '65岁以上老年人', status: 0 };

const codesOf = async (query = '') =>
  ((await admin.get(`${P}/list?size=50${query}`)).body.data.records as { packCode: string }[]).map((r) => r.packCode);

describe('servicepack (a resource document with named calls)', () => {
  it('creates, lists, searches, sorts, reads, updates over the version read and removes', async () => {
    const created = await admin.post(`${P}/submit`, basic);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...basic, status: 1, rowVersion: 1, tenantId: '100001' } });
    const id = created.body.data.id as string;
    expect((await admin.post(`${P}/submit`, elderly)).body.data).toMatchObject({ price: 120.5, serviceMonths: 12, status: 0 });

    expect(await codesOf()).toEqual(['JC01', 'LN01']);
    expect(await codesOf(`&packName_like=${encodeURIComponent('老年人')}`)).toEqual(['LN01']);
    expect(await codesOf('&packType_equal=2')).toEqual(['LN01']);
    expect(await codesOf('&descs=price')).toEqual(['LN01', 'JC01']);
    expect((await admin.get(`${P}/detail?id=${id}`)).body.data).toMatchObject({ ...basic, id });

    const missing = await admin.post(`${P}/submit`, { id, packName: '改名' });
    expect([missing.status, missing.body.msg]).toEqual([428, '请先读取服务包再修改（缺少版本号）']);
    const updated = await admin.post(`${P}/submit`, { id, rowVersion: 1, packName: '基础包 (2027)' });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { packCode: 'JC01', packName: '基础包 (2027)', rowVersion: 2 } });
    const stale = await admin.post(`${P}/submit`, { id, rowVersion: 1, packName: '旧的' });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^服务包已被.+修改，请刷新后重试$/);

    expect((await admin.post(`${P}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect(await codesOf()).toEqual(['LN01']);
    expect((await admin.get(`${P}/detail?id=${id}`)).status).toBe(404);
  });

  it('runs the dialog’s rules and uniqueness, and refuses what the document does not list', async () => {
    expect((await admin.post(`${P}/submit`, { packName: '无编码' })).body.msg).toBe('请输入服务包编码');
    expect((await admin.post(`${P}/submit`, { ...basic, packCode: 'JC 02' })).body.msg).toBe('服务包编码只能是 1–32 位字母、数字、- 或 _');
    expect((await admin.post(`${P}/submit`, { ...basic, packCode: 'JC02', serviceMonths: 121 })).status).toBe(400);
    expect((await admin.post(`${P}/submit`, { ...basic, packCode: 'JC02', price: -1 })).status).toBe(400);
    await admin.post(`${P}/submit`, { ...basic, packCode: 'JC02' });
    const twice = await admin.post(`${P}/submit`, { ...basic, packCode: 'JC02', packName: '另一个' });
    expect([twice.status, twice.body.msg]).toEqual([400, '服务包编码已存在']);
    const sort = await admin.get(`${P}/list?ascs=tenant_id`);
    expect([sort.status, sort.body.msg]).toEqual([400, '不支持按 tenant_id 排序']);
    const filter = await admin.get(`${P}/list?description_like=x`);
    expect([filter.status, filter.body.msg]).toEqual([400, '不支持的查询条件: description_like']);
    expect((await admin.post(`${P}/remove`)).body.msg).toBe('请选择至少一条数据');
  });

  it('keeps tenants apart and writes for administrators only', async () => {
    const mine = (await admin.post(`${P}/submit`, { ...basic, packCode: 'T001', packName: '本租户的包' })).body.data;
    expect((await otherAdmin.get(`${P}/detail?id=${mine.id}`)).status).toBe(404);
    const foreign = await otherAdmin.post(`${P}/submit`, { id: mine.id, rowVersion: 1, packName: '改别人的' });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '服务包不存在']);
    expect((await otherAdmin.post(`${P}/remove?ids=${mine.id}`)).status).toBe(404);
    expect((await doctor.get(`${P}/list`)).status).toBe(403);
    expect((await doctor.post(`${P}/submit`, { ...basic, packCode: 'D001' })).status).toBe(403);
    expect((await admin.get(`${P}/detail?id=${mine.id}`)).body.data).toMatchObject({ packName: '本租户的包', rowVersion: 1 });
  });

  it('newList: the tenant’s enabled packs for a picker, for anyone signed in', async () => {
    await admin.post(`${P}/submit`, { ...basic, packCode: 'N001', packName: '启用的' });
    await admin.post(`${P}/submit`, { ...basic, packCode: 'N002', packName: '停用的', status: 0 });
    await otherAdmin.post(`${P}/submit`, { ...basic, packCode: 'N003', packName: '别的租户的' });
    const codes = (body: { data: { packCode: string }[] }) => body.data.map((d) => d.packCode).filter((c) => c.startsWith('N'));
    expect(codes((await doctor.get(`${P}/newList`)).body)).toEqual(['N001']);
    expect(codes((await doctor.get(`${P}/newList?status=0`)).body)).toEqual(['N002']);
    expect((await doctor.get(`${P}/newList?status=2`)).status).toBe(400);
  });

  it('syn-service-pack: the platform’s packs and projects into tenants, overwritten or kept by code', async () => {
    const source = (await platform.post(`${P}/submit`, { ...basic, packCode: 'S001', packName: '平台基础包', price: 30 })).body.data;
    expect(source).toMatchObject({ tenantId: '000000' });
    await platform.post(`${J}/submit`, { packId: source.id, projectCode: 'XY', projectName: '血压测量', timesPerYear: 4 });
    await platform.post(`${J}/submit`, { packId: source.id, projectCode: 'XT', projectName: '血糖测量', timesPerYear: 4 });
    const second = (await platform.post(`${P}/submit`, { ...basic, packCode: 'S002', packName: '平台个性化包' })).body.data;

    const first = await platform.post(`${P}/syn-service-pack?ids=${source.id}&tenantIds=100001,100002&over=false`);
    expect(first.body).toMatchObject({
      msg: '同步成功',
      data: [
        { tenantId: '100001', copied: ['S001'], overwritten: [], kept: [] },
        { tenantId: '100002', copied: ['S001'], overwritten: [], kept: [] },
      ],
    });
    const copied = (await admin.get(`${P}/list?packCode_equal=S001`)).body.data.records[0];
    expect(copied).toMatchObject({ packName: '平台基础包', price: 30, tenantId: '100001' });
    const projectsOf = async (packId: string) =>
      ((await doctor.get(`${J}/listServiceProject?packId=${packId}`)).body.data as { projectCode: string }[]).map((p) => p.projectCode);
    expect(await projectsOf(copied.id)).toEqual(['XT', 'XY']);

    // The tenant changes its copy; a second sync keeps it unless told to overwrite.
    await admin.post(`${P}/submit`, { id: copied.id, rowVersion: 1, packName: '本院的基础包' });
    await admin.post(`${J}/submit`, { packId: copied.id, projectCode: 'ZY', projectName: '中医体质辨识' });
    const kept = await platform.post(`${P}/syn-service-pack`, { ids: `${source.id},${second.id}`, tenantIds: '100001', over: false });
    expect(kept.body.data).toEqual([{ tenantId: '100001', copied: ['S002'], overwritten: [], kept: ['S001'] }]);
    expect((await admin.get(`${P}/detail?id=${copied.id}`)).body.data.packName).toBe('本院的基础包');
    const over = await platform.post(`${P}/syn-service-pack`, { ids: source.id, tenantIds: '100001', over: true, opt: 1 });
    expect(over.body.data).toEqual([{ tenantId: '100001', copied: [], overwritten: ['S001'], kept: [] }]);
    expect((await admin.get(`${P}/detail?id=${copied.id}`)).body.data).toMatchObject({ packName: '平台基础包', rowVersion: 3 });
    expect(await projectsOf(copied.id)).toEqual(['XT', 'XY']);
  });

  it('syn-service-pack is the platform administrator’s alone and checks every input before writing', async () => {
    const own = (await admin.post(`${P}/submit`, { ...basic, packCode: 'O001' })).body.data;
    const refused = await admin.post(`${P}/syn-service-pack?ids=${own.id}&tenantIds=100002&over=true`);
    expect([refused.status, refused.body.msg]).toEqual([403, '您没有权限执行此操作']);
    expect((await doctor.post(`${P}/syn-service-pack?ids=${own.id}&tenantIds=100002`)).status).toBe(403);
    expect((await otherAdmin.get(`${P}/list?packCode_equal=O001`)).body.data.total).toBe(0);

    const source = (await platform.post(`${P}/submit`, { ...basic, packCode: 'S009' })).body.data;
    expect((await platform.post(`${P}/syn-service-pack?tenantIds=100001`)).body.msg).toBe('请选择要同步的服务包');
    expect((await platform.post(`${P}/syn-service-pack?ids=${source.id}`)).body.msg).toBe('请选择要同步到的租户');
    // A tenant's pack is not the platform's; an unknown tenant stops the whole call.
    expect((await platform.post(`${P}/syn-service-pack?ids=${own.id}&tenantIds=100002`)).body.msg).toBe('只能同步平台的服务包');
    const unknown = await platform.post(`${P}/syn-service-pack?ids=${source.id}&tenantIds=100002,999999`);
    expect([unknown.status, unknown.body.msg]).toEqual([400, '租户 999999 不存在']);
    expect((await otherAdmin.get(`${P}/list?packCode_equal=S009`)).body.data.total).toBe(0);
  });
});
