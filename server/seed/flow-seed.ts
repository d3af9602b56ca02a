import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertDeployment, insertModel } from '../flow/index';

/**
 * The leave request of spec 000 as BPMN: the applicant starts it, the approver they chose
 * (`taskUser`, a candidate user) does 审批, then it ends. Flowable attributes, as BladeX writes its
 * models, so a BladeX designer opens it unchanged. The spec shows no reject path, so there is none:
 * the approver's opinion is kept as the task's comment.
 */
export const LEAVE_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://www.flowable.org/processdef" id="leave-definitions">
  <process id="Leave" name="请假流程" isExecutable="true">
    <startEvent id="start" name="发起请假"/>
    <sequenceFlow id="toApprove" sourceRef="start" targetRef="approve"/>
    <userTask id="approve" name="审批" flowable:candidateUsers="\${taskUser}"/>
    <sequenceFlow id="toEnd" sourceRef="approve" targetRef="end"/>
    <endEvent id="end" name="结束"/>
  </process>
</definitions>
`;

/** BladeX's dictionary `flow`: flow_1 is 请假流程. */
const LEAVE_CATEGORY = 'flow_1';

/** Gives each tenant the leave model and its first deployment (active), so a leave can be filed at once. */
export async function seedLeaveProcess(db: Kysely<Database>, tenantIds: readonly string[], time: Date): Promise<void> {
  for (const [index, tenantId] of tenantIds.entries()) {
    const modelId = String(9_100_000 + index);
    const deploymentId = String(9_200_000 + index);
    await insertModel(db, {
      id: modelId,
      tenant_id: tenantId,
      model_key: 'Leave',
      name: '请假流程',
      category: LEAVE_CATEGORY,
      description: '请假申请：申请人发起，审批人审批',
      version: 1,
      xml: LEAVE_BPMN,
      create_user: 'system',
      create_time: time,
      update_time: time,
    });
    await insertDeployment(db, {
      id: deploymentId,
      tenant_id: tenantId,
      process_definition_id: `Leave:1:${deploymentId}`,
      model_id: modelId,
      process_key: 'Leave',
      name: '请假流程',
      category: LEAVE_CATEGORY,
      version: 1,
      resource_name: 'Leave.bpmn20.xml',
      xml: LEAVE_BPMN,
      state: 'active',
      deploy_user: 'system',
      deploy_time: time,
    });
  }
}
