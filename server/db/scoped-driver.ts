import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryCompiler, type TransactionSettings } from 'kysely';
import type { SessionLock } from './pglite-session-lock';
import { beginScopedSql } from './scope-sql';
import { ScopedConnection } from './scoped-connection';
import { currentSettings } from './tenant-scope';

/**
 * Wraps a kysely dialect so every statement runs in a transaction that first puts it in the
 * caller's tenant scope (db/tenant-rls.ts): an autocommitted statement gets BEGIN + scope before it
 * and COMMIT after it, an explicit transaction the BEGIN + scope once. This file only composes the
 * pieces, one job each:
 *
 * - whose scope: tenant-scope.ts (AsyncLocalStorage; deny by default — no scope, no statement);
 * - a statement's BEGIN + scope and COMMIT around it: scoped-connection.ts;
 * - the SQL that sets it: scope-sql.ts;
 * - PostgreSQL's one-round-trip BEGIN + scope + statement (+ COMMIT): pipelined-scope.ts;
 * - PGlite's one session, one flow at a time: pglite-session-lock.ts;
 * - which statements run with a generic plan: plan-selection.ts.
 *
 * Why per statement and not one transaction per request: a request-long transaction would hold a
 * pooled connection through validation and rendering, a caught failed statement would poison the
 * rest of the request, and autocommit semantics (what the routes were written for) would change.
 * Work that must be atomic opens its own transaction (platform/repositories/form-transaction.ts).
 */
export interface ScopeOptions {
  /**
   * The role statements run as: APP_ROLE for the app; null for the owner connection, whose
   * statements (migrations and the row-level security set-up) always run with the bypass on — a
   * non-superuser owner is subject to FORCE — and need no scope: the owner connection is system
   * work by construction, and never reaches a route (AppDeps has only the app's `db`).
   */
  role: string | null;
  /**
   * PGlite: the session's lock, shared by every dialect on it. Absent on PostgreSQL (pooled
   * connections), where its absence also selects the one-round-trip BEGIN + scope (PGlite's query
   * path takes one statement per call).
   */
  sessionLock?: SessionLock<ScopedConnection>;
  /**
   * Only for the view db/open.ts `unscopedAs(name)` makes for test-support: a statement outside any
   * scope runs as this named system work instead of failing. The app's `db` never has it.
   */
  unscoped?: string;
}

/** Wraps `inner` (see above). */
export function scopedDialect(inner: Dialect, options: ScopeOptions): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ScopedDriver(inner.createDriver(), options),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

class ScopedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly options: ScopeOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const { sessionLock, role, unscoped } = this.options;
    // Deny by default: a statement outside any scope fails before it takes a connection.
    if (role !== null) currentSettings(unscoped);
    const held = sessionLock?.heldByThisFlow();
    if (held?.inTransaction) return new ScopedConnection(held.inner, held.role, unscoped, undefined, true);
    const unlock = sessionLock ? await sessionLock.acquire() : undefined;
    try {
      return new ScopedConnection(await this.inner.acquireConnection(), role, unscoped, unlock, false, !sessionLock);
    } catch (error) {
      unlock?.();
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ScopedConnection;
    if (c.borrowed) throw new Error('PGlite: a transaction cannot start inside another one on the same session');
    if (c.combined && !settings.isolationLevel && !settings.accessMode) {
      if (c.pipe) c.pendingBegin = CompiledQuery.raw(beginScopedSql(c.role, c.settings()));
      else await c.beginScoped();
    } else {
      await this.inner.beginTransaction(c.inner, settings);
      await c.applyScope();
    }
    c.inTransaction = true;
    this.options.sessionLock?.hold(c);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    this.endTransaction(c);
    // Committed with its last statement (last-statement.ts), or never begun on the server (no statement ran).
    if (c.takeEndedEarly() || c.dropPendingBegin()) return;
    await this.inner.commitTransaction(c.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    this.endTransaction(c);
    // After the last statement's COMMIT there is nothing to roll back: such a statement may be committed whatever follows.
    if (c.takeEndedEarly() || c.dropPendingBegin()) return;
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    const c = connection as ScopedConnection;
    // A savepoint before the transaction's first statement: its BEGIN + scope go first.
    await c.sendPendingBegin();
    await this.inner.savepoint?.(c.inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint?.((connection as ScopedConnection).inner, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint?.((connection as ScopedConnection).inner, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    if (c.borrowed) return;
    try {
      await this.inner.releaseConnection(c.inner);
    } finally {
      c.unlock?.();
    }
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  private endTransaction(c: ScopedConnection): void {
    c.inTransaction = false;
    this.options.sessionLock?.letGo(c);
  }
}
