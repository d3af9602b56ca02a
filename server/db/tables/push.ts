import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './column-types';

type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * Table of migration 068-push-outbox: one push of a record (a follow-up record or an archive) to one
 * external system. `state` 0 待上报, 1 上报中, 2 已上报, 3 失败 (retry due), 4 终止, 5 已清除.
 */
export interface PushOutboxTable {
  id: string;
  tenant_id: string;
  /** followup, archive (068); contract, archive_other (077); medication, habits, voucher (pushed on request). */
  source_kind: string;
  source_id: string;
  arch_id: string;
  form_code: Generated<string>;
  system: string;
  state: Generated<number>;
  attempts: Generated<number>;
  last_error: Generated<string>;
  idempotency_key: string;
  content_version: Generated<number>;
  external_id: Generated<string>;
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
  enqueued_time: MaybeTime;
  next_try_time: MaybeTime;
  last_try_time: MaybeTime;
  pushed_time: MaybeTime;
  create_time: Generated<Timestamp>;
  update_time: Generated<Timestamp>;
}

export interface PushTables {
  iph_push_outbox: PushOutboxTable;
}
