import type { Kysely, Transaction } from 'kysely';
import type { DatabaseKind } from '../db/open';
import type { Database } from '../db/schema';

const queues = new WeakMap<Kysely<Database>, Promise<unknown>>();

/**
 * Runs `work` in a transaction. PGlite is one session and kysely-pglite has no connection pool, so
 * two transactions started at once would interleave their statements inside one BEGIN; on PGlite
 * the transactions of this module therefore run one after another. PostgreSQL gives each its own
 * pooled connection and needs no queue: correctness (one record per client request id, stale row
 * versions) rests on constraints and conditional updates in both cases, not on this queue.
 */
export async function inTransaction<T>(db: Kysely<Database>, kind: DatabaseKind, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (kind !== 'pglite') return db.transaction().execute(work);
  const previous = queues.get(db) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => db.transaction().execute(work));
  queues.set(db, run.catch(() => undefined));
  return run;
}
