// 档案计划 and its rows (spec 001 §7 userarchivesplaniue, userarchivesplaniuedts: list, new-list,
// save-or-update, remove, detail each): two resource documents — new-list and save-or-update are the
// blocks' aliases of list and submit; a plan with live rows is not removed (removeBlockedBy).
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';

const { admin, otherAdmin, doctor, nurse, cdc } = careTeamCallers();
const P = '/api/blade-iph-business/userarchivesplaniue';
const T = '/api/blade-iph-business/userarchivesplaniuedts';
const elderly = { planName: '2026年65岁及以上老年人档案更新', targetCrowd: '4', startDate: '2026-01-01', endDate: '2026-12-31' };

const archives = async (): Promise<{ id: string }[]> =>
  (await admin.get('/api/blade-iph-business/commuserarchives/list?current=1&size=3')).body.data.records as { id: string }[];

describe('archive plans and their residents (resource documents)', () => {
  it('keeps plans and their rows with rules, uniqueness, versions, and a plan with rows not removed', async () => {
    const [a, b] = await archives();
    const created = await doctor.post(`${P}/save-or-update`, elderly);
    expect(created.body).toMatchObject({ msg: '新增成功', data: { ...elderly, remark: '', rowVersion: 1 } });
    const planId = created.body.data.id as string;
    const diabetes = (
      await nurse.post(`${P}/submit`, { planName: '糖尿病患者建档', targetCrowd: '6', startDate: '2026-06-01', endDate: '2026-09-30' })
    ).body.data as { id: string };

    expect((await doctor.post(`${P}/save-or-update`, elderly)).body.msg).toBe('已有同名的档案计划');
    expect((await doctor.post(`${P}/save-or-update`, { ...elderly, planName: '乙', endDate: '2025-12-31' })).body.msg).toBe(
      '结束日期不能早于开始日期',
    );
    expect((await doctor.post(`${P}/save-or-update`, { ...elderly, planName: '乙', targetCrowd: '99' })).status).toBe(400);
    expect((await doctor.post(`${P}/save-or-update`, { ...elderly, planName: '乙', endDate: undefined })).body.msg).toBe('请选择结束日期');
    expect((await doctor.post(`${P}/save-or-update`, { ...elderly, planName: '' })).body.msg).toBe('请输入计划名称');
    expect((await doctor.get(`${P}/list`)).body.data.total).toBe(2);

    expect((await doctor.get(`${P}/new-list`)).body.data.records.map((r: { id: string }) => r.id)).toEqual([diabetes.id, planId]);
    expect((await doctor.get(`${P}/list?targetCrowd_equal=4&planName=老年人`)).body.data.records[0].id).toBe(planId);
    expect((await doctor.get(`${P}/new-list?ascs=endDate`)).body.data.records[0].id).toBe(diabetes.id);
    expect((await doctor.get(`${P}/new-list?descs=remark`)).body.msg).toBe('不支持按 remark 排序');
    expect((await doctor.get(`${P}/new-list?remark=x`)).body.msg).toBe('不支持的查询条件: remark');
    expect((await nurse.get(`${P}/detail?id=${planId}`)).body.data).toMatchObject({ targetCrowd: '4' });
    expect((await nurse.get(`${P}/detail?id=999999999`)).status).toBe(404);
    expect((await doctor.post(`${P}/save-or-update`, { id: planId, remark: '分片区' })).status).toBe(428);
    expect((await doctor.post(`${P}/save-or-update`, { id: planId, rowVersion: 1, remark: '分片区' })).body.data.rowVersion).toBe(2);
    expect((await doctor.post(`${P}/submit`, { id: planId, rowVersion: 1, remark: '旧' })).status).toBe(409);

    // The plan's rows: the plan and the archive must be the tenant's; a resident once per plan.
    const task = { planId, archId: a!.id, task: '更新健康档案', dueDate: '2026-12-31' };
    const row = await doctor.post(`${T}/save-or-update`, task);
    expect(row.body).toMatchObject({ msg: '新增成功', data: { ...task, taskStatus: '1', finishDate: null, rowVersion: 1 } });
    const rowId = row.body.data.id as string;
    await nurse.post(`${T}/submit`, { ...task, archId: b!.id, task: '65岁以上老年人健康体检' });
    expect((await doctor.post(`${T}/save-or-update`, task)).body.msg).toBe('该居民已在此档案计划中');
    expect((await doctor.post(`${T}/save-or-update`, { ...task, planId: '999999999' })).body.msg).toBe('档案计划不存在');
    expect((await doctor.post(`${T}/save-or-update`, { ...task, archId: '999999999' })).body.msg).toBe('档案不存在');
    expect((await doctor.post(`${T}/save-or-update`, { ...task, planId: diabetes.id, task: ' ' })).body.msg).toBe('请输入任务');
    expect((await doctor.post(`${T}/save-or-update`, { ...task, planId: diabetes.id, taskStatus: '2' })).body.msg).toBe('请选择完成日期');
    expect((await doctor.post(`${T}/save-or-update`, { ...task, planId: diabetes.id, taskStatus: '5' })).status).toBe(400);
    expect((await doctor.post(`${T}/save-or-update`, { ...task, planId: diabetes.id, dueDate: '31/12/2026' })).status).toBe(400);

    expect((await doctor.get(`${T}/new-list?planId_equal=${planId}`)).body.data.total).toBe(2);
    expect((await doctor.get(`${T}/list?archId_equal=${b!.id}&task=体检`)).body.data.total).toBe(1);
    expect((await doctor.get(`${T}/list?taskStatus_equal=2`)).body.data.total).toBe(0);
    expect((await doctor.get(`${T}/new-list?descs=task`)).body.msg).toBe('不支持按 task 排序');
    expect((await doctor.get(`${T}/new-list?remark_like=x`)).body.msg).toBe('不支持的查询条件: remark_like');
    expect((await nurse.get(`${T}/detail?id=${rowId}`)).body.data).toMatchObject({ task: '更新健康档案' });
    expect((await nurse.get(`${T}/detail?id=999999999`)).status).toBe(404);
    expect((await doctor.post(`${T}/save-or-update`, { id: rowId, taskStatus: '2', finishDate: '2026-11-20' })).status).toBe(428);
    const done = await doctor.post(`${T}/save-or-update`, { id: rowId, rowVersion: 1, taskStatus: '2', finishDate: '2026-11-20' });
    expect(done.body.data).toMatchObject({ taskStatus: '2', finishDate: '2026-11-20', rowVersion: 2 });
    expect((await doctor.post(`${T}/submit`, { id: rowId, rowVersion: 1, remark: '旧' })).status).toBe(409);

    // A plan with residents is not removed, and nothing is; without them it is.
    expect((await doctor.post(`${P}/remove?ids=${planId},${diabetes.id}`)).body.msg).toBe('档案计划中还有居民，请先移除计划明细');
    expect((await doctor.get(`${P}/list`)).body.data.total).toBe(2);
    const rows = (await doctor.get(`${T}/new-list?planId_equal=${planId}`)).body.data.records as { id: string }[];
    expect((await doctor.post(`${T}/remove?ids=${rows.map((r) => r.id).join(',')}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${T}/remove?ids=${rowId}`)).status).toBe(404);
    expect((await doctor.post(`${P}/remove?ids=${planId},${diabetes.id}`)).body.msg).toBe('删除成功');
    expect((await doctor.post(`${P}/remove?ids=${planId}`)).status).toBe(404);
    expect((await doctor.post(`${T}/save-or-update`, { ...task, task: '迟到的任务' })).body.msg).toBe('档案计划不存在');
  });

  it('keeps another tenant and callers without the menus out, changing nothing', async () => {
    const [, , c] = await archives();
    const plan = (await doctor.post(`${P}/save-or-update`, { ...elderly, planName: '本机构计划' })).body.data as { id: string };
    const row = (await doctor.post(`${T}/save-or-update`, { planId: plan.id, archId: c!.id, task: '建档' })).body.data as { id: string };
    expect((await otherAdmin.get(`${P}/detail?id=${plan.id}`)).status).toBe(404);
    expect((await otherAdmin.get(`${T}/detail?id=${row.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/remove?ids=${plan.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${T}/remove?ids=${row.id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${P}/save-or-update`, { id: plan.id, rowVersion: 1, remark: '改' })).status).toBe(404);
    expect((await otherAdmin.post(`${T}/save-or-update`, { planId: plan.id, archId: c!.id, task: '建档' })).body.msg).toBe(
      '档案计划不存在',
    );
    // The same name in another tenant is its own.
    expect((await otherAdmin.post(`${P}/save-or-update`, { ...elderly, planName: '本机构计划' })).body.msg).toBe('新增成功');
    expect((await otherAdmin.get(`${T}/new-list`)).body.data.total).toBe(0);
    for (const url of [`${P}/list`, `${P}/new-list`, `${P}/detail?id=${plan.id}`, `${T}/list`, `${T}/new-list`, `${T}/detail?id=${row.id}`])
      expect((await cdc.get(url)).status).toBe(403);
    expect((await cdc.post(`${P}/save-or-update`, { ...elderly, planName: '疾控' })).status).toBe(403);
    expect((await cdc.post(`${T}/submit`, { planId: plan.id, archId: c!.id, task: '建档' })).status).toBe(403);
    expect((await cdc.post(`${P}/remove?ids=${plan.id}`)).status).toBe(403);
    expect((await cdc.post(`${T}/remove?ids=${row.id}`)).status).toBe(403);
    expect((await doctor.get(`${T}/detail?id=${row.id}`)).body.data).toMatchObject({ task: '建档', rowVersion: 1 });
    expect((await doctor.get(`${P}/detail?id=${plan.id}`)).body.data).toMatchObject({ remark: '', rowVersion: 1 });
  });
});
