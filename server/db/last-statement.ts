import type { CompiledQuery } from 'kysely';

/**
 * A transaction's last statement, sent with its COMMIT (docs/decisions/0021): on PostgreSQL in one
 * socket write and one round trip (pipelined-scope.ts), on PGlite one call after the other. A
 * submit's transaction is a read, checks in JavaScript, then one writing statement; committing with
 * that statement saves the third round trip.
 *
 * Only for a statement whose every outcome may be committed: once it has run, the transaction is
 * over — a failure of the statement rolls it back (an aborted transaction's COMMIT does), success
 * commits it, and the rollback an exception thrown afterwards asks for finds nothing to undo. A
 * further statement in that transaction is refused. Inside a transaction another flow holds (a
 * PGlite view of it), the mark is ignored and the owner's COMMIT ends it as usual.
 */
const marked = new WeakSet<CompiledQuery>();

export function asLastStatement(query: CompiledQuery): CompiledQuery {
  marked.add(query);
  return query;
}

export const isLastStatement = (query: CompiledQuery): boolean => marked.has(query);

export class StatementAfterCommitError extends Error {
  constructor() {
    super('a statement after the transaction was committed with its last statement (db/last-statement.ts)');
  }
}
