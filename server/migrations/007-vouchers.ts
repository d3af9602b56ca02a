import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Follow-up vouchers (spec 001 §3 voucher: id, link, documentUrl, originalName, name; §7
 * userfollowupvoucher): the photos or PDFs a doctor attaches to a saved follow-up. follow_id is the
 * record's id in form_record; link points at the uploaded file (blade_attach, oss routes).
 * Removal is soft (is_deleted) and says who removed it and when (update_user, update_time).
 *
 * Row-level security: like every table with a tenant_id column, this one gets ENABLE + FORCE ROW
 * LEVEL SECURITY and the tenant_isolation policy from installTenantRls (db/tenant-rls.ts), which
 * runs after the migrations at every start and reads the tables from the catalogue — no migration
 * sets it up itself, so the policy text stays in one place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE user_followup_voucher (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      follow_id text NOT NULL,
      link text NOT NULL,
      document_url text NOT NULL DEFAULT '',
      original_name text NOT NULL,
      name text NOT NULL,
      create_user text NOT NULL,
      create_user_name text NOT NULL DEFAULT '',
      create_time timestamptz NOT NULL,
      update_user text,
      update_time timestamptz,
      is_deleted integer NOT NULL DEFAULT 0
    );
    CREATE INDEX user_followup_voucher_follow ON user_followup_voucher (tenant_id, follow_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE user_followup_voucher;
  `,
  );
}
