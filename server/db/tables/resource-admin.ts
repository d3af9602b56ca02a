import type { ColumnType } from 'kysely';
import type { Timestamp } from './column-types';

/** A column the INSERT may leave to its default. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** The version, who and when, and the removal mark every table of migration 019 keeps. */
interface StampedColumns {
  row_version: Defaulted<number>;
  create_user: string;
  update_user: string;
  update_user_name: Defaulted<string>;
  update_time: Timestamp;
  is_deleted: Defaulted<number>;
}

/** Tables of migration 019-resource-admin: storage (oss) and SMS configurations, SMS records. */
export interface OssConfigTable extends StampedColumns {
  id: string;
  tenant_id: string;
  /** 1 embedded (database) storage; 2 MinIO, 3 七牛云, 4 阿里云OSS, 5 腾讯云COS, 6 华为云OBS (configuration only). */
  category: number;
  oss_code: string;
  endpoint: Defaulted<string>;
  access_key: Defaulted<string>;
  secret_key: Defaulted<string>;
  bucket_name: Defaulted<string>;
  app_id: Defaulted<string>;
  region: Defaulted<string>;
  remark: Defaulted<string>;
  /** 1 off, 2 on (BladeX): at most one live row per tenant is on. */
  status: Defaulted<number>;
  create_time: Timestamp;
}

export interface SmsConfigTable extends StampedColumns {
  id: string;
  tenant_id: string;
  /** 1 console/test sender (embedded); 2 云片, 3 七牛云, 4 阿里云, 5 腾讯云 (configuration only). */
  category: number;
  sms_code: string;
  template_id: Defaulted<string>;
  /** The console sender's template text with ${name} placeholders (ours: BladeX keeps only template_id). */
  template_content: Defaulted<string>;
  access_key: Defaulted<string>;
  secret_key: Defaulted<string>;
  region_id: Defaulted<string>;
  sign_name: Defaulted<string>;
  remark: Defaulted<string>;
  status: Defaulted<number>;
  create_time: Timestamp;
}

export interface SmsRecordTable extends StampedColumns {
  id: string;
  tenant_id: string;
  sms_id: string;
  sms_code: string;
  category: number;
  template_id: Defaulted<string>;
  phone: string;
  content: string;
  /** The send's params as JSON text. */
  params: Defaulted<string>;
  /** 1 sent, 2 failed. */
  status: number;
  /** What the sender answered (the console sender: 控制台输出). */
  result: Defaulted<string>;
  remark: Defaulted<string>;
  send_time: Timestamp;
  create_user_name: Defaulted<string>;
}

/**
 * The columns migration 019 adds to blade_attach (whose own type, AttachTable, is in platform.ts
 * and stays as it was): resource/repositories/oss-attachments.ts adds them with `db.withTables`.
 */
export interface AttachAdminColumns {
  is_deleted: Defaulted<number>;
  row_version: Defaulted<number>;
  update_user: ColumnType<string | null, string | null | undefined, string | null>;
  update_user_name: Defaulted<string>;
  update_time: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ResourceAdminTables {
  blade_oss: OssConfigTable;
  blade_sms: SmsConfigTable;
  blade_sms_record: SmsRecordTable;
}
