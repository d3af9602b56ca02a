import type { Kysely } from 'kysely';
import type { AccessClaims } from '../../auth/index';
import type { Database } from '../../db/schema';
import { Forbidden, NotFound } from '../../domain/errors';
import { deleteInstance, findInstance, historyOf, listInstances, tasksOfInstance } from '../repositories/flow-instances';
import type { Paging } from '../repositories/flow-models';
import { isFormAdministrator } from '../../forms/index';
import { isCandidate } from './people';
import { historyView, instanceView } from './views';

// Following processes (blade-flow follow/… and process/history-flow-list).

export async function followPage(
  db: Kysely<Database>,
  auth: AccessClaims,
  paging: Paging,
  filter: { processDefinitionKey?: string; processInstanceId?: string },
) {
  const { rows, total } = await listInstances(db, auth.tenant_id, paging, filter);
  return { records: rows.map(instanceView), total };
}

export async function deleteProcessInstance(
  db: Kysely<Database>,
  auth: AccessClaims,
  processInstanceId: string,
  reason: string,
  time: Date,
): Promise<void> {
  if (!(await deleteInstance(db, auth.tenant_id, processInstanceId, reason || '管理员删除', time)))
    throw new NotFound('流程实例不存在或已结束');
}

/**
 * The steps of a process with who and when. Seen by administrators, its starter, and whoever had
 * (or was offered) one of its tasks — the people on its detail screen.
 */
export async function historyFlow(db: Kysely<Database>, auth: AccessClaims, processInstanceId: string) {
  const instance = await findInstance(db, auth.tenant_id, processInstanceId);
  if (!instance) throw new NotFound('流程实例不存在');
  if (!isFormAdministrator(auth) && instance.start_user_id !== auth.user_id) {
    const tasks = await tasksOfInstance(db, auth.tenant_id, instance.id);
    if (!tasks.some((task) => task.assignee_id === auth.user_id || isCandidate(task, auth))) throw new Forbidden('您无权查看该流程');
  }
  return (await historyOf(db, auth.tenant_id, instance.id)).map(historyView);
}
