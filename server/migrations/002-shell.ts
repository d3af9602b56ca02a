import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * What the application shell needs: system parameters, stored files (avatars), the web error log,
 * the user's platform accounts, accounts linked across tenants (organisation switch), and when a
 * session was last seen (online count).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE blade_param (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      param_name text NOT NULL,
      param_key text NOT NULL,
      param_value text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX blade_param_key ON blade_param (tenant_id, param_key) WHERE is_deleted = 0;
    CREATE TABLE blade_attach (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      original_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      content bytea NOT NULL,
      create_time timestamptz NOT NULL
    );
    CREATE TABLE blade_log_web (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      type text NOT NULL DEFAULT '',
      message text NOT NULL DEFAULT '',
      stack text NOT NULL DEFAULT '',
      info text NOT NULL DEFAULT '',
      url text NOT NULL DEFAULT '',
      log_time text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_log_web_tenant ON blade_log_web (tenant_id, create_time);
    CREATE TABLE blade_user_link (
      user_id text NOT NULL,
      linked_tenant_id text NOT NULL,
      linked_user_id text NOT NULL,
      PRIMARY KEY (user_id, linked_user_id)
    );
    ALTER TABLE blade_user ADD COLUMN user_type text NOT NULL DEFAULT '';
    ALTER TABLE blade_user ADD COLUMN user_ext text NOT NULL DEFAULT '';
    ALTER TABLE blade_session ADD COLUMN last_seen_at timestamptz;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_session DROP COLUMN last_seen_at;
    ALTER TABLE blade_user DROP COLUMN user_ext;
    ALTER TABLE blade_user DROP COLUMN user_type;
    DROP TABLE blade_user_link; DROP TABLE blade_log_web; DROP TABLE blade_attach; DROP TABLE blade_param;
  `,
  );
}
