import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Conflict, Forbidden, NotFound, Refusal } from '../../domain/errors';
import {
  claimTask,
  findInstance,
  findTask,
  finishTask,
  listInstances,
  listTasks,
  type FlowTask,
  type WorkList,
} from '../repositories/flow-instances';
import type { Paging } from '../repositories/flow-models';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { completeInstanceTask } from './process-steps';
import { candidateOf, isCandidate, nameOf } from './people';
import { instanceView, taskView } from './views';

// The work lists and the two acts on a task (blade-flow work/…): every signed-in user, each seeing
// and doing only the tasks that are theirs or offered to them.

export async function taskPage(db: Kysely<Database>, auth: AccessClaims, paging: Paging, list: WorkList) {
  const { rows, total } = await listTasks(db, auth.tenant_id, paging, list, candidateOf(auth));
  return { records: rows.map(taskView), total };
}

/** send-list: the processes the caller started. */
export async function sentPage(db: Kysely<Database>, auth: AccessClaims, paging: Paging) {
  const { rows, total } = await listInstances(db, auth.tenant_id, paging, { startUserId: auth.user_id });
  return { records: rows.map(instanceView), total };
}

async function openTask(db: Kysely<Database>, auth: AccessClaims, taskId: string): Promise<FlowTask> {
  const task = await findTask(db, auth.tenant_id, taskId);
  if (!task) throw new NotFound('任务不存在');
  if (task.status !== 'open') throw new Conflict('该任务已办理');
  return task;
}

export async function claim(db: Kysely<Database>, auth: AccessClaims, taskId: string, time: Date): Promise<void> {
  const task = await openTask(db, auth, taskId);
  if (task.assignee_id === auth.user_id) return;
  if (task.assignee_id) throw new Conflict('该任务已被他人签收');
  if (!isCandidate(task, auth)) throw new Forbidden('您不是该任务的候选人，不能签收');
  if (!(await claimTask(db, auth.tenant_id, task.id, { id: auth.user_id, name: nameOf(auth) }, time)))
    throw new Conflict('该任务已被他人签收');
}

export interface CompleteRequest {
  taskId: string;
  processInstanceId?: string;
  comment: string;
}

/**
 * Completes a task the caller holds — or one offered to them and not yet taken, which is claimed by
 * completing it. The engine resumes from the stored state; state, task and history are stored in
 * one transaction, over the state the step started from (a concurrent completion gets 409).
 */
export async function complete(db: Kysely<Database>, auth: AccessClaims, request: CompleteRequest, time: Date): Promise<void> {
  const task = await openTask(db, auth, request.taskId);
  if (request.processInstanceId && request.processInstanceId !== task.instance_id) throw new Refusal('任务不属于该流程');
  const mine = task.assignee_id === auth.user_id || (!task.assignee_id && isCandidate(task, auth));
  if (!mine) throw new Forbidden('您不是该任务的办理人');
  const doer = { id: auth.user_id, name: nameOf(auth) };
  await inTransaction(db, async (trx) => {
    const instance = await findInstance(trx, auth.tenant_id, task.instance_id);
    if (!instance || instance.status !== 'running') throw new Conflict('流程已结束');
    if (!(await finishTask(trx, auth.tenant_id, task.id, { assigneeId: doer.id, assigneeName: doer.name, comment: request.comment, time })))
      throw new Conflict('该任务已办理');
    await completeInstanceTask(trx, instance, task.execution_id, doer, { comment: request.comment }, time);
  });
}
