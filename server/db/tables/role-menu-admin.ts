import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

// Migration 017 adds columns to three tables of migration 001 whose row types live in
// platform.ts; they are added here by module augmentation, so this area's columns stay in its file.
declare module './platform' {
  interface RoleTable {
    parent_id: Generated<string>;
    is_deleted: Generated<number>;
    row_version: Generated<number>;
    update_user_name: Generated<string>;
    update_time: Timestamp | null;
  }
  interface MenuTable {
    is_deleted: Generated<number>;
    row_version: Generated<number>;
    update_user_name: Generated<string>;
    update_time: Timestamp | null;
  }
  interface TopMenuTable {
    is_deleted: Generated<number>;
    row_version: Generated<number>;
    update_user_name: Generated<string>;
    update_time: Timestamp | null;
  }
}

/** A data scope (platform row, attached to a menu): 1 all, 2 own rows, 3 own department, 4 own department and below, 5 listed departments. */
export interface ScopeDataTable {
  id: string;
  menu_id: string;
  resource_code: Generated<string>;
  scope_name: string;
  scope_column: Generated<string>;
  scope_type: number;
  scope_value: Generated<string>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  update_user_name: Generated<string>;
  update_time: Timestamp | null;
}

/** An api scope (platform row, attached to a menu): a path pattern only the roles granted it may call. */
export interface ScopeApiTable {
  id: string;
  menu_id: string;
  resource_code: Generated<string>;
  scope_name: string;
  scope_path: string;
  scope_type: Generated<number>;
  remark: Generated<string>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  update_user_name: Generated<string>;
  update_time: Timestamp | null;
}

/** The scopes granted to a role: category 1 data, 2 api. */
export interface RoleScopeTable {
  tenant_id: string;
  role_id: string;
  scope_category: number;
  scope_id: string;
}

export interface RoleMenuAdminTables {
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_role_scope: RoleScopeTable;
}
