import type { Generated } from 'kysely';
import type { Timestamp } from './column-types';

export interface TenantTable {
  id: string;
  tenant_id: string;
  tenant_name: string;
  region_code: string | null;
  is_root: boolean;
  status: Generated<number>;
  create_time: Generated<Timestamp>;
}

export interface DeptTable {
  id: string;
  tenant_id: string;
  parent_id: string;
  dept_name: string;
  /** Spec 000: category 6 disables the team selector. */
  dept_category: number;
  region_code: string | null;
  sort: number;
}

export interface RoleTable {
  id: string;
  tenant_id: string;
  role_name: string;
  role_alias: string;
  sort: number;
}

export interface TeamTable {
  id: string;
  tenant_id: string;
  dept_id: string;
  name: string;
}

export interface UserTable {
  id: string;
  tenant_id: string;
  account: string;
  password_hash: string;
  name: string;
  real_name: string;
  avatar: string;
  email: string;
  phone: string;
  sex: number;
  /** Comma-joined when the user belongs to several (spec 000 §3). */
  dept_id: string;
  role_id: string;
  team_id: string;
  keep_online_time: number;
  /** Platform login info (profile 'change platform info'): user type and JSON of platform accounts. */
  user_type: Generated<string>;
  user_ext: Generated<string>;
  last_dept_id: string | null;
  last_role_id: string | null;
  last_team_id: string | null;
  failed_count: Generated<number>;
  first_failed_at: Timestamp | null;
  locked_until: Timestamp | null;
  status: Generated<number>;
  is_deleted: Generated<number>;
  create_time: Generated<Timestamp>;
}

export interface MenuTable {
  id: string;
  parent_id: string;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  sort: number;
  /** 1 menu, 2 button. */
  category: number;
  /** 1 in the app, 2 opens a new window (external path). */
  is_open: number;
  remark: string;
}

export interface RoleMenuTable {
  role_id: string;
  menu_id: string;
  /** Migration 004: filled from the role by a trigger when not given. */
  tenant_id: Generated<string>;
}

export interface TopMenuTable {
  id: string;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

export interface TopMenuSettingTable {
  top_menu_id: string;
  menu_id: string;
}

export interface DictBizTable {
  id: string;
  tenant_id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
  remark: string;
  is_sealed: number;
  is_deleted: Generated<number>;
  /** 005-crud: 0 public, 1 tenant may add/modify/delete, 2 tenant may modify option values only. */
  is_admin: Generated<number>;
  pdf_key: Generated<string>;
  create_time: Generated<Date>;
  update_time: Date | null;
  /** 020: +1 on every update; an update carries the version it read (issue 22 §6). */
  row_version: Generated<number>;
  update_user: string | null;
}

export interface LoginLogTable {
  id: string;
  tenant_id: string;
  account: string;
  user_id: string | null;
  ip: string;
  user_agent: string;
  /** success | failure | locked | rejected */
  result: string;
  message: string;
  create_time: Timestamp;
}

export interface SessionTable {
  id: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  role_id: string;
  team_id: string;
  /** Rotated at every refresh; a reused refresh token no longer matches. */
  refresh_jti: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  create_time: Timestamp;
  /** Touched at most once a minute by the auth guard; the online count reads it. */
  last_seen_at: Timestamp | null;
}

export interface ParamTable {
  id: string;
  tenant_id: string;
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string;
  is_deleted: Generated<number>;
  create_time: Generated<Date>;
  update_time: Date | null;
  /** 020: +1 on every update; an update carries the version it read (issue 22 §6). */
  row_version: Generated<number>;
  update_user: string | null;
}

export interface AttachTable {
  id: string;
  tenant_id: string;
  user_id: string;
  original_name: string;
  content_type: string;
  size: number;
  content: Uint8Array;
  create_time: Timestamp;
}

export interface WebLogTable {
  id: string;
  tenant_id: string;
  user_id: string;
  type: string;
  message: string;
  stack: string;
  info: string;
  url: string;
  log_time: string;
  create_time: Timestamp;
}

/** The same person's account in another tenant, for the organisation switch. */
export interface UserLinkTable {
  user_id: string;
  linked_tenant_id: string;
  linked_user_id: string;
  /** The tenant of user_id (migration 004: filled from the user by a trigger when not given). */
  tenant_id: Generated<string>;
}

export interface SecretTable {
  name: string;
  value: string;
}
