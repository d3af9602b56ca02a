import type { ColumnType, Generated } from 'kysely';
import type { Json, OptionalJson, Timestamp } from './column-types';

/** The working copy of one form in one tenant (spec 002 §7 form); publishing freezes it into form_version. */
export interface FormTable {
  id: string;
  tenant_id: string;
  form_code: string;
  form_name: string;
  /** The latest published version, 0 before the first publish. */
  version: number;
  remark: string | null;
  /** JSON text of what the spec's row lacks (sources, sections, $schema): see src/engine/document/wire.ts. */
  ext: string | null;
  create_user: string;
  create_time: Timestamp;
  update_user: string;
  update_time: Timestamp;
  is_deleted: Generated<number>;
  /** Who changed the working copy last, by name (migration 008). */
  update_user_name: Generated<string>;
  /** The working copy's version: +1 on every change of its content (migration 008). */
  row_version: Generated<number>;
  /** The analysts' rule cases (cases-file format), kept with the working copy. */
  cases: OptionalJson<unknown>;
  /** The business dictionaries the form carries (a DictsFile's `dictionaries` map; migration 022). */
  dictionaries: OptionalJson<unknown>;
}

export interface FormFieldTable {
  id: string;
  tenant_id: string;
  form_id: string;
  form_code: string;
  field_prop: string;
  field_label: string;
  field_type: number;
  required: number | null;
  biz_code: string | null;
  field_url: string | null;
  reg_exp: string | null;
  sort: number;
  ext: string | null;
  is_deleted: Generated<number>;
}

export interface FormFieldReckonTable {
  id: string;
  tenant_id: string;
  form_id: string;
  form_code: string;
  field_prop: string;
  reckon_id: string;
  kind: string | null;
  scontent: string | null;
  tcontent: string | null;
  err_msg: string | null;
  note: string | null;
  sort: number;
  is_deleted: Generated<number>;
}

/** One published version: never updated or deleted once written. */
export interface FormVersionTable {
  id: string;
  tenant_id: string;
  form_code: string;
  version: number;
  document: Json<unknown>;
  /** sha256 of the canonical JSON of the document without its version number. */
  content_hash: string;
  /** 'bundled' (imported from schemas/ + rules/ at start), 'publish' (an administrator) or 'rollback' (an older version published again). */
  source: string;
  /** For bundled versions: the hash of the files imported, so a restart never imports them twice. */
  bundle_hash: string | null;
  published_by: string;
  published_by_name: string;
  published_at: Timestamp;
  /** The publisher's change note (≤ 500 characters), or null. */
  note: ColumnType<string | null, string | null | undefined, never>;
  /** The working copy's cases, copied at publish. */
  cases: OptionalJson<unknown>;
  /** The working copy's dictionaries, copied at publish (migration 022). */
  dictionaries: OptionalJson<unknown>;
}

/** One filled form: the generic store every schema-driven form (follow-ups first) saves into. */
export interface FormRecordTable {
  id: string;
  tenant_id: string;
  form_code: string;
  form_version: number;
  arch_id: string;
  other_id: string | null;
  values: Json<Record<string, unknown>>;
  /** 1 saved, 2 closed off (结案); see services/record-status.ts. */
  status: number;
  acknowledgements: Json<unknown[]>;
  /** Denormalised from values for the follow-up lists (yyyy-MM-dd or null). */
  visit_date: string | null;
  next_visit_date: string | null;
  create_user: string;
  create_user_name: string;
  create_time: Timestamp;
  update_user: string;
  update_user_name: string;
  update_time: Timestamp;
  row_version: number;
  is_deleted: Generated<number>;
}

export interface FormRecordHistoryTable {
  id: string;
  tenant_id: string;
  record_id: string;
  /** create | update | remove | close | restore */
  action: string;
  row_version: number;
  payload: Json<unknown>;
  request_uri: string;
  change_source: string;
  update_user: string;
  update_user_name: string;
  update_time: Timestamp;
}

/** The answer given to a client request id: a retried submit gets it again instead of a second record. */
export interface RequestIdempotencyTable {
  tenant_id: string;
  client_request_id: string;
  record_id: string | null;
  answer: Json<unknown> | null;
  /** SHA-256 of the submitted content (migration 011); null on older rows. */
  payload_hash: string | null;
  create_time: Timestamp;
}

export interface FormTables {
  form: FormTable;
  form_field: FormFieldTable;
  form_field_reckon: FormFieldReckonTable;
  form_version: FormVersionTable;
  form_record: FormRecordTable;
  form_record_history: FormRecordHistoryTable;
  request_idempotency: RequestIdempotencyTable;
}
