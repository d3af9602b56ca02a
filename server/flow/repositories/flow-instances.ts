import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, FlowHistoryTable, FlowInstanceTable, FlowTaskTable } from '../../db/schema';
import type { Paging } from './flow-models';

// Process instances, their user tasks and their history (blade-flow follow/…, work/…, process/…).

export type FlowInstance = Selectable<FlowInstanceTable>;
export type FlowTask = Selectable<FlowTaskTable>;
export type FlowHistory = Selectable<FlowHistoryTable>;

/** A task with the instance it belongs to, as the work lists show it. */
export type TaskWithInstance = FlowTask &
  Pick<
    FlowInstance,
    | 'process_definition_id'
    | 'process_key'
    | 'process_name'
    | 'category'
    | 'version'
    | 'business_table'
    | 'business_id'
    | 'start_user_id'
    | 'start_user_name'
    | 'start_time'
  > & { instance_status: string; instance_end_time: Date | null };

const offset = (paging: Paging) => (paging.current - 1) * paging.size;

export async function insertInstance(db: Kysely<Database>, row: Insertable<FlowInstanceTable>): Promise<void> {
  await db.insertInto('flow_instance').values(row).execute();
}

export function findInstance(db: Kysely<Database>, tenantId: string, id: string): Promise<FlowInstance | undefined> {
  return db.selectFrom('flow_instance').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export interface InstanceStep {
  engineState: string;
  status: 'running' | 'finished';
  endTime: Date | null;
}

/**
 * Stores the engine state of a step, only over the state the step started from (`rowVersion`):
 * false when another call (this process or another) stored a step first.
 */
export async function storeStep(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  rowVersion: number,
  step: InstanceStep,
): Promise<boolean> {
  const rows = await db
    .updateTable('flow_instance')
    .set({ engine_state: step.engineState, status: step.status, end_time: step.endTime, row_version: rowVersion + 1 })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('row_version', '=', rowVersion)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Ends a running instance by an administrator's decision; its open tasks are cancelled. */
export async function deleteInstance(db: Kysely<Database>, tenantId: string, id: string, reason: string, time: Date): Promise<boolean> {
  const rows = await db
    .updateTable('flow_instance')
    .set({ status: 'deleted', delete_reason: reason, end_time: time, row_version: sql`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  if (rows.length === 0) return false;
  await db
    .updateTable('flow_task')
    .set({ status: 'cancelled', end_time: time })
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', id)
    .where('status', '=', 'open')
    .execute();
  return true;
}

/** Ends the running instances of removed deployments (Flowable's cascading deleteDeployment). */
export async function deleteInstancesOfDeployments(
  db: Kysely<Database>,
  tenantId: string,
  deploymentIds: string[],
  reason: string,
  time: Date,
): Promise<void> {
  if (deploymentIds.length === 0) return;
  const ended = await db
    .updateTable('flow_instance')
    .set({ status: 'deleted', delete_reason: reason, end_time: time, row_version: sql`row_version + 1` })
    .where('tenant_id', '=', tenantId)
    .where('deployment_id', 'in', deploymentIds)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  if (ended.length === 0) return;
  await db
    .updateTable('flow_task')
    .set({ status: 'cancelled', end_time: time })
    .where('tenant_id', '=', tenantId)
    .where(
      'instance_id',
      'in',
      ended.map((r) => r.id),
    )
    .where('status', '=', 'open')
    .execute();
}

export interface InstanceFilter {
  startUserId?: string;
  processDefinitionKey?: string;
  processInstanceId?: string;
}

export async function listInstances(
  db: Kysely<Database>,
  tenantId: string,
  paging: Paging,
  filter: InstanceFilter,
): Promise<{ rows: FlowInstance[]; total: number }> {
  let query = db.selectFrom('flow_instance').where('tenant_id', '=', tenantId);
  if (filter.startUserId) query = query.where('start_user_id', '=', filter.startUserId);
  if (filter.processDefinitionKey) query = query.where('process_key', '=', filter.processDefinitionKey);
  if (filter.processInstanceId) query = query.where('id', '=', filter.processInstanceId);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('start_time', 'desc').orderBy('id', 'desc').limit(paging.size).offset(offset(paging)).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Inserts the task row of a waiting user task; false when it is there already (a resume reports old waits again). */
export async function insertTaskOnce(db: Kysely<Database>, row: Insertable<FlowTaskTable>): Promise<boolean> {
  const rows = await db
    .insertInto('flow_task')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'instance_id', 'execution_id']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function findTask(db: Kysely<Database>, tenantId: string, id: string): Promise<FlowTask | undefined> {
  return db.selectFrom('flow_task').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Takes an open, unassigned task for `userId`; false when someone took it first. */
export async function claimTask(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  user: { id: string; name: string },
  time: Date,
): Promise<boolean> {
  const rows = await db
    .updateTable('flow_task')
    .set({ assignee_id: user.id, assignee_name: user.name, claim_time: time })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('assignee_id', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export async function finishTask(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  done: { assigneeId: string; assigneeName: string; comment: string; time: Date },
): Promise<boolean> {
  const rows = await db
    .updateTable('flow_task')
    .set({ status: 'done', assignee_id: done.assigneeId, assignee_name: done.assigneeName, comment: done.comment, end_time: done.time })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** The caller as a task's candidate: named among its users, or holding one of its groups (role aliases). */
export interface Candidate {
  userId: string;
  groups: string[];
}

/** `list` (comma-separated, no spaces) names `value`. */
const names = (
  eb: ExpressionBuilder<Database, 'flow_task'>,
  column: 'flow_task.candidate_users' | 'flow_task.candidate_groups',
  value: string,
) => eb(sql<string>`',' || ${sql.ref(column)} || ','`, 'like', `%,${value.replace(/[\\%_]/g, '\\$&')},%`);

export type WorkList = 'claim' | 'todo' | 'done';

export async function listTasks(
  db: Kysely<Database>,
  tenantId: string,
  paging: Paging,
  list: WorkList,
  who: Candidate,
): Promise<{ rows: TaskWithInstance[]; total: number }> {
  let query = db
    .selectFrom('flow_task')
    .innerJoin('flow_instance', (join) =>
      join.onRef('flow_instance.id', '=', 'flow_task.instance_id').onRef('flow_instance.tenant_id', '=', 'flow_task.tenant_id'),
    )
    .where('flow_task.tenant_id', '=', tenantId);
  if (list === 'claim') {
    query = query
      .where('flow_task.status', '=', 'open')
      .where('flow_task.assignee_id', 'is', null)
      .where((eb) =>
        eb.or([
          names(eb, 'flow_task.candidate_users', who.userId),
          ...who.groups.map((group) => names(eb, 'flow_task.candidate_groups', group)),
        ]),
      );
  } else {
    query = query.where('flow_task.assignee_id', '=', who.userId).where('flow_task.status', '=', list === 'todo' ? 'open' : 'done');
  }
  const newestFirst = list === 'done' ? 'flow_task.end_time' : 'flow_task.create_time';
  const [rows, count] = await Promise.all([
    query
      .selectAll('flow_task')
      .select([
        'flow_instance.process_definition_id',
        'flow_instance.process_key',
        'flow_instance.process_name',
        'flow_instance.category',
        'flow_instance.version',
        'flow_instance.business_table',
        'flow_instance.business_id',
        'flow_instance.start_user_id',
        'flow_instance.start_user_name',
        'flow_instance.status as instance_status',
        'flow_instance.start_time',
        'flow_instance.end_time as instance_end_time',
      ])
      .orderBy(newestFirst, 'desc')
      .orderBy('flow_task.id', 'desc')
      .limit(paging.size)
      .offset(offset(paging))
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function tasksOfInstance(db: Kysely<Database>, tenantId: string, instanceId: string): Promise<FlowTask[]> {
  return db.selectFrom('flow_task').selectAll().where('tenant_id', '=', tenantId).where('instance_id', '=', instanceId).execute();
}

export async function insertHistory(db: Kysely<Database>, row: Insertable<FlowHistoryTable>): Promise<void> {
  await db.insertInto('flow_history').values(row).execute();
}

/** Closes the open history row of an execution; false when there was none (an activity that started and ended in one step). */
export async function endHistory(
  db: Kysely<Database>,
  tenantId: string,
  instanceId: string,
  executionId: string,
  end: { time: Date; assigneeId?: string; assigneeName?: string; comment?: string },
): Promise<boolean> {
  const rows = await db
    .updateTable('flow_history')
    .set({
      end_time: end.time,
      ...(end.assigneeId !== undefined && { assignee_id: end.assigneeId, assignee_name: end.assigneeName ?? '' }),
      ...(end.comment !== undefined && { comment: end.comment }),
    })
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('execution_id', '=', executionId)
    .where('end_time', 'is', null)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export function historyOf(db: Kysely<Database>, tenantId: string, instanceId: string): Promise<FlowHistory[]> {
  return db
    .selectFrom('flow_history')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .orderBy('start_time')
    .orderBy('id')
    .execute();
}
