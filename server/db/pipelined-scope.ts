import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import { isPipelineConnection, type PipelineConnection } from './pg-pipeline-driver';
import { APP_ROLE } from './tenant-rls';

/**
 * Pipelining the scope on PostgreSQL (issue 6, round 2; docs/decisions/0010): the pool's clients
 * are in pg's pipeline mode (pg-pipeline-driver.ts), so a statement outside a transaction goes in
 * one socket write with its BEGIN + scope and its COMMIT — one round trip instead of three — and
 * an explicit transaction's BEGIN + scope waits for its first statement and goes with it.
 *
 * If the scope fails, the transaction it began is aborted: the statement behind it fails too and
 * COMMIT rolls back. The BEGIN + scope string must not fail to *parse* (a parse error would end the
 * string before its BEGIN ran, leaving the statement behind it outside any transaction): it is
 * fixed but for the checked tenant id (scope-sql.ts), and only the app's role or none is pipelined.
 */

const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');

/**
 * The connection to pipeline on, or undefined: a connection in pipeline mode, and a role whose
 * string is known to parse (the app's role or the owner's none; another plain identifier could be
 * a keyword).
 */
export function pipelineOf(inner: DatabaseConnection, role: string | null): PipelineConnection | undefined {
  return (role === null || role === APP_ROLE) && isPipelineConnection(inner) ? inner : undefined;
}

/**
 * A statement and its COMMIT in one write and one round trip, after the BEGIN + scope when they are
 * not sent yet: an autocommitted statement (BEGIN + scope always), or a transaction's last statement
 * (last-statement.ts; BEGIN + scope only if it is also the first). A failed statement aborts the
 * transaction and the COMMIT behind it then rolls back, so the transaction is over either way.
 */
export async function runWithCommit<R>(
  pipe: PipelineConnection,
  beginScoped: CompiledQuery | undefined,
  query: CompiledQuery,
): Promise<QueryResult<R>> {
  const settled = await Promise.allSettled(pipe.pipeline(beginScoped ? [beginScoped, query, COMMIT] : [query, COMMIT]));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) {
    // Make sure nothing stays open (a failed COMMIT: the connection broke, the outcome is the server's).
    await pipe.executeQuery(ROLLBACK).catch(() => undefined);
    throw failed.reason;
  }
  return (settled[beginScoped ? 1 : 0] as PromiseFulfilledResult<QueryResult<unknown>>).value as QueryResult<R>;
}

/** A transaction's first statement, in the same write as the BEGIN + scope that waited for it. */
export async function runWithBegin<R>(pipe: PipelineConnection, beginScoped: CompiledQuery, query: CompiledQuery): Promise<QueryResult<R>> {
  const [begun, result] = await Promise.allSettled(pipe.pipeline([beginScoped, query]));
  if (begun!.status === 'rejected') throw begun!.reason;
  if (result!.status === 'rejected') throw result!.reason;
  return result!.value as QueryResult<R>;
}
