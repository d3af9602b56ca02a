import type { ColumnType } from 'kysely';

/** Table of migration 007-vouchers. */
export interface FollowupVoucherTable {
  id: string;
  tenant_id: string;
  /** The follow-up record's id (form_record.id). */
  follow_id: string;
  link: string;
  document_url: ColumnType<string, string | undefined, string>;
  original_name: string;
  name: string;
  create_user: string;
  create_user_name: ColumnType<string, string | undefined, string>;
  create_time: ColumnType<Date, Date, Date>;
  update_user: ColumnType<string | null, string | null | undefined, string | null>;
  update_time: ColumnType<Date | null, Date | null | undefined, Date | null>;
  is_deleted: ColumnType<number, number | undefined, number>;
}

export interface VoucherTables {
  user_followup_voucher: FollowupVoucherTable;
}
