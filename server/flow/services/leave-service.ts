import type { Kysely } from 'kysely';
import { type AccessClaims, findUserById } from '../../auth/index';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { Forbidden, NotFound, Refusal } from '../../domain/errors';
import { findInstance } from '../repositories/flow-instances';
import { findLeave, insertLeave } from '../repositories/flow-leave';
import { findDeploymentByDefinition, findLatestActiveDeployment } from '../repositories/flow-models';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { isFormAdministrator } from '../../forms/index';
import { nameOf } from './people';
import { startInstance } from './process-steps';
import { leaveView } from './views';

// The leave request of spec 000 (blade-desk process/leave): the example process. Its BPMN (seeded
// per tenant, seed/flow-seed.ts) offers the 审批 task to the approver the applicant chose.

/** The process key of the leave BPMN (BladeX's own leave process is keyed so too). */
export const LEAVE_PROCESS_KEY = 'Leave';
export const LEAVE_TABLE = 'blade_process_leave';

export interface LeaveRequest {
  processDefinitionId?: string;
  startTime?: string;
  endTime?: string;
  reason?: string;
  /** The approver's user id; BladeX's screens send it as `taskUser_<id>`. */
  taskUser?: string;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** 'yyyy-MM-dd[ HH:mm[:ss]]' in the server's local time, as the screens send it. */
function parseTime(text: string | undefined, missing: string): Date {
  const match = DATE_TIME.exec((text ?? '').trim());
  if (!match) throw new Refusal(text?.trim() ? '时间格式不正确，应为yyyy-MM-dd HH:mm:ss' : missing);
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) throw new Refusal('时间格式不正确，应为yyyy-MM-dd HH:mm:ss');
  return date;
}

async function leaveDeployment(db: Kysely<Database>, tenantId: string, processDefinitionId: string | undefined) {
  const deployment = processDefinitionId
    ? await findDeploymentByDefinition(db, tenantId, processDefinitionId)
    : await findLatestActiveDeployment(db, tenantId, LEAVE_PROCESS_KEY);
  if (!deployment) throw new NotFound('流程不存在');
  if (deployment.process_key !== LEAVE_PROCESS_KEY) throw new Refusal('该流程不是请假流程');
  if (deployment.state !== 'active') throw new Refusal('该流程已挂起，不能发起');
  return deployment;
}

/** Files a leave request and starts its process; answers the leave with its process. */
export async function startLeave(db: Kysely<Database>, auth: AccessClaims, request: LeaveRequest, time: Date) {
  const startTime = parseTime(request.startTime, '请选择开始时间');
  const endTime = parseTime(request.endTime, '请选择结束时间');
  if (endTime.getTime() <= startTime.getTime()) throw new Refusal('结束时间必须晚于开始时间');
  const reason = (request.reason ?? '').trim();
  if (!reason) throw new Refusal('请输入请假理由');
  const approverId = (request.taskUser ?? '').trim().replace(/^taskUser_/, '');
  if (!approverId) throw new Refusal('请选择审批人');
  if (approverId === auth.user_id) throw new Refusal('审批人不能是本人');
  const approver = await findUserById(db, auth.tenant_id, approverId);
  if (!approver) throw new Refusal('审批人不存在');
  const deployment = await leaveDeployment(db, auth.tenant_id, request.processDefinitionId);

  const leaveId = newId(time.getTime());
  const instanceId = newId(time.getTime());
  const applicant = { id: auth.user_id, name: nameOf(auth) };
  await inTransaction(db, async (trx) => {
    await insertLeave(trx, {
      id: leaveId,
      tenant_id: auth.tenant_id,
      process_definition_id: deployment.process_definition_id,
      process_instance_id: instanceId,
      start_time: startTime,
      end_time: endTime,
      reason,
      task_user: approver.id,
      task_user_name: approver.real_name || approver.name,
      apply_user_id: applicant.id,
      apply_user_name: applicant.name,
      apply_time: time,
    });
    const days = Math.ceil((endTime.getTime() - startTime.getTime()) / 86_400_000);
    await startInstance(trx, auth.tenant_id, {
      deployment,
      instanceId,
      businessTable: LEAVE_TABLE,
      businessId: leaveId,
      starter: applicant,
      variables: { taskUser: approver.id, applyUser: applicant.id, days },
      time,
    });
  });
  return leaveDetail(db, auth, leaveId);
}

/** A leave with its process: for the applicant, the approver and administrators. */
export async function leaveDetail(db: Kysely<Database>, auth: AccessClaims, businessId: string) {
  const leave = await findLeave(db, auth.tenant_id, businessId);
  if (!leave) throw new NotFound('请假单不存在');
  if (!isFormAdministrator(auth) && leave.apply_user_id !== auth.user_id && leave.task_user !== auth.user_id)
    throw new Forbidden('您无权查看该请假单');
  return leaveView(leave, await findInstance(db, auth.tenant_id, leave.process_instance_id));
}
