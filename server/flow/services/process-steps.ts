import type { Kysely } from 'kysely';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { Conflict } from '../../domain/errors';
import type { FlowDeployment } from '../repositories/flow-models';
import { endHistory, insertHistory, insertInstance, insertTaskOnce, storeStep, type FlowInstance } from '../repositories/flow-instances';
import { completeUserTask, startProcess, type StepResult } from './bpmn-runner';
import { resolvePeople } from './people';

// Turns what the engine did in one step into rows: a task per new waiting user task, a history row
// per activity, the engine state on the instance — written by the caller's transaction, so the
// state and the rows that describe it are stored together or not at all.

const USER_TASK = 'bpmn:UserTask';

export interface Doer {
  id: string;
  name: string;
}

export interface StartRequest {
  deployment: FlowDeployment;
  instanceId: string;
  businessTable: string;
  businessId: string;
  starter: Doer;
  variables: Record<string, unknown>;
  time: Date;
}

async function writeStep(
  trx: Kysely<Database>,
  tenantId: string,
  instanceId: string,
  variables: Record<string, unknown>,
  step: StepResult,
  time: Date,
  doer: Doer,
  comment?: string,
): Promise<void> {
  const waiting = new Map(step.waiting.map((task) => [task.executionId, task]));
  for (const event of step.events) {
    const { executionId, activityId, name, type } = event;
    if (event.kind === 'wait' && type === USER_TASK) {
      const task = waiting.get(executionId);
      if (!task) continue;
      const assignee = resolvePeople(task.assignee, variables).split(',')[0] ?? '';
      const inserted = await insertTaskOnce(trx, {
        id: newId(time.getTime()),
        tenant_id: tenantId,
        instance_id: instanceId,
        execution_id: executionId,
        activity_id: activityId,
        name: task.name,
        assignee_id: assignee || null,
        assignee_name: '',
        candidate_users: resolvePeople(task.candidateUsers, variables),
        candidate_groups: resolvePeople(task.candidateGroups, variables),
        status: 'open',
        create_time: time,
        claim_time: null,
        end_time: null,
        comment: '',
      });
      if (inserted)
        await insertHistory(trx, {
          id: newId(time.getTime()),
          tenant_id: tenantId,
          instance_id: instanceId,
          execution_id: executionId,
          activity_id: activityId,
          activity_name: name,
          activity_type: type,
          assignee_id: '',
          assignee_name: '',
          comment: '',
          start_time: time,
          end_time: null,
        });
    } else if (event.kind === 'start' && type !== USER_TASK) {
      // The start event is the starter's act; other activities are the engine's.
      const who = type === 'bpmn:StartEvent' ? doer : { id: '', name: '' };
      await insertHistory(trx, {
        id: newId(time.getTime()),
        tenant_id: tenantId,
        instance_id: instanceId,
        execution_id: executionId,
        activity_id: activityId,
        activity_name: name,
        activity_type: type,
        assignee_id: who.id,
        assignee_name: who.name,
        comment: '',
        start_time: time,
        end_time: null,
      });
    } else if (event.kind === 'end') {
      const byDoer = type === USER_TASK ? { assigneeId: doer.id, assigneeName: doer.name, comment: comment ?? '' } : {};
      await endHistory(trx, tenantId, instanceId, executionId, { time, ...byDoer });
    }
  }
}

/** Starts a process of a deployment and stores the instance, its first tasks and history (in `trx`). */
export async function startInstance(trx: Kysely<Database>, tenantId: string, request: StartRequest): Promise<FlowInstance['id']> {
  const { deployment, instanceId, starter, variables, time } = request;
  const step = await startProcess(deployment.xml, variables);
  await insertInstance(trx, {
    id: instanceId,
    tenant_id: tenantId,
    deployment_id: deployment.id,
    process_definition_id: deployment.process_definition_id,
    process_key: deployment.process_key,
    process_name: deployment.name,
    category: deployment.category,
    version: deployment.version,
    business_table: request.businessTable,
    business_id: request.businessId,
    start_user_id: starter.id,
    start_user_name: starter.name,
    status: step.ended ? 'finished' : 'running',
    variables: JSON.stringify(variables),
    engine_state: JSON.stringify(step.state),
    row_version: 1,
    start_time: time,
    end_time: step.ended ? time : null,
    delete_reason: '',
  });
  await writeStep(trx, tenantId, instanceId, variables, step, time, starter);
  return instanceId;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** Completes the user task waiting at `executionId` of a running instance, from its stored state (in `trx`). */
export async function completeInstanceTask(
  trx: Kysely<Database>,
  instance: FlowInstance,
  executionId: string,
  doer: Doer,
  output: { comment: string },
  time: Date,
): Promise<void> {
  const variables = parsed<Record<string, unknown>>(instance.variables);
  const step = await completeUserTask(parsed(instance.engine_state), executionId, { ...output, assignee: doer.id });
  const stored = await storeStep(trx, instance.tenant_id, instance.id, instance.row_version, {
    engineState: JSON.stringify(step.state),
    status: step.ended ? 'finished' : 'running',
    endTime: step.ended ? time : null,
  });
  if (!stored) throw new Conflict('流程已被他人办理，请刷新后重试');
  await writeStep(trx, instance.tenant_id, instance.id, variables, step, time, doer, output.comment);
}
