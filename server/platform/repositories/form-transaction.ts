import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Runs `work` in one transaction, scoped like every statement of `db` (db/scoped-driver.ts). On
 * PGlite, which is one session, the driver's session lock (db/pglite-session-lock.ts) holds the
 * connection from BEGIN to COMMIT, so concurrent transactions run one after another with no queue
 * of their own; PostgreSQL gives each its own pooled connection. Correctness (one record per client
 * request id, stale row versions) rests on constraints and conditional updates in both cases, not
 * on the lock.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
