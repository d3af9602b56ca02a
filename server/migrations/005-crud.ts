import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Generic CRUD screens (spec 002 §2, §3): the dictionary columns the management screens edit
 * (isAdmin of the tenant variant, the report option value pdfKey, creation time for the date-range
 * search), the creation time of system parameters, and the per-user column customisation that
 * colcustom listCols / saveBatch read and write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE blade_dict_biz ADD COLUMN is_admin integer NOT NULL DEFAULT 0;
    ALTER TABLE blade_dict_biz ADD COLUMN pdf_key text NOT NULL DEFAULT '';
    -- Entries stored before this column existed get their name as the report option value, which
    -- the dictionary screen requires on edit.
    UPDATE blade_dict_biz SET pdf_key = dict_value WHERE parent_id <> '0';
    ALTER TABLE blade_dict_biz ADD COLUMN create_time timestamptz NOT NULL DEFAULT now();
    ALTER TABLE blade_dict_biz ADD COLUMN update_time timestamptz;
    CREATE INDEX blade_dict_biz_parent ON blade_dict_biz (tenant_id, parent_id);
    ALTER TABLE blade_param ADD COLUMN create_time timestamptz NOT NULL DEFAULT now();
    ALTER TABLE blade_param ADD COLUMN update_time timestamptz;
    CREATE TABLE blade_col_custom (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      user_id text NOT NULL,
      menu_code text NOT NULL,
      ref_code text NOT NULL,
      prop text NOT NULL,
      filters integer NOT NULL DEFAULT 0,
      fixed text NOT NULL DEFAULT '',
      hide integer NOT NULL DEFAULT 0,
      screen integer NOT NULL DEFAULT 0,
      sortable integer NOT NULL DEFAULT 0,
      width integer,
      min_width integer,
      max_width integer,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX blade_col_custom_key ON blade_col_custom (tenant_id, user_id, menu_code, ref_code, prop);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_col_custom;
    ALTER TABLE blade_param DROP COLUMN update_time;
    ALTER TABLE blade_param DROP COLUMN create_time;
    DROP INDEX blade_dict_biz_parent;
    ALTER TABLE blade_dict_biz DROP COLUMN update_time;
    ALTER TABLE blade_dict_biz DROP COLUMN create_time;
    ALTER TABLE blade_dict_biz DROP COLUMN pdf_key;
    ALTER TABLE blade_dict_biz DROP COLUMN is_admin;
  `,
  );
}
