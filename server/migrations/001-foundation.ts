import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/** Tenants, organisation, users, menus, dictionaries, login log, sessions and the server's own secrets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE blade_tenant (
      id text PRIMARY KEY,
      tenant_id text NOT NULL UNIQUE,
      tenant_name text NOT NULL,
      region_code text,
      is_root boolean NOT NULL DEFAULT false,
      status integer NOT NULL DEFAULT 1,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE blade_dept (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      parent_id text NOT NULL DEFAULT '0',
      dept_name text NOT NULL,
      dept_category integer NOT NULL DEFAULT 1,
      region_code text,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE INDEX blade_dept_tenant ON blade_dept (tenant_id);
    CREATE TABLE blade_role (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      role_name text NOT NULL,
      role_alias text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE INDEX blade_role_tenant ON blade_role (tenant_id);
    CREATE TABLE blade_team (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      dept_id text NOT NULL,
      name text NOT NULL
    );
    CREATE INDEX blade_team_tenant ON blade_team (tenant_id);
    CREATE TABLE blade_user (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      account text NOT NULL,
      password_hash text NOT NULL,
      name text NOT NULL DEFAULT '',
      real_name text NOT NULL DEFAULT '',
      avatar text NOT NULL DEFAULT '',
      email text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      sex integer NOT NULL DEFAULT 0,
      dept_id text NOT NULL DEFAULT '',
      role_id text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      keep_online_time integer NOT NULL DEFAULT 20,
      last_dept_id text,
      last_role_id text,
      last_team_id text,
      failed_count integer NOT NULL DEFAULT 0,
      first_failed_at timestamptz,
      locked_until timestamptz,
      status integer NOT NULL DEFAULT 1,
      is_deleted integer NOT NULL DEFAULT 0,
      create_time timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX blade_user_account ON blade_user (tenant_id, account) WHERE is_deleted = 0;
    CREATE TABLE blade_menu (
      id text PRIMARY KEY,
      parent_id text NOT NULL DEFAULT '0',
      code text NOT NULL,
      name text NOT NULL,
      alias text NOT NULL DEFAULT '',
      path text NOT NULL DEFAULT '',
      source text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      category integer NOT NULL DEFAULT 1,
      is_open integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT ''
    );
    CREATE TABLE blade_role_menu (
      role_id text NOT NULL,
      menu_id text NOT NULL,
      PRIMARY KEY (role_id, menu_id)
    );
    CREATE TABLE blade_top_menu (
      id text PRIMARY KEY,
      code text NOT NULL,
      name text NOT NULL,
      source text NOT NULL DEFAULT '',
      path text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE blade_top_menu_setting (
      top_menu_id text NOT NULL,
      menu_id text NOT NULL,
      PRIMARY KEY (top_menu_id, menu_id)
    );
    CREATE TABLE blade_dict_biz (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      parent_id text NOT NULL DEFAULT '0',
      code text NOT NULL,
      dict_key text NOT NULL DEFAULT '',
      dict_value text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      is_sealed integer NOT NULL DEFAULT 0,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX blade_dict_biz_code ON blade_dict_biz (tenant_id, code);
    CREATE TABLE blade_login_log (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      account text NOT NULL,
      user_id text,
      ip text NOT NULL,
      user_agent text NOT NULL DEFAULT '',
      result text NOT NULL,
      message text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_login_log_account ON blade_login_log (tenant_id, account, create_time);
    CREATE TABLE blade_session (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      dept_id text NOT NULL DEFAULT '',
      role_id text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      refresh_jti text NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      create_time timestamptz NOT NULL
    );
    CREATE TABLE app_secret (
      name text PRIMARY KEY,
      value text NOT NULL
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE app_secret; DROP TABLE blade_session; DROP TABLE blade_login_log; DROP TABLE blade_dict_biz;
    DROP TABLE blade_top_menu_setting; DROP TABLE blade_top_menu; DROP TABLE blade_role_menu; DROP TABLE blade_menu;
    DROP TABLE blade_user; DROP TABLE blade_team; DROP TABLE blade_role; DROP TABLE blade_dept; DROP TABLE blade_tenant;
  `,
  );
}
