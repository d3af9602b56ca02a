import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The workflow (blade-flow, spec 002 §7; issue 21 §2): BPMN models, their deployments, process
 * instances with the bpmn-engine state they stopped in, their user tasks, the history of every
 * activity, and the leave request (spec 000) as the example business table. All per tenant; row-
 * level security comes from installTenantRls at every start, like every tenant_id table.
 * The leave model is seeded with the tenants (seed/flow-seed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE flow_model (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      model_key text NOT NULL,
      name text NOT NULL,
      category text NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1,
      xml text NOT NULL,
      create_user text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL,
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX flow_model_key ON flow_model (tenant_id, model_key) WHERE is_deleted = 0;
    CREATE TABLE flow_deployment (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      process_definition_id text NOT NULL,
      model_id text,
      process_key text NOT NULL,
      name text NOT NULL,
      category text NOT NULL DEFAULT '',
      version integer NOT NULL,
      resource_name text NOT NULL,
      xml text NOT NULL,
      state text NOT NULL DEFAULT 'active',
      deploy_user text NOT NULL DEFAULT '',
      deploy_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX flow_deployment_definition ON flow_deployment (tenant_id, process_definition_id);
    CREATE UNIQUE INDEX flow_deployment_version ON flow_deployment (tenant_id, process_key, version);
    CREATE TABLE flow_instance (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      deployment_id text NOT NULL,
      process_definition_id text NOT NULL,
      process_key text NOT NULL,
      process_name text NOT NULL,
      category text NOT NULL DEFAULT '',
      version integer NOT NULL,
      business_table text NOT NULL DEFAULT '',
      business_id text NOT NULL DEFAULT '',
      start_user_id text NOT NULL,
      start_user_name text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'running',
      variables jsonb NOT NULL DEFAULT '{}'::jsonb,
      engine_state jsonb NOT NULL,
      row_version integer NOT NULL DEFAULT 1,
      start_time timestamptz NOT NULL,
      end_time timestamptz,
      delete_reason text NOT NULL DEFAULT ''
    );
    CREATE INDEX flow_instance_starter ON flow_instance (tenant_id, start_user_id, start_time DESC);
    CREATE INDEX flow_instance_deployment ON flow_instance (tenant_id, deployment_id);
    CREATE TABLE flow_task (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      instance_id text NOT NULL,
      execution_id text NOT NULL,
      activity_id text NOT NULL,
      name text NOT NULL DEFAULT '',
      assignee_id text,
      assignee_name text NOT NULL DEFAULT '',
      candidate_users text NOT NULL DEFAULT '',
      candidate_groups text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'open',
      create_time timestamptz NOT NULL,
      claim_time timestamptz,
      end_time timestamptz,
      comment text NOT NULL DEFAULT ''
    );
    CREATE UNIQUE INDEX flow_task_execution ON flow_task (tenant_id, instance_id, execution_id);
    CREATE INDEX flow_task_open ON flow_task (tenant_id, status, assignee_id);
    CREATE TABLE flow_history (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      instance_id text NOT NULL,
      execution_id text NOT NULL,
      activity_id text NOT NULL,
      activity_name text NOT NULL DEFAULT '',
      activity_type text NOT NULL,
      assignee_id text NOT NULL DEFAULT '',
      assignee_name text NOT NULL DEFAULT '',
      comment text NOT NULL DEFAULT '',
      start_time timestamptz NOT NULL,
      end_time timestamptz
    );
    CREATE INDEX flow_history_instance ON flow_history (tenant_id, instance_id, start_time);
    CREATE TABLE blade_process_leave (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      process_definition_id text NOT NULL,
      process_instance_id text NOT NULL DEFAULT '',
      start_time timestamptz NOT NULL,
      end_time timestamptz NOT NULL,
      reason text NOT NULL,
      task_user text NOT NULL,
      task_user_name text NOT NULL DEFAULT '',
      apply_user_id text NOT NULL,
      apply_user_name text NOT NULL DEFAULT '',
      apply_time timestamptz NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_process_leave;
    DROP TABLE flow_history;
    DROP TABLE flow_task;
    DROP TABLE flow_instance;
    DROP TABLE flow_deployment;
    DROP TABLE flow_model;
  `,
  );
}
