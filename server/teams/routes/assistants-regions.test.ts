// 医生助理 (doctorassistant, a resource document alone) and 区域医生 (regiondoctor, its document and the
// named lookup list-main-doctor-by-region): the generic routes, the dialog's rules, versions,
// uniqueness, references to the tenant's users and teams, tenants and roles.
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const A = '/api/blade-iph-business/doctorassistant';
const R = '/api/blade-iph-business/regiondoctor';

describe('doctorassistant (医生助理)', () => {
  it('keeps a doctor’s assistants, one row per pair, with versions and the tenant’s users only', async () => {
    const created = await admin.post(`${A}/submit`, { doctorId: '2302', assistantId: '2303', remark: '协助随访' });
    expect(created.body).toMatchObject({
      msg: '新增成功',
      data: { doctorId: '2302', assistantId: '2303', remark: '协助随访', rowVersion: 1 },
    });
    const id = created.body.data.id as string;
    expect((await admin.post(`${A}/submit`, { doctorId: '2302', assistantId: '2303' })).body.msg).toBe('该助理已是这位医生的助理');
    expect((await admin.post(`${A}/submit`, { doctorId: '2302', assistantId: '3301' })).body.msg).toBe('助理不存在');
    expect((await admin.post(`${A}/submit`, { assistantId: '2303' })).body.msg).toBe('请选择医生');
    expect((await admin.get(`${A}/list?doctorId_equal=2302`)).body.data.records).toHaveLength(1);
    expect((await admin.get(`${A}/list?descs=remark`)).body.msg).toBe('不支持按 remark 排序');
    expect((await admin.get(`${A}/list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');

    expect((await admin.post(`${A}/submit`, { id, remark: '改' })).status).toBe(428);
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, remark: '协助随访和体检' })).body.data.rowVersion).toBe(2);
    expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, remark: '旧' })).status).toBe(409);
    expect((await otherAdmin.post(`${A}/submit`, { id, rowVersion: 2, remark: '别人的' })).status).toBe(404);
    expect((await otherAdmin.post(`${A}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${A}/detail?id=${id}`)).status).toBe(404);
    expect((await admin.get(`${A}/detail?id=${id}`)).body.data).toMatchObject({ remark: '协助随访和体检', rowVersion: 2 });

    expect((await doctor.get(`${A}/list`)).status).toBe(403);
    expect((await doctor.post(`${A}/submit`, { doctorId: '2302', assistantId: '2306' })).status).toBe(403);
    expect((await admin.post(`${A}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${A}/list`)).body.data.total).toBe(0);
  });
});

describe('regiondoctor (区域医生) and list-main-doctor-by-region', () => {
  it('keeps who serves a region in which post, with the dialog’s rules, versions and references', async () => {
    const main = { regionCode: '441602', doctorId: '2302', teamId: '2401' };
    const created = await admin.post(`${R}/submit`, main);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...main, postType: 2, status: 1, rowVersion: 1 } });
    const id = created.body.data.id as string;
    expect((await admin.post(`${R}/submit`, main)).body.msg).toBe('该医生已在此区划担任该岗位');
    expect((await admin.post(`${R}/submit`, { ...main, regionCode: '44-16' })).body.msg).toBe('区划编码只能是 2–12 位数字');
    expect((await admin.post(`${R}/submit`, { regionCode: '441602', doctorId: '3301' })).body.msg).toBe('医生不存在');
    const otherTeam = (await otherAdmin.post('/api/blade-iph-business/doctorteam/submit', { name: '紫金二团队', deptId: '3100' })).body.data
      .id;
    expect((await admin.post(`${R}/submit`, { ...main, postType: 1, teamId: otherTeam })).body.msg).toBe('团队不存在');
    expect((await admin.post(`${R}/submit`, { ...main, postType: 4 })).status).toBe(400);
    await admin.post(`${R}/submit`, { regionCode: '441602', doctorId: '2304', postType: 1 });
    expect((await admin.get(`${R}/list?postType_equal=2`)).body.data.records.map((r: { doctorId: string }) => r.doctorId)).toEqual([
      '2302',
    ]);
    expect((await admin.get(`${R}/list?ascs=doctor_id`)).body.msg).toBe('不支持按 doctor_id 排序');
    expect((await admin.get(`${R}/list?remark=x`)).body.msg).toBe('不支持的查询条件: remark');

    expect((await admin.post(`${R}/submit`, { id, remark: '东片' })).status).toBe(428);
    expect((await admin.post(`${R}/submit`, { id, rowVersion: 1, remark: '东片' })).body.data).toMatchObject({
      ...main,
      remark: '东片',
      rowVersion: 2,
    });
    expect((await admin.post(`${R}/submit`, { id, rowVersion: 1, remark: '旧' })).status).toBe(409);
    expect((await otherAdmin.post(`${R}/submit`, { id, rowVersion: 2, remark: '别人的' })).status).toBe(404);
    expect((await otherAdmin.post(`${R}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${R}/detail?id=${id}`)).status).toBe(404);
    expect((await admin.get(`${R}/detail?id=${id}`)).body.data.rowVersion).toBe(2);
    expect((await doctor.get(`${R}/list`)).status).toBe(403);
    expect((await doctor.post(`${R}/submit`, main)).status).toBe(403);
  });

  it('answers the enabled main doctors of a region to anyone signed in, of the caller’s tenant only', async () => {
    const L = `${R}/list-main-doctor-by-region`;
    const found = await doctor.get(`${L}?regionCode=441602`);
    expect(found.body.data).toEqual([
      expect.objectContaining({
        regionCode: '441602',
        doctorId: '2302',
        doctorName: '张伟',
        teamId: '2401',
        teamName: '家庭医生一团队',
        postType: 2,
      }),
    ]);
    expect(
      (await doctor.get(`${L}?regionCode=441602&postType=1&tenantId=100001`)).body.data.map((d: { doctorId: string }) => d.doctorId),
    ).toEqual(['2304']);
    const foreign = await doctor.get(`${L}?regionCode=441602&tenantId=100002`);
    expect([foreign.status, foreign.body.msg]).toEqual([403, '只能查询本机构的数据']);
    expect((await otherAdmin.get(`${L}?regionCode=441602`)).body.data).toEqual([]);
    expect((await doctor.get(L)).status).toBe(400);
    expect((await doctor.get(`${L}?regionCode=441602&postType=9`)).status).toBe(400);

    // A disabled or removed row is no longer a main doctor.
    const row = (await admin.get(`${R}/list?postType_equal=2`)).body.data.records[0] as { id: string; rowVersion: number };
    await admin.post(`${R}/submit`, { id: row.id, rowVersion: row.rowVersion, status: 0 });
    expect((await doctor.get(`${L}?regionCode=441602`)).body.data).toEqual([]);
    expect((await admin.post(`${R}/remove?ids=${row.id}`)).body.msg).toBe('删除成功');
  });
});
