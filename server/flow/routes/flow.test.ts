import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAVE_BPMN } from '../../seed/flow-seed';
import { flowClient, leaveOf } from '../../test-support/flow-client';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Models, deployments and following (blade-flow model/…, manager/…, follow/…): the administrators'
// screens of spec 002 §7, on the seeded leave process.

let t: TestApp;
let c: Awaited<ReturnType<typeof flowClient>>;

beforeAll(async () => {
  t = await createTestApp();
  c = await flowClient(t.app);
});
afterAll(() => t.close());

interface Definition {
  id: string;
  key: string;
  version: number;
  deploymentId: string;
  suspensionState: number;
  category: string;
  resourceName: string;
}

const definitions = () => c.records<Definition>('admin', '/api/blade-flow/manager/list?current=1&size=100');
const reviewBpmn = (name: string) => LEAVE_BPMN.replace('id="Leave" name="请假流程"', `id="Review" name="${name}"`);

describe('blade-flow administration', () => {
  it('the seeded leave model and its deployment are listed, and only administrators reach them', async () => {
    const models = await c.records<{ modelKey: string; name: string; id: string }>('admin', '/api/blade-flow/model/list?current=1&size=10');
    expect(models).toContainEqual(expect.objectContaining({ modelKey: 'Leave', name: '请假流程' }));
    expect(await definitions()).toContainEqual(
      expect.objectContaining({ key: 'Leave', version: 1, suspensionState: 1, category: 'flow_1' }),
    );
    for (const url of ['/api/blade-flow/model/list', '/api/blade-flow/manager/list', '/api/blade-flow/follow/list']) {
      const res = await c.get('doctor', url);
      expect(res.statusCode).toBe(403);
    }
  });

  it('model/deploy makes the next version of the process; model/remove takes the model off the list', async () => {
    const leaveModel = (await c.records<{ modelKey: string; id: string }>('admin', '/api/blade-flow/model/list')).find(
      (m) => m.modelKey === 'Leave',
    )!;
    const res = await c.post('admin', `/api/blade-flow/model/deploy?modelId=${leaveModel.id}&category=flow_1&tenantIds=100001`);
    expect(res.json()).toMatchObject({ success: true, msg: '部署成功', data: { key: 'Leave', version: 2 } });
    expect((await c.post('admin', `/api/blade-flow/model/deploy?modelId=${leaveModel.id}&tenantIds=100002`)).statusCode).toBe(403);
    // The newest active version is the one users start.
    const startable = await c.records<Definition>('doctor', '/api/blade-flow/work/start-list');
    expect(startable.filter((d) => d.key === 'Leave').map((d) => d.version)).toEqual([2]);

    expect((await c.post('admin', `/api/blade-flow/model/remove?ids=${leaveModel.id}`)).json().msg).toBe('删除成功');
    expect((await c.records<{ id: string }>('admin', '/api/blade-flow/model/list')).map((m) => m.id)).not.toContain(leaveModel.id);
    expect((await c.post('admin', `/api/blade-flow/model/remove?ids=${leaveModel.id}`)).statusCode).toBe(404);
  });

  it('deploy-upload deploys a BPMN file; a file the engine cannot read is refused', async () => {
    const res = await c.upload('admin', [{ name: 'review.bpmn20.xml', xml: reviewBpmn('审核流程') }], {
      category: 'flow_2',
      tenantIds: '100001',
    });
    expect(res.json()).toMatchObject({
      success: true,
      data: [{ key: 'Review', version: 1, category: 'flow_2', resourceName: 'review.bpmn20.xml' }],
    });
    expect(await definitions()).toContainEqual(expect.objectContaining({ key: 'Review', version: 1 }));

    const broken = await c.upload('admin', [{ name: 'broken.bpmn', xml: '<definitions' }]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toMatch(/^流程文件无法解析/);
    const noProcess = await c.upload('admin', [
      { name: 'empty.bpmn', xml: LEAVE_BPMN.replace('isExecutable="true"', 'isExecutable="false"') },
    ]);
    expect(noProcess.json().msg).toBe('流程文件须且只能包含一个可执行的流程（isExecutable="true"）');
    expect((await c.upload('admin', [{ name: 'leave.txt', xml: LEAVE_BPMN }])).json().msg).toBe('只能上传bpmn或bpmn20.xml格式的流程文件');
    // The engine would run a script task in node:vm, which is no sandbox: such files are refused.
    const scripted = LEAVE_BPMN.replace(
      '<endEvent id="end" name="结束"/>',
      '<scriptTask id="s" scriptFormat="javascript"><script>next()</script></scriptTask><endEvent id="end" name="结束"/>',
    );
    expect((await c.upload('admin', [{ name: 'scripted.bpmn', xml: scripted }])).json().msg).toBe(
      '流程中不能包含脚本（scriptTask 或带 language 的条件表达式），请改用网关条件 ${变量}',
    );
    expect((await c.upload('doctor', [{ name: 'review.bpmn', xml: reviewBpmn('x') }])).statusCode).toBe(403);
  });

  it('a suspended definition starts no leave; activated again it does', async () => {
    const latest = (await definitions()).filter((d) => d.key === 'Leave').sort((a, b) => b.version - a.version)[0]!;
    const suspended = await c.post('admin', `/api/blade-flow/manager/change-state?state=suspend&processId=${latest.id}`);
    expect(suspended.json().msg).toBe(`挂起ID为 [${latest.id}] 的流程成功`);
    expect((await definitions()).find((d) => d.id === latest.id)?.suspensionState).toBe(2);
    const refused = await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf({ processDefinitionId: latest.id }));
    expect(refused.json().msg).toBe('该流程已挂起，不能发起');
    expect((await c.records<Definition>('doctor', '/api/blade-flow/work/start-list')).map((d) => d.id)).not.toContain(latest.id);

    expect((await c.post('admin', `/api/blade-flow/manager/change-state?state=active&processId=${latest.id}`)).json().msg).toBe(
      `激活ID为 [${latest.id}] 的流程成功`,
    );
    expect(
      (await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf({ processDefinitionId: latest.id }))).statusCode,
    ).toBe(200);
    expect((await c.post('admin', `/api/blade-flow/manager/change-state?state=stop&processId=${latest.id}`)).statusCode).toBe(400);
  });

  it('follow/list shows every process of the tenant; delete-process-instance ends one and withdraws its task', async () => {
    const leave = (await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf())).json().data as {
      processInstanceId: string;
    };
    const followed = await c.records<{ processInstanceId: string; status: string; startUser: string }>(
      'admin',
      `/api/blade-flow/follow/list?processInstanceId=${leave.processInstanceId}`,
    );
    expect(followed).toEqual([
      expect.objectContaining({ processInstanceId: leave.processInstanceId, status: 'unfinished', startUser: '张伟' }),
    ]);

    const res = await c.post(
      'admin',
      `/api/blade-flow/follow/delete-process-instance?processInstanceId=${leave.processInstanceId}&deleteReason=${encodeURIComponent('重复提交')}`,
    );
    expect(res.json()).toMatchObject({ success: true, msg: '删除成功' });
    const claimable = await c.records<{ processInstanceId: string }>('leader', '/api/blade-flow/work/claim-list?size=100');
    expect(claimable.map((task) => task.processInstanceId)).not.toContain(leave.processInstanceId);
    expect((await c.records('admin', `/api/blade-flow/follow/list?processInstanceId=${leave.processInstanceId}`))[0]).toMatchObject({
      status: 'finished',
      deleteReason: '重复提交',
    });
    expect(
      (await c.post('admin', `/api/blade-flow/follow/delete-process-instance?processInstanceId=${leave.processInstanceId}`)).statusCode,
    ).toBe(404);
  });

  it('delete-deployment removes the definition and ends its running processes', async () => {
    const review = (await c.upload('admin', [{ name: 'leave-copy.bpmn', xml: LEAVE_BPMN }])).json().data[0] as Definition;
    const leave = (
      await c.post('doctor', '/api/blade-desk/process/leave/start-process', leaveOf({ processDefinitionId: review.id }))
    ).json().data as { processInstanceId: string };
    expect((await c.post('admin', `/api/blade-flow/manager/delete-deployment?deploymentIds=${review.deploymentId}`)).json().msg).toBe(
      '删除成功',
    );
    expect((await definitions()).map((d) => d.id)).not.toContain(review.id);
    expect((await c.records('admin', `/api/blade-flow/follow/list?processInstanceId=${leave.processInstanceId}`))[0]).toMatchObject({
      status: 'finished',
      deleteReason: '流程部署已删除',
    });
    expect((await c.post('admin', `/api/blade-flow/manager/delete-deployment?deploymentIds=${review.deploymentId}`)).statusCode).toBe(404);
    // Another tenant's administrator reaches none of it.
    expect((await c.records<Definition>('otherAdmin', '/api/blade-flow/manager/list')).map((d) => d.key)).toEqual(['Leave']);
  });
});
