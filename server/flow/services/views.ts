import type { FlowHistory, FlowInstance, TaskWithInstance } from '../repositories/flow-instances';
import type { ProcessLeave } from '../repositories/flow-leave';
import type { FlowDeployment, FlowModel } from '../repositories/flow-models';
import { dateTime } from '../../forms/index';
import type {
  FlowHistoryView,
  FlowInstanceView,
  FlowModelView,
  FlowProcessView,
  FlowTaskView,
  LeaveView,
} from '../../../src/shared/contract/flow';

// Rows as BladeX's blade-flow answers them (FlowModel, FlowProcess, BladeFlow, ProcessLeave):
// camelCase, ids as strings, times as 'yyyy-MM-dd HH:mm:ss'.

const time = (d: Date | null) => (d ? dateTime(d) : null);

/** Flowable's names of the built-in categories (BladeX dictionary `flow`). */
const CATEGORY_NAMES: Record<string, string> = { flow_1: '请假流程', flow_2: '报销流程' };
const categoryName = (category: string) => CATEGORY_NAMES[category] ?? category;

export const modelView = (m: FlowModel): FlowModelView => ({
  id: m.id,
  tenantId: m.tenant_id,
  modelKey: m.model_key,
  name: m.name,
  category: m.category,
  description: m.description,
  version: m.version,
  created: dateTime(m.create_time),
  createdBy: m.create_user,
  lastUpdated: dateTime(m.update_time),
});

export const processView = (d: FlowDeployment): FlowProcessView => ({
  id: d.process_definition_id,
  tenantId: d.tenant_id,
  name: d.name,
  key: d.process_key,
  category: d.category,
  categoryName: categoryName(d.category),
  version: d.version,
  deploymentId: d.id,
  resourceName: d.resource_name,
  diagramResourceName: '',
  /** Flowable's numbers: 1 active, 2 suspended. */
  suspensionState: d.state === 'suspended' ? 2 : 1,
  deploymentTime: dateTime(d.deploy_time),
});

const instanceStatus = (status: string) => (status === 'running' ? 'unfinished' : 'finished');

export const instanceView = (i: FlowInstance): FlowInstanceView => ({
  processInstanceId: i.id,
  processDefinitionId: i.process_definition_id,
  processDefinitionKey: i.process_key,
  processDefinitionName: i.process_name,
  processDefinitionVersion: i.version,
  category: i.category,
  categoryName: categoryName(i.category),
  businessTable: i.business_table,
  businessId: i.business_id,
  startUser: i.start_user_name,
  startUserId: i.start_user_id,
  startTime: dateTime(i.start_time),
  endTime: time(i.end_time),
  status: instanceStatus(i.status),
  processIsFinished: i.status === 'running' ? 'unfinished' : 'finished',
  deleteReason: i.delete_reason,
});

export const taskView = (t: TaskWithInstance): FlowTaskView => ({
  taskId: t.id,
  taskName: t.name,
  taskDefinitionKey: t.activity_id,
  executionId: t.execution_id,
  assignee: t.assignee_id ?? '',
  assigneeName: t.assignee_name,
  candidateUsers: t.candidate_users,
  candidateGroups: t.candidate_groups,
  createTime: dateTime(t.create_time),
  claimTime: time(t.claim_time),
  endTime: time(t.end_time),
  comment: t.comment,
  /** The task's state as BladeX's lists name it: claim (unassigned), todo, finished. */
  status: t.status === 'open' ? (t.assignee_id ? 'todo' : 'claim') : 'finished',
  processInstanceId: t.instance_id,
  processDefinitionId: t.process_definition_id,
  processDefinitionKey: t.process_key,
  processDefinitionName: t.process_name,
  processDefinitionVersion: t.version,
  category: t.category,
  categoryName: categoryName(t.category),
  businessTable: t.business_table,
  businessId: t.business_id,
  startUser: t.start_user_name,
  historyProcessInstanceId: t.instance_id,
  processIsFinished: instanceStatus(t.instance_status),
});

export const historyView = (h: FlowHistory): FlowHistoryView => ({
  historyActivityId: h.activity_id,
  historyActivityName: h.activity_name,
  historyActivityType: h.activity_type,
  assignee: h.assignee_id,
  assigneeName: h.assignee_name,
  comment: h.comment,
  createTime: dateTime(h.start_time),
  endTime: time(h.end_time),
  /** Milliseconds from start to end, BladeX's historyActivityDurationTime (empty while open). */
  historyActivityDurationTime: h.end_time ? String(h.end_time.getTime() - h.start_time.getTime()) : '',
});

export const leaveView = (l: ProcessLeave, instance: FlowInstance | undefined): LeaveView => ({
  id: l.id,
  processDefinitionId: l.process_definition_id,
  processInstanceId: l.process_instance_id,
  startTime: dateTime(l.start_time),
  endTime: dateTime(l.end_time),
  reason: l.reason,
  taskUser: l.task_user,
  taskUserName: l.task_user_name,
  applyUser: l.apply_user_id,
  applyUserName: l.apply_user_name,
  applyTime: dateTime(l.apply_time),
  flow: instance ? instanceView(instance) : null,
});
