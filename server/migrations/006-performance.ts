import { type Kysely } from 'kysely';
import { runStatements } from '../db/run-statements';

/**
 * Indexes for the benchmarked paths (bench/README.md, issue 6). The archive list's default order
 * (newest first) already has user_archive_list (tenant_id, is_deleted, create_time DESC, id DESC),
 * which serves the page ids as an index-only scan (listArchives' deferred join) and whose
 * tenant_id also satisfies the row-level-security policy; the total is counted index-only on
 * user_archive_no. This adds the same for the list's other time order (updateTime). The submit
 * path's lookups (request id, archive, form version) all have their keys already; each index
 * added to form_record would be one more write per submit, so none is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE INDEX user_archive_list_updated ON user_archive (tenant_id, is_deleted, update_time DESC, id DESC);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP INDEX IF EXISTS user_archive_list_updated;
  `,
  );
}
