// 就诊记录 (spec 001 §7 uservisit: sava, delete, new-List, detail): only its resource document — the
// spec's names are the block's call aliases of submit, remove and list. Beside the in-patient records,
// the resident's other record of care outside the institution.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const V = '/api/blade-iph-business/uservisit';
const visit = {
  visitDate: '2026-11-20',
  institution: '源城区人民医院',
  department: '心内科',
  diagnosis: '原发性高血压',
  doctorName: '黄医生',
};

const archives = async (): Promise<{ id: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=3')).body.data.records as { id: string }[];

describe('visits (a resource document with the spec’s call names)', () => {
  it('answers sava, new-List, detail and delete as submit, list, detail and remove, with rules and versions', async () => {
    const [a, b] = await archives();
    const saved = await doctor.post(`${V}/sava`, { ...visit, archId: a!.id });
    expect(saved.body).toMatchObject({ msg: '新增成功', data: { ...visit, archId: a!.id, rowVersion: 1 } });
    const { id } = saved.body.data as { id: string };
    await nurse.post(`${V}/submit`, { ...visit, archId: b!.id, visitDate: '2026-11-22', institution: '河源市中医院' });
    expect((await doctor.post(`${V}/sava`, { ...visit })).body.msg).toBe('请选择居民');
    expect((await doctor.post(`${V}/sava`, { ...visit, archId: a!.id, diagnosis: ' ' })).body.msg).toBe('请输入诊断');
    expect((await doctor.post(`${V}/sava`, { ...visit, archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.post(`${V}/sava`, { ...visit, archId: a!.id, visitDate: '2026/11/20' })).status).toBe(400);

    const listed = (await doctor.get(`${V}/new-List?archId_equal=${a!.id}`)).body.data;
    expect(listed).toMatchObject({ total: 1, records: [{ id, institution: '源城区人民医院' }] });
    expect(
      (await doctor.get(`${V}/list?visitDate_ge=2026-11-21`)).body.data.records.map((r: { institution: string }) => r.institution),
    ).toEqual(['河源市中医院']);
    expect((await doctor.get(`${V}/new-List?ascs=institution`)).body.data.total).toBe(2);
    expect((await doctor.get(`${V}/new-List?descs=diagnosis`)).body.msg).toBe('不支持按 diagnosis 排序');
    expect((await doctor.get(`${V}/new-List?personName=x`)).body.msg).toBe('不支持的查询条件: personName');
    expect((await nurse.get(`${V}/detail?id=${id}`)).body.data).toMatchObject({ doctorName: '黄医生' });

    expect((await doctor.post(`${V}/sava`, { id, diagnosis: '高血压 2 级' })).status).toBe(428);
    expect((await doctor.post(`${V}/sava`, { id, rowVersion: 1, diagnosis: '高血压 2 级' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${V}/submit`, { id, rowVersion: 1, diagnosis: '旧' })).status).toBe(409);

    expect((await doctor.post(`${V}/delete?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${V}/delete?ids=${id}`)).status).toBe(404);
    const other = (await doctor.get(`${V}/list`)).body.data.records as { id: string }[];
    expect((await doctor.post(`${V}/remove?ids=${other.map((r) => r.id).join(',')}`)).body.msg).toBe('删除成功');
  });

  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    const [, , c] = await archives();
    const { id } = (await doctor.post(`${V}/sava`, { ...visit, archId: c!.id })).body.data as { id: string };
    expect((await otherAdmin.get(`${V}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${V}/delete?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${V}/sava`, { id, rowVersion: 1, diagnosis: '改' })).status).toBe(404);
    expect((await otherAdmin.post(`${V}/sava`, { ...visit, archId: c!.id })).body.msg).toBe('档案不存在');
    expect((await otherAdmin.get(`${V}/new-List`)).body.data.total).toBe(0);
    expect((await cdc.get(`${V}/new-List`)).status).toBe(403);
    expect((await cdc.post(`${V}/sava`, { ...visit, archId: c!.id })).status).toBe(403);
    expect((await doctor.get(`${V}/detail?id=${id}`)).body.data).toMatchObject({ diagnosis: '原发性高血压', rowVersion: 1 });
  });
});
