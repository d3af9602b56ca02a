import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Notices (blade-desk/notice) and the administrators' log viewers (blade-log api, error, web).
 *
 * - blade_notice: a tenant's notices; status 1 draft, 2 released (message-release). Soft-deleted.
 * - blade_notice_receipt: one row per notice and user once the user has read it or removed it from
 *   their own list (removeByMe); a released notice without a row is unread.
 * - blade_log_api: one row per write call (method, URL, who, status, duration) — logs/routes/request-logs.ts.
 * - blade_log_error: one row per 5xx answer (request id, method, URL, message; never a stack).
 * - blade_log_web_removed: the web log rows an administrator removed (web/remove). The web log is
 *   an audit table kept ≥ 180 days (ops/audit-retention.test.ts): removing hides a row from the
 *   list, it never deletes or rewrites it.
 * Every table has tenant_id, so row-level security reaches them at start-up (db/tenant-rls.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE blade_notice (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      title text NOT NULL,
      category integer NOT NULL DEFAULT 1,
      content text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 1,
      release_time timestamptz,
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX blade_notice_tenant ON blade_notice (tenant_id, is_deleted, create_time);
    CREATE TABLE blade_notice_receipt (
      tenant_id text NOT NULL,
      notice_id text NOT NULL,
      user_id text NOT NULL,
      read_time timestamptz,
      removed_time timestamptz,
      PRIMARY KEY (notice_id, user_id)
    );
    CREATE INDEX blade_notice_receipt_user ON blade_notice_receipt (tenant_id, user_id);
    CREATE TABLE blade_log_api (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      request_id text NOT NULL,
      user_id text NOT NULL,
      account text NOT NULL,
      method text NOT NULL,
      request_uri text NOT NULL,
      status integer NOT NULL,
      duration_ms integer NOT NULL,
      remote_ip text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_log_api_tenant ON blade_log_api (tenant_id, create_time);
    CREATE TABLE blade_log_error (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      request_id text NOT NULL,
      user_id text NOT NULL DEFAULT '',
      account text NOT NULL DEFAULT '',
      method text NOT NULL,
      request_uri text NOT NULL,
      status integer NOT NULL,
      message text NOT NULL DEFAULT '',
      remote_ip text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_log_error_tenant ON blade_log_error (tenant_id, create_time);
    CREATE TABLE blade_log_web_removed (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      removed_by text NOT NULL,
      removed_time timestamptz NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_log_web_removed; DROP TABLE blade_log_error; DROP TABLE blade_log_api;
    DROP TABLE blade_notice_receipt; DROP TABLE blade_notice;
  `,
  );
}
