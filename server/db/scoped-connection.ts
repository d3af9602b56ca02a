import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import { isLastStatement, StatementAfterCommitError } from './last-statement';
import type { PipelineConnection } from './pg-pipeline-driver';
import { pipelineOf, runWithBegin, runWithCommit } from './pipelined-scope';
import { wantsGenericPlan } from './plan-selection';
import { beginScopedSql, scopeStatement } from './scope-sql';
import { currentSettings, type ScopeSettings } from './tenant-scope';

const BEGIN = CompiledQuery.raw('BEGIN');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');
/** The owner's statements: always the bypass (scope-sql.ts ignores the settings for the owner). */
const OWNER_SETTINGS: ScopeSettings = { tenantId: '', bypass: true };

/**
 * One connection of the scoped driver (scoped-driver.ts): runs each statement outside a transaction
 * as BEGIN + scope, the statement, COMMIT — pipelined into one round trip on PostgreSQL
 * (pipelined-scope.ts), one call after another on PGlite — and inside an explicit transaction as it
 * is, the transaction's BEGIN + scope having been sent (or, pipelined, queued) when it began.
 */
export class ScopedConnection implements DatabaseConnection {
  inTransaction = false;
  /**
   * PostgreSQL: an explicit transaction's BEGIN + scope (its tenant read when the transaction
   * began), not sent yet; it goes in one write with the transaction's first statement.
   */
  pendingBegin: CompiledQuery | undefined;
  /** The explicit transaction ended with its last statement's COMMIT (last-statement.ts): nothing left to commit or roll back. */
  endedEarly = false;
  /** Where BEGIN + scope are pipelined with the statement (pipelined-scope.ts); undefined: sent on their own. */
  readonly pipe: PipelineConnection | undefined;

  constructor(
    readonly inner: DatabaseConnection,
    readonly role: string | null,
    /** ScopeOptions.unscoped. */
    readonly unscoped: string | undefined,
    /** Releases the PGlite session lock with the connection. */
    readonly unlock: (() => void) | undefined,
    /** A view of a connection its flow already holds in a transaction: no BEGIN, no release. */
    readonly borrowed = false,
    /** BEGIN and the scope in one simple-query string (PostgreSQL). */
    readonly combined = false,
  ) {
    this.pipe = combined ? pipelineOf(inner, role) : undefined;
  }

  /** The scope of the flow running now; throws NoTenantScopeError outside any scope (the owner needs none). */
  settings(): ScopeSettings {
    return this.role === null ? OWNER_SETTINGS : currentSettings(this.unscoped);
  }

  /** The scope after a BEGIN already sent. */
  async applyScope(): Promise<void> {
    await this.inner.executeQuery(scopeStatement(this.role, this.settings()));
  }

  /** BEGIN, then the scope: one round trip on PostgreSQL, two calls on PGlite. */
  async beginScoped(): Promise<void> {
    if (this.combined) {
      await this.inner.executeQuery(CompiledQuery.raw(beginScopedSql(this.role, this.settings())));
      return;
    }
    await this.inner.executeQuery(BEGIN);
    await this.applyScope();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.endedEarly) throw new StatementAfterCommitError();
    if (this.inTransaction && !this.borrowed && isLastStatement(query)) return this.runLast<R>(query);
    const pending = this.pendingBegin;
    if (pending && this.pipe) {
      this.pendingBegin = undefined;
      return runWithBegin<R>(this.pipe, pending, query);
    }
    if (this.inTransaction || this.borrowed) return this.inner.executeQuery<R>(query);
    if (this.pipe)
      return runWithCommit<R>(this.pipe, CompiledQuery.raw(beginScopedSql(this.role, this.settings(), wantsGenericPlan(query.sql))), query);
    try {
      await this.beginScoped();
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(COMMIT);
      return result;
    } catch (error) {
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.sendPendingBegin();
    if (this.inTransaction || this.borrowed) {
      yield* this.inner.streamQuery<R>(query, chunkSize);
      return;
    }
    try {
      await this.beginScoped();
      yield* this.inner.streamQuery<R>(query, chunkSize);
      await this.inner.executeQuery(COMMIT);
    } catch (error) {
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw error;
    }
  }

  /** The transaction's last statement and its COMMIT (last-statement.ts). */
  private async runLast<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.pipe) {
      const begin = this.pendingBegin;
      this.pendingBegin = undefined;
      // Whatever the answer, the COMMIT behind the statement ended the transaction (rolled back if it failed).
      this.endedEarly = true;
      return runWithCommit<R>(this.pipe, begin, query);
    }
    // Not pipelined: the transaction's BEGIN + scope went when it began (scoped-driver.ts).
    const result = await this.inner.executeQuery<R>(query);
    await this.inner.executeQuery(COMMIT);
    this.endedEarly = true;
    return result;
  }

  /** True once: the transaction already ended with its last statement (the driver then sends no COMMIT or ROLLBACK). */
  takeEndedEarly(): boolean {
    const ended = this.endedEarly;
    this.endedEarly = false;
    return ended;
  }

  /** Sends a waiting BEGIN + scope on its own (before a stream or a savepoint). */
  async sendPendingBegin(): Promise<void> {
    const pending = this.pendingBegin;
    this.pendingBegin = undefined;
    if (pending) await this.inner.executeQuery(pending);
  }

  /** Forgets a waiting BEGIN + scope; true when there was one (the transaction never began on the server). */
  dropPendingBegin(): boolean {
    const pending = this.pendingBegin !== undefined;
    this.pendingBegin = undefined;
    return pending;
  }
}
