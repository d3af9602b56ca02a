import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Roles and menus (full fields), top-menu administration, data scopes and api scopes (issue 21 §2).
 *
 * - blade_role: a role tree per tenant (parent_id), soft delete, row_version (an update without it
 *   is 428, a stale one 409 naming who changed the role and when).
 * - blade_menu, blade_top_menu: platform rows (no tenant_id: every tenant reads the same menus),
 *   soft delete and row_version; only the platform administrator writes them.
 * - blade_scope_data / blade_scope_api: BladeX's data and api scopes, platform rows attached to a
 *   menu. A data scope narrows what a role's lists show (scope_type 1 all, 2 own rows, 3 own
 *   department, 4 own department and below, 5 the departments in scope_value); an api scope is a
 *   path pattern (`/blade-user/**`) that only roles granted it may call.
 * - blade_role_scope: which scopes a role holds (scope_category 1 data, 2 api), per tenant, so
 *   row-level security covers it like blade_role_menu.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_role ADD COLUMN parent_id text NOT NULL DEFAULT '0';
    ALTER TABLE blade_role ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_role ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_role ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_role ADD COLUMN update_time timestamptz;
    ALTER TABLE blade_menu ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_menu ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_menu ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_menu ADD COLUMN update_time timestamptz;
    ALTER TABLE blade_top_menu ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_top_menu ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_top_menu ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_top_menu ADD COLUMN update_time timestamptz;
    CREATE TABLE blade_scope_data (
      id text PRIMARY KEY,
      menu_id text NOT NULL,
      resource_code text NOT NULL DEFAULT '',
      scope_name text NOT NULL,
      scope_column text NOT NULL DEFAULT '',
      scope_type integer NOT NULL,
      scope_value text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz
    );
    CREATE INDEX blade_scope_data_menu ON blade_scope_data (menu_id) WHERE is_deleted = 0;
    CREATE TABLE blade_scope_api (
      id text PRIMARY KEY,
      menu_id text NOT NULL,
      resource_code text NOT NULL DEFAULT '',
      scope_name text NOT NULL,
      scope_path text NOT NULL,
      scope_type integer NOT NULL DEFAULT 1,
      remark text NOT NULL DEFAULT '',
      is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz
    );
    CREATE TABLE blade_role_scope (
      tenant_id text NOT NULL,
      role_id text NOT NULL,
      scope_category integer NOT NULL,
      scope_id text NOT NULL,
      PRIMARY KEY (role_id, scope_category, scope_id)
    );
    CREATE INDEX blade_role_scope_tenant ON blade_role_scope (tenant_id, role_id)
  `,
  );
}
