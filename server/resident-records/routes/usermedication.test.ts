// 用药记录 (spec 001 §7 usermedication: list, save, remove): only its resource document — save is the
// block's call alias of submit; list, detail and remove are the generic calls. push-to-jw is the push
// queue's, not this family's.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const M = '/api/blade-iph-business/usermedication';
const drug = {
  drugName: '苯磺酸氨氯地平片',
  drugUsage: '1',
  dosage: '每次5mg',
  frequency: 'qd',
  compliance: '0',
  startDate: '2026-03-01',
};

const archives = async (): Promise<{ id: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=3')).body.data.records as { id: string }[];

describe('medication records (a resource document; save is submit)', () => {
  it('keeps a resident’s drugs with the dialog’s rules, references and versions', async () => {
    const [a, b] = await archives();
    const saved = await doctor.post(`${M}/save`, { ...drug, archId: a!.id });
    expect(saved.body).toMatchObject({ msg: '新增成功', data: { ...drug, archId: a!.id, stopDate: null, remark: '', rowVersion: 1 } });
    const { id } = saved.body.data as { id: string };
    await nurse.post(`${M}/submit`, {
      ...drug,
      archId: b!.id,
      drugName: '二甲双胍片',
      dosage: '每次0.5g',
      frequency: 'tid',
      startDate: '2026-01-10',
      stopDate: '2026-06-30',
    });

    // Bad inputs: each a clear 4xx, nothing stored.
    expect((await doctor.post(`${M}/save`, { ...drug })).body.msg).toBe('请选择居民');
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, drugName: ' ' })).body.msg).toBe('请输入药物名称');
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, dosage: '' })).body.msg).toBe('请输入用量');
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, frequency: undefined })).body.msg).toBe('请选择频次');
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, stopDate: '2026-02-01' })).body.msg).toBe('停用日期不能早于开始日期');
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, drugUsage: '8' })).status).toBe(400);
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, startDate: '2026/03/01' })).status).toBe(400);
    expect((await doctor.post(`${M}/save`, { ...drug, archId: a!.id, drugName: '药'.repeat(101) })).status).toBe(400);
    expect((await doctor.post(`${M}/save`, { ...drug, archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.get(`${M}/list`)).body.data.total).toBe(2);

    // The list: filters, default order (newest start first), sortable columns only.
    expect((await doctor.get(`${M}/list?archId_equal=${a!.id}`)).body.data).toMatchObject({ total: 1, records: [{ id }] });
    expect((await doctor.get(`${M}/list`)).body.data.records.map((r: { drugName: string }) => r.drugName)).toEqual([
      '苯磺酸氨氯地平片',
      '二甲双胍片',
    ]);
    expect((await doctor.get(`${M}/list?drugName=二甲双胍&stopDate_notnull=1`)).body.data.total).toBe(1);
    expect((await doctor.get(`${M}/list?ascs=start_date`)).body.data.records[0].drugName).toBe('二甲双胍片');
    expect((await doctor.get(`${M}/list?descs=dosage`)).body.msg).toBe('不支持按 dosage 排序');
    expect((await doctor.get(`${M}/list?dosage_like=5`)).body.msg).toBe('不支持的查询条件: dosage_like');
    expect((await nurse.get(`${M}/detail?id=${id}`)).body.data).toMatchObject({ dosage: '每次5mg', compliance: '0' });
    expect((await nurse.get(`${M}/detail?id=999999999`)).status).toBe(404);

    // Versions: stopping the drug.
    expect((await doctor.post(`${M}/save`, { id, stopDate: '2026-11-01' })).status).toBe(428);
    expect((await doctor.post(`${M}/save`, { id, rowVersion: 1, stopDate: '2026-02-01' })).body.msg).toBe('停用日期不能早于开始日期');
    const stopped = await doctor.post(`${M}/save`, { id, rowVersion: 1, stopDate: '2026-11-01' });
    expect(stopped.body).toMatchObject({ msg: '更新成功', data: { stopDate: '2026-11-01', rowVersion: 2 } });
    expect((await doctor.post(`${M}/submit`, { id, rowVersion: 1, remark: '旧' })).status).toBe(409);

    expect((await doctor.post(`${M}/remove?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${M}/remove?ids=${id}`)).status).toBe(404);
    expect((await doctor.post(`${M}/remove?ids=x;1`)).status).toBe(400);
    expect((await doctor.get(`${M}/list`)).body.data.total).toBe(1);
  });

  it('keeps another tenant and callers without the menu out, changing nothing', async () => {
    const [, , c] = await archives();
    const { id } = (await doctor.post(`${M}/save`, { ...drug, archId: c!.id })).body.data as { id: string };
    expect((await otherAdmin.get(`${M}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${M}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${M}/save`, { id, rowVersion: 1, dosage: '改' })).status).toBe(404);
    expect((await otherAdmin.post(`${M}/save`, { ...drug, archId: c!.id })).body.msg).toBe('档案不存在');
    expect((await otherAdmin.get(`${M}/list`)).body.data.total).toBe(0);
    expect((await cdc.get(`${M}/list`)).status).toBe(403);
    expect((await cdc.get(`${M}/detail?id=${id}`)).status).toBe(403);
    expect((await cdc.post(`${M}/save`, { ...drug, archId: c!.id })).status).toBe(403);
    expect((await cdc.post(`${M}/submit`, { ...drug, archId: c!.id })).status).toBe(403);
    expect((await cdc.post(`${M}/remove?ids=${id}`)).status).toBe(403);
    expect((await doctor.get(`${M}/detail?id=${id}`)).body.data).toMatchObject({ dosage: '每次5mg', rowVersion: 1 });
  });
});
