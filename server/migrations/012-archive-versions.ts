import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * user_archive_history: one row per archive create, update, cancel and restore — who, when, and
 * which fields changed from what to what (issue 22 §6), the way form_record_history keeps the
 * follow-up records'. user_archive.row_version already exists (004); updates now must carry it.
 * The table has tenant_id, so row-level security reaches it at start-up (db/tenant-rls.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE user_archive_history (
      id text PRIMARY KEY,
      tenant_id text NOT NULL,
      archive_id text NOT NULL,
      action text NOT NULL,
      row_version integer NOT NULL,
      changes jsonb NOT NULL,
      update_user text NOT NULL,
      update_user_name text NOT NULL DEFAULT '',
      update_time timestamptz NOT NULL
    );
    CREATE INDEX user_archive_history_archive ON user_archive_history (tenant_id, archive_id, update_time);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TABLE user_archive_history;
  `,
  );
}
