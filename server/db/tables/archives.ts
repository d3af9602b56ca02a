import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

/** user_archive (migration 004): spec 001 §3 archive record, snake_case; status '1' active, '2' cancelled. */
export interface UserArchiveTable {
  id: string;
  tenant_id: string;
  archives_no: string;
  archives_status: Generated<string>;
  person_name: string;
  sex: Generated<string>;
  /** YYYY-MM-DD, kept as text so PGlite and pg answer the same string. */
  birthday: Generated<string>;
  card_type: Generated<string>;
  id_card: string;
  avatar: Generated<string>;
  phone: Generated<string>;
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  contact_rela_code: Generated<string>;
  compate_address: Generated<string>;
  compate_address_number: Generated<string>;
  home_address: Generated<string>;
  home_address_number: Generated<string>;
  region_code: Generated<string>;
  region_address: Generated<string>;
  family_id: Generated<string>;
  contract_id: Generated<string>;
  main_doctor_id: Generated<string>;
  doctor_name: Generated<string>;
  team_id: Generated<string>;
  team_name: Generated<string>;
  emp_id: Generated<string>;
  insurance_code: Generated<string>;
  card_no: Generated<string>;
  /** Comma-joined crowd-label codes (hypertension, diabetes, …). */
  crowd_labels: Generated<string>;
  gw_status: Generated<string>;
  sh_status: Generated<string>;
  off_type: string | null;
  off_reason: string | null;
  dead_flag: string | null;
  dead_date: string | null;
  dead_reason: string | null;
  off_date: string | null;
  off_user: string | null;
  off_user_name: string | null;
  off_tenant: string | null;
  off_tenant_name: string | null;
  logout_type: string | null;
  row_version: Generated<number>;
  is_deleted: Generated<number>;
  create_user: string;
  create_time: Timestamp;
  update_user: string;
  update_time: Timestamp;
}

/** One row per unmasked ID number or phone shown to a caller. */
export interface SensitiveReadAuditTable {
  id: string;
  tenant_id: string;
  user_id: string;
  user_name: string;
  archive_id: string;
  /** idCard | phone | contactPhone */
  field: string;
  route: string;
  read_time: Timestamp;
}

/** One change of an archive (migration 012): `changes` maps each changed column to [before, after]. */
export interface UserArchiveHistoryTable {
  id: string;
  tenant_id: string;
  archive_id: string;
  /** create | update | cancel | restore */
  action: string;
  /** The archive's row version after the change. */
  row_version: number;
  changes: ColumnType<ArchiveFieldChanges, unknown, unknown>;
  update_user: string;
  update_user_name: Generated<string>;
  update_time: Timestamp;
}

/** Column name → [value before, value after]; a create has null before. */
export type ArchiveFieldChanges = Record<string, [unknown, unknown]>;

export interface ArchiveTables {
  user_archive: UserArchiveTable;
  sensitive_read_audit: SensitiveReadAuditTable;
  user_archive_history: UserArchiveHistoryTable;
}
