// 服务推荐 (blade-iph-business/userrecommend): the packs a tenant recommends to a crowd label — its
// resource document's CRUD and apply-modal (the packs recommended for one resident's labels).
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const P = '/api/blade-iph-business/servicepack';
const U = '/api/blade-iph-business/userrecommend';

const packOf = async (caller: typeof admin, packCode: string, status = 1) =>
  (await caller.post(`${P}/submit`, { packCode, packName: `服务包${packCode}`, packType: '2', status })).body.data.id as string;

/** A resident of the demo tenant with the crowd label, and their labels. */
async function residentWith(label: string): Promise<{ id: string; crowdLabels: string[] }> {
  const page = await doctor.get(`/api/blade-iph-business/commuserarchives/list?size=1&crowdLabel=${label}`);
  return page.body.data.records[0];
}

describe('userrecommend (a resource document with apply-modal)', () => {
  it('keeps recommendations per crowd and pack, with the dialog’s rules, versions and uniqueness', async () => {
    const pack = await packOf(admin, 'R001');
    const created = await admin.post(`${U}/submit`, { crowdCode: 'hypertension', packId: pack, reason: '血压管理' });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { crowdCode: 'hypertension', packId: pack, status: 1, sort: 0 } });
    const id = created.body.data.id as string;
    const twice = await admin.post(`${U}/submit`, { crowdCode: 'hypertension', packId: pack });
    expect([twice.status, twice.body.msg]).toEqual([400, '该人群已推荐此服务包']);
    expect((await admin.post(`${U}/submit`, { packId: pack })).body.msg).toBe('请选择人群');
    expect((await admin.post(`${U}/submit`, { crowdCode: 'martians', packId: pack })).status).toBe(400);
    expect((await admin.post(`${U}/submit`, { crowdCode: 'diabetes', packId: '77' })).body.msg).toBe('推荐服务包不存在');
    expect((await admin.get(`${U}/list?crowdCode_equal=hypertension`)).body.data.total).toBe(1);
    expect((await admin.get(`${U}/detail?id=${id}`)).body.data.reason).toBe('血压管理');
    expect((await admin.post(`${U}/submit`, { id, reason: '改' })).status).toBe(428);
    expect((await admin.post(`${U}/submit`, { id, rowVersion: 1, sort: 2 })).body.data.rowVersion).toBe(2);
    expect((await admin.post(`${U}/submit`, { id, rowVersion: 1, sort: 3 })).status).toBe(409);
    expect((await admin.get(`${U}/list?descs=create_user`)).body.msg).toBe('不支持按 create_user 排序');
    expect((await admin.get(`${U}/list?reason_like=x`)).body.msg).toBe('不支持的查询条件: reason_like');
    expect((await admin.post(`${U}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${U}/list?crowdCode_equal=hypertension`)).body.data.total).toBe(0);
  });

  it('apply-modal: the enabled packs recommended for a resident’s crowd labels', async () => {
    const resident = await residentWith('hypertension');
    expect(resident.crowdLabels).toContain('hypertension');
    const hbp = await packOf(admin, 'A001');
    const off = await packOf(admin, 'A002', 0);
    const tb = await packOf(admin, 'A003');
    await admin.post(`${U}/submit`, { crowdCode: 'hypertension', packId: hbp, reason: '高血压随访与用药指导', sort: 1 });
    await admin.post(`${U}/submit`, { crowdCode: 'hypertension', packId: off, reason: '服务包已停用' });
    await admin.post(`${U}/submit`, { crowdCode: 'hypertension', packId: tb, reason: '停用的推荐', status: 0 });
    await admin.post(`${U}/submit`, { crowdCode: 'tuberculosis', packId: tb, reason: '肺结核' });

    const answer = await doctor.post(`${U}/apply-modal`, { archiveId: resident.id });
    expect(answer.body.data).toMatchObject({ archiveId: resident.id, crowdLabels: resident.crowdLabels });
    const hbpRecords = (answer.body.data.records as { crowdCode: string; pack: { packCode: string } }[]).filter(
      (r) => r.crowdCode === 'hypertension',
    );
    expect(hbpRecords).toEqual([
      expect.objectContaining({ crowdName: '高血压', reason: '高血压随访与用药指导', pack: expect.objectContaining({ packCode: 'A001' }) }),
    ]);
    // Without an archive yet: the labels sent.
    const byLabels = await doctor.post(`${U}/apply-modal?crowdLabels=tuberculosis,hypertension`);
    expect((byLabels.body.data.records as { pack: { packCode: string } }[]).map((r) => r.pack.packCode)).toEqual(['A001', 'A003']);
    expect((await doctor.post(`${U}/apply-modal`, {})).body.msg).toBe('请选择居民档案');
    expect((await doctor.post(`${U}/apply-modal`, { archiveId: '999' })).status).toBe(404);
    // Another tenant neither sees this tenant's resident nor its recommendations.
    expect((await otherAdmin.post(`${U}/apply-modal`, { archiveId: resident.id })).status).toBe(404);
    expect((await otherAdmin.post(`${U}/apply-modal`, { crowdLabels: 'hypertension' })).body.data.records).toEqual([]);
  });

  it('keeps tenants apart and writes for administrators only', async () => {
    const pack = await packOf(admin, 'T001');
    const mine = (await admin.post(`${U}/submit`, { crowdCode: 'diabetes', packId: pack })).body.data;
    expect((await otherAdmin.get(`${U}/detail?id=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${U}/submit`, { id: mine.id, rowVersion: 1, reason: '改别人的' })).status).toBe(404);
    expect((await otherAdmin.post(`${U}/remove?ids=${mine.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${U}/submit`, { crowdCode: 'diabetes', packId: pack })).body.msg).toBe('推荐服务包不存在');
    expect((await doctor.get(`${U}/list`)).status).toBe(403);
    expect((await doctor.post(`${U}/submit`, { crowdCode: 'diabetes', packId: pack })).status).toBe(403);
    expect((await admin.get(`${U}/detail?id=${mine.id}`)).body.data).toMatchObject({ reason: '', rowVersion: 1 });
  });
});
