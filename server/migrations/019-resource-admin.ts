import type { Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * blade-resource administration (spec 002 §7; issue 21 §2): object storage configuration,
 * attachments, SMS configuration and the SMS records.
 *
 * - blade_oss: a tenant's storage configurations. category 1 is the embedded storage (files in
 *   blade_attach, in the database); 2–6 are cloud kinds kept as configuration only (no network
 *   here: server/README.md "Storage and SMS"). status 1 off, 2 on (BladeX's values); at most one
 *   live row per tenant is on (partial unique index), none on means the embedded storage.
 * - blade_sms: a tenant's SMS configurations, the same way; category 1 is the console/test sender,
 *   whose template text is template_content (ours: BladeX keeps only the provider's template id).
 * - blade_sms_record: one row per phone of every send-message (and what the sender answered).
 * - blade_attach gains what the attachment screen (attach list/detail/submit/remove) needs: a soft
 *   delete, who changed it and when, and a row version. Existing uploads take the defaults.
 * Every table has tenant_id, so row-level security reaches them at start-up (db/tenant-rls.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE blade_oss (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      category integer NOT NULL,
      oss_code text NOT NULL,
      endpoint text NOT NULL DEFAULT '',
      access_key text NOT NULL DEFAULT '',
      secret_key text NOT NULL DEFAULT '',
      bucket_name text NOT NULL DEFAULT '',
      app_id text NOT NULL DEFAULT '',
      region text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 1,
      row_version integer NOT NULL DEFAULT 1,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX blade_oss_code ON blade_oss (tenant_id, oss_code) WHERE is_deleted = 0;
    CREATE UNIQUE INDEX blade_oss_enabled ON blade_oss (tenant_id) WHERE is_deleted = 0 AND status = 2;
    CREATE TABLE blade_sms (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      category integer NOT NULL,
      sms_code text NOT NULL,
      template_id text NOT NULL DEFAULT '',
      template_content text NOT NULL DEFAULT '',
      access_key text NOT NULL DEFAULT '',
      secret_key text NOT NULL DEFAULT '',
      region_id text NOT NULL DEFAULT '',
      sign_name text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      status integer NOT NULL DEFAULT 1,
      row_version integer NOT NULL DEFAULT 1,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX blade_sms_code ON blade_sms (tenant_id, sms_code) WHERE is_deleted = 0;
    CREATE UNIQUE INDEX blade_sms_enabled ON blade_sms (tenant_id) WHERE is_deleted = 0 AND status = 2;
    CREATE TABLE blade_sms_record (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      sms_id text NOT NULL,
      sms_code text NOT NULL,
      category integer NOT NULL,
      template_id text NOT NULL DEFAULT '',
      phone text NOT NULL,
      content text NOT NULL,
      params text NOT NULL DEFAULT '{}',
      status integer NOT NULL,
      result text NOT NULL DEFAULT '',
      remark text NOT NULL DEFAULT '',
      send_time timestamptz NOT NULL,
      row_version integer NOT NULL DEFAULT 1,
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX blade_sms_record_tenant ON blade_sms_record (tenant_id, is_deleted, send_time);
    ALTER TABLE blade_attach ADD COLUMN is_deleted integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_attach ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_attach ADD COLUMN update_user text;
    ALTER TABLE blade_attach ADD COLUMN update_user_name text NOT NULL DEFAULT '';
    ALTER TABLE blade_attach ADD COLUMN update_time timestamptz;
    CREATE INDEX blade_attach_tenant ON blade_attach (tenant_id, is_deleted, create_time);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_sms_record;
    DROP TABLE blade_sms;
    DROP TABLE blade_oss;
    DROP INDEX blade_attach_tenant;
    ALTER TABLE blade_attach DROP COLUMN is_deleted;
    ALTER TABLE blade_attach DROP COLUMN row_version;
    ALTER TABLE blade_attach DROP COLUMN update_user;
    ALTER TABLE blade_attach DROP COLUMN update_user_name;
    ALTER TABLE blade_attach DROP COLUMN update_time;
  `,
  );
}
