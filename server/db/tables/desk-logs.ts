import type { Timestamp } from './column-types';

/** Tables of migration 013-notices-and-logs. */
export interface NoticeTable {
  id: string;
  tenant_id: string;
  title: string;
  /** The business dictionary `notice` (1 发布通知 … 7 其他). */
  category: number;
  content: string;
  /** 1 draft, 2 released (message-release). */
  status: number;
  release_time: Timestamp | null;
  create_user: string;
  create_user_name: string;
  create_time: Timestamp;
  update_user: string;
  update_time: Timestamp;
  is_deleted: number;
}

/** A user's read state of one notice, and whether they removed it from their own list. */
export interface NoticeReceiptTable {
  tenant_id: string;
  notice_id: string;
  user_id: string;
  read_time: Timestamp | null;
  removed_time: Timestamp | null;
}

export interface ApiLogTable {
  id: string;
  tenant_id: string;
  request_id: string;
  user_id: string;
  account: string;
  method: string;
  request_uri: string;
  status: number;
  duration_ms: number;
  remote_ip: string;
  create_time: Timestamp;
}

export interface ErrorLogTable {
  id: string;
  tenant_id: string;
  request_id: string;
  user_id: string;
  account: string;
  method: string;
  request_uri: string;
  status: number;
  message: string;
  remote_ip: string;
  create_time: Timestamp;
}

/** A web log row an administrator removed: hidden from the list, the row itself kept (audit retention). */
export interface WebLogRemovedTable {
  id: string;
  tenant_id: string;
  removed_by: string;
  removed_time: Timestamp;
}

export interface DeskLogTables {
  blade_notice: NoticeTable;
  blade_notice_receipt: NoticeReceiptTable;
  blade_log_api: ApiLogTable;
  blade_log_error: ErrorLogTable;
  blade_log_web_removed: WebLogRemovedTable;
}
