import { sql, type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Resident archives (spec 001 §3 archive record, §4 states, §3 cancel form), the audit of every
 * read that showed an ID number or phone unmasked, and tenant_id on the two tenant-owned tables
 * that lacked it. Status: '1' active, '2' cancelled (spec 001 §4
 * names only 1 = active; the web app's archive screens use the same two codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE user_archive (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      archives_no text NOT NULL,
      archives_status text NOT NULL DEFAULT '1',
      person_name text NOT NULL,
      sex text NOT NULL DEFAULT '',
      birthday text NOT NULL DEFAULT '',
      card_type text NOT NULL DEFAULT '1',
      id_card text NOT NULL,
      avatar text NOT NULL DEFAULT '',
      phone text NOT NULL DEFAULT '',
      contact_name text NOT NULL DEFAULT '',
      contact_phone text NOT NULL DEFAULT '',
      contact_rela_code text NOT NULL DEFAULT '',
      compate_address text NOT NULL DEFAULT '',
      compate_address_number text NOT NULL DEFAULT '',
      home_address text NOT NULL DEFAULT '',
      home_address_number text NOT NULL DEFAULT '',
      region_code text NOT NULL DEFAULT '',
      region_address text NOT NULL DEFAULT '',
      family_id text NOT NULL DEFAULT '',
      contract_id text NOT NULL DEFAULT '',
      main_doctor_id text NOT NULL DEFAULT '',
      doctor_name text NOT NULL DEFAULT '',
      team_id text NOT NULL DEFAULT '',
      team_name text NOT NULL DEFAULT '',
      emp_id text NOT NULL DEFAULT '',
      insurance_code text NOT NULL DEFAULT '',
      card_no text NOT NULL DEFAULT '',
      crowd_labels text NOT NULL DEFAULT '',
      gw_status text NOT NULL DEFAULT '0',
      sh_status text NOT NULL DEFAULT '0',
      off_type text,
      off_reason text,
      dead_flag text,
      dead_date text,
      dead_reason text,
      off_date text,
      off_user text,
      off_user_name text,
      off_tenant text,
      off_tenant_name text,
      logout_type text,
      row_version integer NOT NULL DEFAULT 1,
      is_deleted integer NOT NULL DEFAULT 0,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL,
      update_user text NOT NULL,
      update_time timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX user_archive_no ON user_archive (tenant_id, archives_no) WHERE is_deleted = 0;
    CREATE UNIQUE INDEX user_archive_id_card ON user_archive (tenant_id, id_card) WHERE is_deleted = 0;
    CREATE INDEX user_archive_list ON user_archive (tenant_id, is_deleted, create_time DESC, id DESC);
    CREATE INDEX user_archive_name ON user_archive (tenant_id, person_name);
    CREATE TABLE sensitive_read_audit (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      user_name text NOT NULL DEFAULT '',
      archive_id text NOT NULL,
      field text NOT NULL,
      route text NOT NULL,
      read_time timestamptz NOT NULL
    );
    CREATE INDEX sensitive_read_audit_archive ON sensitive_read_audit (tenant_id, archive_id, read_time);
  `,
  );
  await ownTenantColumns(db);
}

/**
 * Two tenant-owned tables of migration 001 had no tenant_id (a role's menus, a user's linked
 * accounts): they get one, filled from the role or user it belongs to — now, and by a trigger on
 * every insert, so existing inserts need not change. Row-level security then covers them too, and
 * under it the trigger cannot find another tenant's role or user, so such a row cannot be written.
 */
async function ownTenantColumns(db: Kysely<unknown>): Promise<void> {
  for (const [table, parent, key] of [
    ['blade_role_menu', 'blade_role', 'role_id'],
    ['blade_user_link', 'blade_user', 'user_id'],
  ] as const) {
    await runStatements(
      db,
      `
      ALTER TABLE ${table} ADD COLUMN tenant_id text;
      UPDATE ${table} c SET tenant_id = p.tenant_id FROM ${parent} p WHERE p.id = c.${key};
      DELETE FROM ${table} WHERE tenant_id IS NULL;
      ALTER TABLE ${table} ALTER COLUMN tenant_id SET NOT NULL;
      CREATE INDEX ${table}_tenant ON ${table} (tenant_id)
    `,
    );
    await sql
      .raw(
        `
      CREATE FUNCTION ${table}_fill_tenant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.tenant_id IS NULL THEN
          SELECT p.tenant_id INTO NEW.tenant_id FROM ${parent} p WHERE p.id = NEW.${key};
        END IF;
        RETURN NEW;
      END
      $$`,
      )
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_fill_tenant BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_fill_tenant()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['blade_role_menu', 'blade_user_link']) {
    await runStatements(
      db,
      `
      DROP TRIGGER ${table}_fill_tenant ON ${table};
      DROP FUNCTION ${table}_fill_tenant();
      ALTER TABLE ${table} DROP COLUMN tenant_id
    `,
    );
  }
  await runStatements(db, `DROP TABLE sensitive_read_audit; DROP TABLE user_archive;`);
}
