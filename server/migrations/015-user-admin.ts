import type { Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * blade-user administration (spec 000 Users; users/routes/user-admin.ts): what users need beyond migration 001.
 *
 * - blade_user.post_id: the user's posts (岗位), comma-joined ids like dept_id. Plain text on purpose:
 *   the post table belongs to the organisation migration (016), so no foreign key reaches it.
 * - row_version, update_user, update_user_name, update_time, create_user: an administrator's update
 *   carries the version it read (428 without, 409 with who and when when stale — as archives do).
 * - oauth_id: the social login id a guest registered with (register-guest).
 * - guest_pending: 1 for a self-registered guest that no administrator has granted a role yet; such
 *   an account is disabled (status 0) and has no role until blade-user/grant.
 * - blade_login_log_removed: the login-log rows an administrator removed (loglogin/remove). The login
 *   log is an audit table kept ≥ 180 days (ops/audit-retention.test.ts): removing hides a row from
 *   the lists, it never deletes or rewrites it (as blade_log_web_removed does for the web log).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_user ADD COLUMN post_id text NOT NULL DEFAULT '';
    ALTER TABLE blade_user ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_user ADD COLUMN create_user text;
    ALTER TABLE blade_user ADD COLUMN update_user text;
    ALTER TABLE blade_user ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_user ADD COLUMN update_time timestamptz;
    ALTER TABLE blade_user ADD COLUMN oauth_id text NOT NULL DEFAULT '';
    ALTER TABLE blade_user ADD COLUMN guest_pending integer NOT NULL DEFAULT 0;
    CREATE INDEX blade_user_tenant_live ON blade_user (tenant_id, is_deleted, create_time);
    CREATE TABLE blade_login_log_removed (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      removed_by text NOT NULL,
      removed_time timestamptz NOT NULL
    );
    CREATE INDEX blade_login_log_removed_tenant ON blade_login_log_removed (tenant_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_login_log_removed;
    DROP INDEX blade_user_tenant_live;
    ALTER TABLE blade_user DROP COLUMN guest_pending;
    ALTER TABLE blade_user DROP COLUMN oauth_id;
    ALTER TABLE blade_user DROP COLUMN update_time;
    ALTER TABLE blade_user DROP COLUMN update_user_name;
    ALTER TABLE blade_user DROP COLUMN update_user;
    ALTER TABLE blade_user DROP COLUMN create_user;
    ALTER TABLE blade_user DROP COLUMN row_version;
    ALTER TABLE blade_user DROP COLUMN post_id;
  `,
  );
}
