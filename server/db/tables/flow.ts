import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date, Date>;
type NullableTime = ColumnType<Date | null, Date | null, Date | null>;
/** A jsonb column: read as the parsed value (or its text on some drivers), written as JSON text. */
type Json<T> = ColumnType<T | string, string, string>;

/** Tables of migration 014-workflow (blade-flow, spec 002 §7): BPMN models, deployments, running processes. */

/** A BPMN model an administrator keeps (model/list); deploying it makes a new deployment version. */
export interface FlowModelTable {
  id: string;
  tenant_id: string;
  model_key: string;
  name: string;
  category: string;
  description: string;
  /** Versions of this model's own edits (a deploy numbers its deployment separately, per process key). */
  version: number;
  xml: string;
  create_user: string;
  create_time: Time;
  update_time: Time;
  is_deleted: Generated<number>;
}

/** One deployed process definition (manager/list): its BPMN, frozen at deploy time. */
export interface FlowDeploymentTable {
  /** The deployment id (delete-deployment's deploymentIds). */
  id: string;
  tenant_id: string;
  /** `<key>:<version>:<deployment id>`, as Flowable spells it (processDefinitionId). */
  process_definition_id: string;
  model_id: string | null;
  process_key: string;
  name: string;
  category: string;
  version: number;
  resource_name: string;
  xml: string;
  /** 'active' or 'suspended' (change-state): a suspended definition starts no new process. */
  state: string;
  deploy_user: string;
  deploy_time: Time;
  is_deleted: Generated<number>;
}

/** A process instance: the engine's state after its last step, and what the lists show of it. */
export interface FlowInstanceTable {
  id: string;
  tenant_id: string;
  deployment_id: string;
  process_definition_id: string;
  process_key: string;
  process_name: string;
  category: string;
  version: number;
  business_table: string;
  business_id: string;
  start_user_id: string;
  start_user_name: string;
  /** 'running', 'finished' or 'deleted' (follow/delete-process-instance). */
  status: string;
  variables: Json<Record<string, unknown>>;
  /** bpmn-engine's getState() after the last step; resumed from here on the next call. */
  engine_state: Json<unknown>;
  /** Bumped by every step: a step that read an older state is refused (two processes, one instance). */
  row_version: number;
  start_time: Time;
  end_time: NullableTime;
  delete_reason: string;
}

/** A user task waiting in (or done by) an instance: who may take it, who took it, what they said. */
export interface FlowTaskTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  /** The engine's execution id of the waiting activity: completing signals exactly this one. */
  execution_id: string;
  activity_id: string;
  name: string;
  assignee_id: string | null;
  assignee_name: string;
  /** Comma-separated user ids / role aliases, expressions already resolved. */
  candidate_users: string;
  candidate_groups: string;
  /** 'open', 'done' or 'cancelled'. */
  status: string;
  create_time: Time;
  claim_time: NullableTime;
  end_time: NullableTime;
  comment: string;
}

/** Every activity an instance passed through (history-flow-list), in order. */
export interface FlowHistoryTable {
  id: string;
  tenant_id: string;
  instance_id: string;
  execution_id: string;
  activity_id: string;
  activity_name: string;
  activity_type: string;
  assignee_id: string;
  assignee_name: string;
  comment: string;
  start_time: Time;
  end_time: NullableTime;
}

/** The leave request of spec 000 (blade-desk process/leave), the business row of its process. */
export interface ProcessLeaveTable {
  id: string;
  tenant_id: string;
  process_definition_id: string;
  process_instance_id: string;
  start_time: Time;
  end_time: Time;
  reason: string;
  /** The approver's user id. */
  task_user: string;
  task_user_name: string;
  apply_user_id: string;
  apply_user_name: string;
  apply_time: Time;
}

export interface FlowTables {
  flow_model: FlowModelTable;
  flow_deployment: FlowDeploymentTable;
  flow_instance: FlowInstanceTable;
  flow_task: FlowTaskTable;
  flow_history: FlowHistoryTable;
  blade_process_leave: ProcessLeaveTable;
}
