// 就医记录 (spec 001 §7 usermedical: list sorted descs visit_date, detail, submit, remove, detail-list):
// only its resource document — detail-list, a resident's records, is the block's alias of list read
// with archId_equal (same access, order, pages and answer as the list).
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const D = '/api/blade-iph-business/usermedical';
const care = {
  visitDate: '2026-11-20',
  visitType: '1',
  institution: '源城区人民医院',
  department: '心内科',
  diagnosis: '原发性高血压',
  doctorName: '黄医生',
};

const archives = async (): Promise<{ id: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=3')).body.data.records as { id: string }[];

describe('medical care records (a resource document; detail-list is a list by archive)', () => {
  it('keeps a resident’s care newest first, with the dialog’s rules and versions', async () => {
    const [a, b] = await archives();
    const created = await doctor.post(`${D}/submit`, { ...care, archId: a!.id });
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...care, archId: a!.id, caseNo: '', treatment: '', rowVersion: 1 } });
    const { id } = created.body.data as { id: string };
    const stay = { ...care, archId: a!.id, visitDate: '2026-10-03', visitType: '3', institution: '河源市人民医院', caseNo: 'ZY1003' };
    await nurse.post(`${D}/submit`, stay);
    await doctor.post(`${D}/submit`, { ...care, archId: b!.id, visitDate: '2026-11-25', visitType: '2' });

    expect((await doctor.post(`${D}/submit`, { ...care })).body.msg).toBe('请选择居民');
    expect((await doctor.post(`${D}/submit`, { ...care, archId: a!.id, visitType: '' })).body.msg).toBe('请选择就医类型');
    expect((await doctor.post(`${D}/submit`, { ...stay, caseNo: '' })).body.msg).toBe('住院或家庭病床请填写病案号');
    expect((await doctor.post(`${D}/submit`, { ...care, archId: a!.id, visitType: '7' })).status).toBe(400);
    expect((await doctor.post(`${D}/submit`, { ...care, archId: a!.id, visitDate: '2099-01-01' })).status).toBe(400);
    expect((await doctor.post(`${D}/submit`, { ...care, archId: a!.id, visitDate: '20-11-2026' })).status).toBe(400);
    expect((await doctor.post(`${D}/submit`, { ...care, archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.get(`${D}/list`)).body.data.total).toBe(3);

    // The list, newest first by default (descs visit_date as the spec's client sends it, too).
    const dates = (r: { body: { data: { records: { visitDate: string }[] } } }) => r.body.data.records.map((x) => x.visitDate);
    expect(dates(await doctor.get(`${D}/list`))).toEqual(['2026-11-25', '2026-11-20', '2026-10-03']);
    expect(dates(await doctor.get(`${D}/list?descs=visit_date`))).toEqual(['2026-11-25', '2026-11-20', '2026-10-03']);
    expect(dates(await doctor.get(`${D}/list?ascs=visitDate`))).toEqual(['2026-10-03', '2026-11-20', '2026-11-25']);
    expect((await doctor.get(`${D}/list?visitType_equal=3&institution=人民医院`)).body.data.total).toBe(1);
    expect((await doctor.get(`${D}/list?descs=diagnosis`)).body.msg).toBe('不支持按 diagnosis 排序');
    expect((await doctor.get(`${D}/list?treatment=x`)).body.msg).toBe('不支持的查询条件: treatment');

    // detail-list: one resident's records, newest first, paged as the list.
    const ofA = (await doctor.get(`${D}/detail-list?archId_equal=${a!.id}`)).body.data;
    expect(ofA).toMatchObject({ total: 2, records: [{ id, visitDate: '2026-11-20' }, { caseNo: 'ZY1003' }] });
    expect((await nurse.get(`${D}/detail-list?archId_equal=${a!.id}&current=2&size=1`)).body.data.records[0].caseNo).toBe('ZY1003');
    expect((await doctor.get(`${D}/detail-list?archId_equal=999999999`)).body.data.total).toBe(0);
    expect((await doctor.get(`${D}/detail-list?archId=${a!.id}`)).body.msg).toBe('不支持的查询条件: archId');

    expect((await nurse.get(`${D}/detail?id=${id}`)).body.data).toMatchObject({ doctorName: '黄医生' });
    expect((await nurse.get(`${D}/detail?id=999999999`)).status).toBe(404);
    expect((await doctor.post(`${D}/submit`, { id, treatment: '调整降压药' })).status).toBe(428);
    expect((await doctor.post(`${D}/submit`, { id, rowVersion: 1, treatment: '调整降压药' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${D}/submit`, { id, rowVersion: 1, treatment: '旧' })).status).toBe(409);

    expect((await doctor.post(`${D}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${D}/remove?ids=${id}`)).status).toBe(404);
    expect((await doctor.get(`${D}/detail-list?archId_equal=${a!.id}`)).body.data.total).toBe(1);
  });

  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    const [, , c] = await archives();
    const { id } = (await doctor.post(`${D}/submit`, { ...care, archId: c!.id })).body.data as { id: string };
    expect((await otherAdmin.get(`${D}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${D}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${D}/submit`, { id, rowVersion: 1, diagnosis: '改' })).status).toBe(404);
    expect((await otherAdmin.post(`${D}/submit`, { ...care, archId: c!.id })).body.msg).toBe('档案不存在');
    expect((await otherAdmin.get(`${D}/detail-list?archId_equal=${c!.id}`)).body.data.total).toBe(0);
    expect((await otherAdmin.get(`${D}/list`)).body.data.total).toBe(0);
    expect((await cdc.get(`${D}/list`)).status).toBe(403);
    expect((await cdc.get(`${D}/detail-list?archId_equal=${c!.id}`)).status).toBe(403);
    expect((await cdc.get(`${D}/detail?id=${id}`)).status).toBe(403);
    expect((await cdc.post(`${D}/submit`, { ...care, archId: c!.id })).status).toBe(403);
    expect((await cdc.post(`${D}/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.get(`${D}/detail?id=${id}`)).body.data).toMatchObject({ diagnosis: '原发性高血压', rowVersion: 1 });
  });
});
