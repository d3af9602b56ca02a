import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * System dictionaries, dictionary sync with its progress, dictionary backups; row versions of
 * dictionaries and parameters (issue 21 §2, 22 §6, 17).
 *
 * - blade_dict: the platform's system dictionaries (blade-system/dict). Rows belong to the root
 *   tenant 000000 only; every tenant reads them (db/tenant-rls.ts PLATFORM_DEFAULT_TABLES), only the
 *   platform administrator writes. Same columns as blade_dict_biz.
 * - row_version / update_user on blade_dict, blade_dict_biz and blade_param: an update carries the
 *   version it read (428 without, 409 when stale, naming who changed the row and when).
 * - blade_dict_sync_job: one row per syndict call, in the root tenant. Progress lives here, not in
 *   a process's memory, so syndict-progress answers the same on every server process.
 * - blade_dict_biz_backup: a snapshot (JSON) of one tenant's own business dictionary rows.
 * - Issue 17: reason_cancellation (reasons for cancelling an archive) becomes the clinic's own
 *   (is_admin 1: a tenant may add, modify and delete its entries); sex, card type and the other
 *   national or platform codes stay 公共 (0). The seed writes the same for a new database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE blade_dict (
      id text PRIMARY KEY,
      tenant_id text NOT NULL DEFAULT '000000',
      parent_id text NOT NULL DEFAULT '0',
      code text NOT NULL,
      dict_key text NOT NULL DEFAULT '',
      dict_value text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark text NOT NULL DEFAULT '',
      is_sealed integer NOT NULL DEFAULT 0,
      is_deleted integer NOT NULL DEFAULT 0,
      row_version integer NOT NULL DEFAULT 1,
      create_time timestamptz NOT NULL DEFAULT now(),
      update_user text,
      update_time timestamptz
    );
    CREATE INDEX blade_dict_code ON blade_dict (tenant_id, code);
    CREATE INDEX blade_dict_parent ON blade_dict (tenant_id, parent_id);
    ALTER TABLE blade_dict_biz ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_dict_biz ADD COLUMN update_user text;
    ALTER TABLE blade_param ADD COLUMN row_version integer NOT NULL DEFAULT 1;
    ALTER TABLE blade_param ADD COLUMN update_user text;
    CREATE TABLE blade_dict_sync_job (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      dict_ids text NOT NULL,
      target_tenants text NOT NULL,
      over integer NOT NULL DEFAULT 0,
      total integer NOT NULL,
      done integer NOT NULL DEFAULT 0,
      current_tenant text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'running',
      message text NOT NULL DEFAULT '',
      create_user text NOT NULL,
      create_time timestamptz NOT NULL,
      update_time timestamptz NOT NULL
    );
    CREATE INDEX blade_dict_sync_job_tenant ON blade_dict_sync_job (tenant_id, create_time);
    CREATE TABLE blade_dict_biz_backup (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      row_count integer NOT NULL,
      snapshot jsonb NOT NULL,
      create_user text NOT NULL,
      create_time timestamptz NOT NULL
    );
    CREATE INDEX blade_dict_biz_backup_tenant ON blade_dict_biz_backup (tenant_id, create_time);
    UPDATE blade_dict_biz SET is_admin = 1 WHERE tenant_id = '000000' AND parent_id = '0' AND code = 'reason_cancellation';
    INSERT INTO blade_dict (id, parent_id, code, dict_key, dict_value, sort, is_sealed) VALUES
      ('8000', '0', 'sex', '-1', '性别', 1, 1),
      ('8001', '8000', 'sex', '1', '男', 1, 0),
      ('8002', '8000', 'sex', '2', '女', 2, 0),
      ('8003', '8000', 'sex', '0', '未知的性别', 3, 0),
      ('8004', '8000', 'sex', '9', '未说明的性别', 4, 0),
      ('8010', '0', 'yes_no', '-1', '是否', 2, 1),
      ('8011', '8010', 'yes_no', '0', '否', 1, 0),
      ('8012', '8010', 'yes_no', '1', '是', 2, 0)
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE blade_dict_biz_backup;
    DROP TABLE blade_dict_sync_job;
    ALTER TABLE blade_param DROP COLUMN update_user;
    ALTER TABLE blade_param DROP COLUMN row_version;
    ALTER TABLE blade_dict_biz DROP COLUMN update_user;
    ALTER TABLE blade_dict_biz DROP COLUMN row_version;
    DROP TABLE blade_dict
    `,
  );
}
