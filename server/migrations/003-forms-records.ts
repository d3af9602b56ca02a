import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * The form registry (working copy rows of spec 002 §7, immutable published versions) and the
 * generic record store with its history and the answers kept for client request ids.
 * Every table is per tenant: a tenant's forms, versions and records are its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE form (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_code text NOT NULL,
      form_name text NOT NULL,
      version integer NOT NULL DEFAULT 0,
      remark text,
      ext text,
      create_user text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL,
      update_user text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX form_code_unique ON form (tenant_id, form_code) WHERE is_deleted = 0;
    CREATE TABLE form_field (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_id text NOT NULL,
      form_code text NOT NULL,
      field_prop text NOT NULL,
      field_label text NOT NULL,
      field_type integer NOT NULL,
      required integer,
      biz_code text,
      field_url text,
      reg_exp text,
      sort integer NOT NULL DEFAULT 0,
      ext text,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX form_field_prop_unique ON form_field (tenant_id, form_id, field_prop) WHERE is_deleted = 0;
    CREATE TABLE form_field_reckon (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_id text NOT NULL,
      form_code text NOT NULL,
      field_prop text NOT NULL,
      reckon_id text NOT NULL,
      kind text,
      scontent text,
      tcontent text,
      err_msg text,
      note text,
      sort integer NOT NULL DEFAULT 0,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX form_field_reckon_form ON form_field_reckon (tenant_id, form_id);
    CREATE TABLE form_version (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_code text NOT NULL,
      version integer NOT NULL,
      document jsonb NOT NULL,
      content_hash text NOT NULL,
      source text NOT NULL,
      bundle_hash text,
      published_by text NOT NULL DEFAULT '',
      published_by_name text NOT NULL DEFAULT '',
      published_at timestamptz NOT NULL,
      UNIQUE (tenant_id, form_code, version)
    );
    CREATE FUNCTION form_version_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'form_version rows are immutable'; END $$;
    CREATE TRIGGER form_version_no_change BEFORE UPDATE OR DELETE ON form_version FOR EACH ROW EXECUTE FUNCTION form_version_immutable();
    CREATE TABLE form_record (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      form_code text NOT NULL,
      form_version integer NOT NULL,
      arch_id text NOT NULL,
      other_id text,
      "values" jsonb NOT NULL,
      status integer NOT NULL DEFAULT 1,
      acknowledgements jsonb NOT NULL DEFAULT '[]',
      visit_date text,
      next_visit_date text,
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL,
      row_version integer NOT NULL DEFAULT 1,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX form_record_arch ON form_record (tenant_id, arch_id, form_code, visit_date);
    CREATE INDEX form_record_form ON form_record (tenant_id, form_code, update_time);
    CREATE INDEX form_record_next_visit ON form_record (tenant_id, next_visit_date);
    CREATE TABLE form_record_history (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      record_id text NOT NULL,
      action text NOT NULL,
      row_version integer NOT NULL,
      payload jsonb NOT NULL,
      request_uri text NOT NULL DEFAULT '',
      change_source text NOT NULL DEFAULT '',
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL
    );
    CREATE INDEX form_record_history_record ON form_record_history (tenant_id, record_id, update_time);
    CREATE TABLE request_idempotency (
      tenant_id text NOT NULL,
      client_request_id text NOT NULL,
      record_id text,
      answer jsonb,
      create_time timestamptz NOT NULL,
      PRIMARY KEY (tenant_id, client_request_id)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE request_idempotency;
    DROP TABLE form_record_history;
    DROP TABLE form_record;
    DROP TABLE form_version;
    DROP FUNCTION form_version_immutable();
    DROP TABLE form_field_reckon;
    DROP TABLE form_field;
    DROP TABLE form;
  `,
  );
}
