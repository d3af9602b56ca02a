// 医生任务 (doctortask): the resource document's list, detail, submit and remove under the team scope,
// and the calls beyond it — assign-doctor-task (team leader, a member of the team) and
// finishedDoctorTask (the doctor it is assigned to, or the leader; by id or by busiKey/taskCode) —
// with their refusals, another tenant's wall and the home page's count of open tasks.
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import type { Caller } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const T = '/api/blade-iph-business/doctortask';
const HOME = '/api/blade-iph-business/userinfomain/get-home-page-total';

async function give(caller: Caller, body: Record<string, unknown>) {
  return caller.post(`${T}/submit`, { taskName: '本周完成高血压随访', taskCode: 'followup', teamId: '2401', doctorId: '2302', ...body });
}
const openTasks = async (caller: Caller) => (await caller.get(HOME)).body.data.doctorTasks as number;

describe('a team leader gives tasks to the team', () => {
  it('the leader creates; the doctor sees it assigned to him; a doctor may not create, change or remove', async () => {
    const before = await openTasks(c.doctor);
    const made = await give(c.leader, { busiKey: 'B-1' });
    expect(made.body.success, JSON.stringify(made.body)).toBe(true);
    const id = made.body.data.id as string;
    expect(made.body.data).toMatchObject({ status: '0', doctorId: '2302', teamId: '2401' });
    expect(await openTasks(c.doctor)).toBe(before + 1);

    const mine = (await c.doctor.get(`${T}/list?doctorId_equal=2302&status_equal=0`)).body.data.records as { id: string }[];
    expect(mine.map((r) => r.id)).toContain(id);
    expect((await c.doctor.get(`${T}/detail?id=${id}`)).body.data).toMatchObject({ taskName: '本周完成高血压随访' });

    expect((await give(c.doctor, {})).status).toBe(403);
    expect((await c.doctor.post(`${T}/remove?ids=${id}`)).status).toBe(403);
    // Another tenant sees nothing of it.
    expect((await c.otherAdmin.get(`${T}/detail?id=${id}`)).status).toBe(404);
    // The leader removes it: gone from the doctor's list and count.
    expect((await c.leader.post(`${T}/remove?ids=${id}`)).body.success).toBe(true);
    expect((await c.doctor.get(`${T}/detail?id=${id}`)).status).toBe(404);
    expect(await openTasks(c.doctor)).toBe(before);
  });

  it('a leader gives tasks only for their own team, and the form’s required fields are checked', async () => {
    const other = await give(c.leader, { teamId: '2402' });
    expect(other.status).toBe(400);
    const empty = await c.leader.post(`${T}/submit`, { taskCode: 'other' });
    expect(empty.status).toBe(400);
  });
});

describe('assign-doctor-task', () => {
  it('the leader reassigns an open task to another member; not to someone outside the team; a doctor may not', async () => {
    const id = (await give(c.leader, {})).body.data.id as string;
    const moved = await c.leader.post(`${T}/assign-doctor-task?id=${id}`, { doctorId: '2306' });
    expect(moved.body).toMatchObject({ success: true, msg: '任务已改派' });
    expect((await c.leader.get(`${T}/detail?id=${id}`)).body.data.doctorId).toBe('2306');

    const outside = await c.leader.post(`${T}/assign-doctor-task?id=${id}`, { doctorId: '2301' });
    expect(outside.status).toBe(400);
    expect(outside.body.msg).toBe('该医生不是本团队成员');
    expect((await c.doctor.post(`${T}/assign-doctor-task?id=${id}`, { doctorId: '2302' })).status).toBe(403);
    const missing = await c.leader.post(`${T}/assign-doctor-task?id=999999999`, { doctorId: '2302' });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('医生任务不存在');
    expect((await c.leader.post(`${T}/assign-doctor-task`, { doctorId: '2302' })).body.msg).toBe('请提供任务ID（id）');
  });
});

describe('finishedDoctorTask', () => {
  it('only the doctor it is assigned to (or the leader) finishes it, once', async () => {
    const id = (await give(c.leader, { doctorId: '2306' })).body.data.id as string;
    // 张伟 is not its doctor.
    const notMine = await c.doctor.post(`${T}/finishedDoctorTask?id=${id}`, {});
    expect(notMine.status).toBe(404);
    const done = await c.multi.post(`${T}/finishedDoctorTask?id=${id}`, {});
    expect(done.body).toMatchObject({ success: true, data: 1, msg: '任务已完成' });
    expect((await c.multi.get(`${T}/detail?id=${id}`)).body.data).toMatchObject({ status: '1', finishUser: '2306' });
    const again = await c.multi.post(`${T}/finishedDoctorTask?id=${id}`, {});
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('任务已完成');
    // A finished task is not reassigned.
    expect((await c.leader.post(`${T}/assign-doctor-task?id=${id}`, { doctorId: '2302' })).body.msg).toBe('任务已完成，不能改派');
  });

  it('by the spec’s {busiKey, taskCode}; another tenant cannot; nothing named is refused', async () => {
    await give(c.leader, { busiKey: 'ARCH-42', taskCode: 'exam' });
    expect((await c.otherAdmin.post(`${T}/finishedDoctorTask`, { busiKey: 'ARCH-42', taskCode: 'exam' })).status).toBe(404);
    expect((await c.doctor.post(`${T}/finishedDoctorTask`, { busiKey: 'ARCH-42', taskCode: 'followup' })).status).toBe(404);
    const done = await c.doctor.post(`${T}/finishedDoctorTask`, { busiKey: 'ARCH-42', taskCode: 'exam' });
    expect(done.body).toMatchObject({ success: true, data: 1 });
    const none = await c.doctor.post(`${T}/finishedDoctorTask`, {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请提供任务ID（id）或业务主键（busiKey）');
  });
});
