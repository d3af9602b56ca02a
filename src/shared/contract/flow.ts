// The workflow contract (spec 000 leave workflow, "Other shared calls"; spec 002 §7 Workflow): what
// the server's flow/ routes answer — BladeX's FlowModel, FlowProcess, BladeFlow and ProcessLeave,
// camelCase, ids as strings, times as 'yyyy-MM-dd HH:mm:ss'.
import { Type, type Static } from 'typebox';
import { Done, envelope, orNull, pageOf } from './envelope';

/** A process model (model/list). */
export const FlowModelView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  modelKey: Type.String(),
  name: Type.String(),
  category: Type.String(),
  description: Type.String(),
  version: Type.Integer(),
  created: Type.String(),
  createdBy: Type.String(),
  lastUpdated: Type.String(),
});
export type FlowModelView = Static<typeof FlowModelView>;

/** A deployed process definition (manager/list, work/start-list, a deploy's answer). */
export const FlowProcessView = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  name: Type.String(),
  key: Type.String(),
  category: Type.String(),
  categoryName: Type.String(),
  version: Type.Integer(),
  deploymentId: Type.String(),
  resourceName: Type.String(),
  diagramResourceName: Type.String(),
  /** Flowable's numbers: 1 active, 2 suspended. */
  suspensionState: Type.Integer(),
  deploymentTime: Type.String(),
});
export type FlowProcessView = Static<typeof FlowProcessView>;

/** A process instance (follow/list, work/send-list, a leave's flow). */
export const FlowInstanceView = Type.Object({
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionVersion: Type.Integer(),
  category: Type.String(),
  categoryName: Type.String(),
  businessTable: Type.String(),
  businessId: Type.String(),
  startUser: Type.String(),
  startUserId: Type.String(),
  startTime: Type.String(),
  endTime: orNull('string'),
  /** unfinished or finished. */
  status: Type.String(),
  processIsFinished: Type.String(),
  deleteReason: Type.String(),
});
export type FlowInstanceView = Static<typeof FlowInstanceView>;

/** A task of the work lists (claim-list, todo-list, done-list). */
export const FlowTaskView = Type.Object({
  taskId: Type.String(),
  taskName: Type.String(),
  taskDefinitionKey: Type.String(),
  executionId: Type.String(),
  assignee: Type.String(),
  assigneeName: Type.String(),
  candidateUsers: Type.String(),
  candidateGroups: Type.String(),
  createTime: Type.String(),
  claimTime: orNull('string'),
  endTime: orNull('string'),
  comment: Type.String(),
  /** claim (unassigned), todo, finished. */
  status: Type.String(),
  processInstanceId: Type.String(),
  processDefinitionId: Type.String(),
  processDefinitionKey: Type.String(),
  processDefinitionName: Type.String(),
  processDefinitionVersion: Type.Integer(),
  category: Type.String(),
  categoryName: Type.String(),
  businessTable: Type.String(),
  businessId: Type.String(),
  startUser: Type.String(),
  historyProcessInstanceId: Type.String(),
  processIsFinished: Type.String(),
});
export type FlowTaskView = Static<typeof FlowTaskView>;

/** A step of a process (process/history-flow-list). */
export const FlowHistoryView = Type.Object({
  historyActivityId: Type.String(),
  historyActivityName: Type.String(),
  historyActivityType: Type.String(),
  assignee: Type.String(),
  assigneeName: Type.String(),
  comment: Type.String(),
  createTime: Type.String(),
  endTime: orNull('string'),
  /** Milliseconds from start to end, as text ('' while open). */
  historyActivityDurationTime: Type.String(),
});
export type FlowHistoryView = Static<typeof FlowHistoryView>;

/** A leave (process/leave start-process and detail), with its process instance. */
export const LeaveView = Type.Object({
  id: Type.String(),
  processDefinitionId: Type.String(),
  processInstanceId: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  reason: Type.String(),
  taskUser: Type.String(),
  taskUserName: Type.String(),
  applyUser: Type.String(),
  applyUserName: Type.String(),
  applyTime: Type.String(),
  flow: Type.Union([FlowInstanceView, Type.Null()]),
});
export type LeaveView = Static<typeof LeaveView>;

/** The answers, as the routes declare them. */
export const flowAnswers = {
  modelPage: envelope(pageOf(FlowModelView)),
  processPage: envelope(pageOf(FlowProcessView)),
  process: envelope(FlowProcessView),
  processes: envelope(Type.Array(FlowProcessView)),
  instancePage: envelope(pageOf(FlowInstanceView)),
  taskPage: envelope(pageOf(FlowTaskView)),
  history: envelope(Type.Array(FlowHistoryView)),
  leave: envelope(LeaveView),
  done: envelope(Done),
};
