import type { Generated } from 'kysely';
import type { Json, Timestamp } from './column-types';

/** Tables of migration 020-dict-param-admin. */

/** blade_dict: the platform's system dictionaries (root tenant rows only). */
export interface SystemDictTable {
  id: string;
  tenant_id: Generated<string>;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
  remark: Generated<string>;
  is_sealed: Generated<number>;
  is_deleted: Generated<number>;
  row_version: Generated<number>;
  create_time: Generated<Date>;
  update_user: string | null;
  update_time: Date | null;
}

/** One dictionary sync (syndict) with its progress; status running, done or failed. */
export interface DictSyncJobTable {
  id: string;
  tenant_id: string;
  /** The root tenant's parent dictionary ids, comma-separated. */
  dict_ids: string;
  /** The target tenants, comma-separated. */
  target_tenants: string;
  over: number;
  total: number;
  done: Generated<number>;
  current_tenant: Generated<string>;
  status: Generated<string>;
  message: Generated<string>;
  create_user: string;
  create_time: Timestamp;
  update_time: Timestamp;
}

/** A row of a backup's snapshot, as blade_dict_biz holds it. */
export interface DictBackupRow {
  id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  pdf_key: string;
  sort: number;
  remark: string;
  is_sealed: number;
  is_admin: number;
}

export interface DictBizBackupTable {
  id: string;
  tenant_id: string;
  row_count: number;
  snapshot: Json<DictBackupRow[]>;
  create_user: string;
  create_time: Timestamp;
}

export interface DictParamAdminTables {
  blade_dict: SystemDictTable;
  blade_dict_sync_job: DictSyncJobTable;
  blade_dict_biz_backup: DictBizBackupTable;
}
