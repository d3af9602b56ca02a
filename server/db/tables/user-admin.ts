import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

/**
 * Migration 015-user-admin: the columns it adds to blade_user (db/schema.ts joins them to UserTable).
 * Every one has a default, so inserts elsewhere (seed, tests) need not name them.
 */
export interface UserAdminColumns {
  /** Posts (岗位), comma-joined ids; the post table is the organisation area's (migration 016). */
  post_id: Generated<string>;
  row_version: Generated<number>;
  create_user: string | null;
  update_user: string | null;
  update_user_name: Generated<string>;
  update_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The social login id a guest registered with. */
  oauth_id: Generated<string>;
  /** 1: a self-registered guest waiting for an administrator's grant (disabled, no role). */
  guest_pending: Generated<number>;
}

/** A login-log row an administrator removed: hidden from the lists, never deleted (audit ≥ 180 days). */
export interface LoginLogRemovedTable {
  id: string;
  tenant_id: string;
  removed_by: string;
  removed_time: Timestamp;
}

export interface UserAdminTables {
  blade_login_log_removed: LoginLogRemovedTable;
}
