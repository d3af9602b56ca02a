import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flowClient, leaveOf, USERS } from '../../test-support/flow-client';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { FlowInstanceView, FlowProcessView, FlowTaskView, LeaveView } from '../../../src/shared/contract/flow';

// The leave request end to end on the real engine: filed by the doctor, offered to the approver,
// claimed, completed, and its steps with who and when — every call resumed from the database.

let t: TestApp;
let c: Awaited<ReturnType<typeof flowClient>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await flowClient(t.app);
});
afterAll(() => t.close());

interface Task {
  taskId: string;
  taskName: string;
  processInstanceId: string;
  businessId: string;
  status: string;
  assigneeName: string;
  comment: string;
}

const fileLeave = async (overrides: Record<string, string> = {}) => {
  const res = await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; processInstanceId: string; flow: { status: string } };
};

const taskOf = async (who: 'leader' | 'doctor' | 'nurse' | 'admin', list: string, processInstanceId: string) =>
  (await c.records<Task>(who, `/api/blade-flow/work/${list}?current=1&size=50`)).find(
    (task) => task.processInstanceId === processInstanceId,
  );

describe('the leave process', () => {
  it('answers exactly the contract’s fields (src/shared/contract/flow.ts): a leave, its instance, a process and a task', async () => {
    const fields = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const leave = await fileLeave();
    expect(Object.keys(leave).sort()).toEqual(fields(LeaveView));
    expect(Object.keys(leave.flow).sort()).toEqual(fields(FlowInstanceView));
    for (const row of await c.records<object>('nurse', '/api/blade-flow/work/start-list?current=1&size=10'))
      expect(Object.keys(row).sort()).toEqual(fields(FlowProcessView));
    const task = await taskOf('leader', 'claim-list', leave.processInstanceId);
    expect(Object.keys(task!).sort()).toEqual(fields(FlowTaskView));
  });

  it('start-list offers the seeded leave process to every user', async () => {
    const startable = await c.records<{ key: string; name: string; suspensionState: number }>(
      'nurse',
      '/api/blade-flow/work/start-list?current=1&size=10',
    );
    expect(startable).toContainEqual(expect.objectContaining({ key: 'Leave', name: '请假流程', suspensionState: 1 }));
  });

  it('a leave filed by the doctor reaches the approver, is claimed and completed, and its history says who and when', async () => {
    const leave = await fileLeave();
    expect(leave.flow.status).toBe('unfinished');
    expect(await c.records('doctor', '/api/blade-flow/work/send-list?current=1&size=50')).toContainEqual(
      expect.objectContaining({ processInstanceId: leave.processInstanceId, businessId: leave.id, startUser: '张伟' }),
    );

    // Offered to the approver only: not in the doctor's or the nurse's claim list.
    const offered = await taskOf('leader', 'claim-list', leave.processInstanceId);
    expect(offered).toMatchObject({ taskName: '审批', status: 'claim', businessId: leave.id });
    expect(await taskOf('doctor', 'claim-list', leave.processInstanceId)).toBeUndefined();
    expect(await taskOf('nurse', 'claim-list', leave.processInstanceId)).toBeUndefined();
    const stolen = await c.post('nurse', `/api/blade-flow/work/claim-task?taskId=${offered!.taskId}`);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().msg).toBe('您不是该任务的候选人，不能签收');

    expect((await c.post('leader', `/api/blade-flow/work/claim-task?taskId=${offered!.taskId}`)).json()).toMatchObject({
      success: true,
      msg: '签收事务成功',
    });
    expect(await taskOf('leader', 'claim-list', leave.processInstanceId)).toBeUndefined();
    expect(await taskOf('leader', 'todo-list', leave.processInstanceId)).toMatchObject({ status: 'todo', assigneeName: '王强' });
    // Someone else may neither complete it nor see it in their lists.
    expect((await c.post('nurse', '/api/blade-flow/work/complete-task', { taskId: offered!.taskId, comment: '同意' })).statusCode).toBe(
      403,
    );

    const done = await c.post('leader', '/api/blade-flow/work/complete-task', {
      taskId: offered!.taskId,
      processInstanceId: leave.processInstanceId,
      flag: 'ok',
      comment: '同意，注意休息',
    });
    expect(done.json()).toMatchObject({ success: true, msg: '办理成功' });
    expect(await taskOf('leader', 'todo-list', leave.processInstanceId)).toBeUndefined();
    expect(await taskOf('leader', 'done-list', leave.processInstanceId)).toMatchObject({ status: 'finished', comment: '同意，注意休息' });

    const history = (await c.get('doctor', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)).json()
      .data as Record<string, string>[];
    expect(history.map((step) => [step.historyActivityName, step.assigneeName, step.comment])).toEqual([
      ['发起请假', '张伟', ''],
      ['审批', '王强', '同意，注意休息'],
      ['结束', '', ''],
    ]);
    for (const step of history) expect(step.endTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const detail = (await c.get('doctor', `/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).json().data;
    expect(detail).toMatchObject({
      reason: '家中有事',
      taskUser: USERS.leader,
      taskUserName: '王强',
      applyUserName: '张伟',
      startTime: '2026-12-01 08:00:00',
      flow: { status: 'finished' },
    });
    // A completed task cannot be completed again.
    expect((await c.post('leader', '/api/blade-flow/work/complete-task', { taskId: offered!.taskId })).statusCode).toBe(409);
  });

  it('keeps the engine state in the database between calls, and finishes it there', async () => {
    const leave = await fileLeave();
    const stored = await t.deps.db
      .selectFrom('flow_instance')
      .select(['engine_state', 'status', 'row_version'])
      .where('id', '=', leave.processInstanceId)
      .executeTakeFirstOrThrow();
    const state = (typeof stored.engine_state === 'string' ? JSON.parse(stored.engine_state) : stored.engine_state) as {
      state: string;
      definitions: unknown[];
    };
    expect(state.state).toBe('running');
    expect(state.definitions).toHaveLength(1);
    expect(stored).toMatchObject({ status: 'running', row_version: 1 });

    // Completing by the candidate without claiming first claims it in the same act.
    const task = await taskOf('leader', 'claim-list', leave.processInstanceId);
    await c.post('leader', '/api/blade-flow/work/complete-task', { taskId: task!.taskId, comment: '同意' });
    const after = await t.deps.db
      .selectFrom('flow_instance')
      .select(['status', 'row_version', 'end_time'])
      .where('id', '=', leave.processInstanceId)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'finished', row_version: 2 });
    expect(after.end_time).toBeInstanceOf(Date);
  });

  it('two completions of one task at once: one is done, the other is refused and nothing is doubled', async () => {
    const leave = await fileLeave();
    const task = await taskOf('leader', 'claim-list', leave.processInstanceId);
    const answers = await Promise.all(
      [1, 2].map((n) => c.post('leader', '/api/blade-flow/work/complete-task', { taskId: task!.taskId, comment: `第${n}次` })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const history = (await c.get('leader', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)).json()
      .data as { historyActivityName: string }[];
    expect(history.map((step) => step.historyActivityName)).toEqual(['发起请假', '审批', '结束']);
  });

  it.each([
    [{ reason: ' ' }, '请输入请假理由'],
    [{ startTime: '' }, '请选择开始时间'],
    [{ endTime: '2026-11-30 08:00:00' }, '结束时间必须晚于开始时间'],
    [{ startTime: '2026-02-30' }, '时间格式不正确，应为yyyy-MM-dd HH:mm:ss'],
    [{ taskUser: '' }, '请选择审批人'],
    [{ taskUser: USERS.doctor }, '审批人不能是本人'],
    [{ taskUser: '3301' }, '审批人不存在'],
  ])('a leave %# is refused with the form’s message', async (overrides, message) => {
    const res = await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message);
  });

  it('the leave and its steps are for the applicant, the approver and administrators only; another tenant sees nothing', async () => {
    const leave = await fileLeave();
    expect((await c.get('nurse', `/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).statusCode).toBe(403);
    expect(
      (await c.get('nurse', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)).statusCode,
    ).toBe(403);
    expect((await c.get('leader', `/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).statusCode).toBe(200);
    expect(
      (await c.get('admin', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)).statusCode,
    ).toBe(200);
    expect((await c.get('otherAdmin', `/api/blade-desk/process/leave/detail?businessId=${leave.id}`)).statusCode).toBe(404);
    expect(
      (await c.get('otherAdmin', `/api/blade-flow/process/history-flow-list?processInstanceId=${leave.processInstanceId}`)).statusCode,
    ).toBe(404);
    expect(await c.records('otherAdmin', '/api/blade-flow/follow/list?current=1&size=50')).toEqual([]);
  });
});
