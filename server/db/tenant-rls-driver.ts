import { CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryCompiler, type QueryResult, type TransactionSettings } from 'kysely';
import { isNamedStatement, isPipelineConnection } from './pg-pipeline-driver';
import { APP_ROLE } from './tenant-rls';
import { currentHolder, currentSettings } from './tenant-scope';

/**
 * Wraps a kysely dialect so every statement runs as the unprivileged app role with the caller's
 * tenant set for that transaction only:
 *
 *   BEGIN; select set_config('role', 'phw_app', true), set_config('app.tenant_id', $tenant, true),
 *   set_config('app.bypass_rls', 'on'|'off', true); <statement>; COMMIT
 *
 * An explicit kysely transaction does the set_config once after its BEGIN. Settings are local to
 * the transaction (is_local = true), so a pooled connection never carries one caller's tenant into
 * the next caller's statement, and the role switch also ends with the transaction: migrations on
 * the same pool still run as the owner.
 *
 * On PostgreSQL the BEGIN and the scope go in one round trip: one simple-query string
 * `BEGIN; SET LOCAL ROLE phw_app; SET LOCAL app.tenant_id = '<id>'; …` (the simple
 * protocol takes several statements but no bound parameters, so the tenant id is a literal that
 * must pass TENANT_ID_PATTERN, and the role a plain identifier; anything else throws before SQL is
 * sent). PGlite runs in-process, where a round trip costs next to nothing: it keeps the
 * parameterised set_config.
 *
 * Why per statement and not one transaction per request: a request-long transaction would hold a
 * pooled connection through validation and rendering, a caught failed statement would poison the
 * rest of the request, and autocommit semantics (what the existing routes were written for) would
 * change. On PostgreSQL the price is small: the pool's clients are in pg's pipeline mode
 * (pg-pipeline-driver.ts), so a statement outside a transaction goes as one write with its BEGIN +
 * scope and its COMMIT — one round trip — and an explicit transaction's BEGIN + scope waits for its
 * first statement and goes with it. If the scope fails, the transaction it began is aborted: the
 * statement behind it fails too and COMMIT rolls back (the string cannot fail to parse, which would
 * let the statement run outside any transaction: it is fixed but for the checked tenant id, and
 * only the app's role or none is pipelined). PGlite takes the unpipelined path: BEGIN, scope, statement, COMMIT as separate calls.
 *
 * PGlite is one session and kysely-pglite has no pool, so statements of concurrent requests would
 * interleave inside each other's BEGIN … COMMIT: with a `mutex`, a connection is held by one flow
 * at a time. A flow that queries `db` inside its own open transaction (instead of the transaction
 * object) gets that transaction's connection rather than waiting for itself.
 */
export interface ScopeOptions {
  /**
   * The role statements run as: APP_ROLE for the app; null for the owner connection, whose
   * statements (migrations' data changes) always run with the bypass on, so a non-superuser owner
   * — subject to FORCE — still sees every row.
   */
  role: string | null;
  /**
   * Shared by every dialect on one PGlite session; absent on PostgreSQL (pooled connections), where
   * its absence also selects the one-round-trip BEGIN + scope (PGlite's query path takes one
   * statement per call).
   */
  mutex?: Mutex;
}

/** Wraps `inner` (see above); the app's role is APP_ROLE from tenant-rls.ts. */
export function scopedDialect(inner: Dialect, options: ScopeOptions): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ScopedDriver(inner.createDriver(), options),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

const BEGIN = CompiledQuery.raw('BEGIN');
const COMMIT = CompiledQuery.raw('COMMIT');
const ROLLBACK = CompiledQuery.raw('ROLLBACK');

/** What a tenant id may be to be written into SQL as a literal (the seeded and created ids are 6 digits). */
export const TENANT_ID_PATTERN = /^[0-9A-Za-z_-]{1,64}$/;
const ROLE_PATTERN = /^[a-z_][a-z0-9_]*$/;

function scopeQuery(role: string | null): CompiledQuery {
  if (role === null) return CompiledQuery.raw("select set_config('app.bypass_rls', 'on', true)");
  const { tenantId, bypass } = currentSettings();
  return CompiledQuery.raw("select set_config('role', $1, true), set_config('app.tenant_id', $2, true), set_config('app.bypass_rls', $3, true)", [role, tenantId, bypass ? 'on' : 'off']);
}

/**
 * BEGIN and the scope as one simple-query string (no parameters: see the comment at the top). The
 * tenant id is checked against TENANT_ID_PATTERN and the role against a plain identifier, so
 * neither can carry a quote or a statement of its own.
 */
export function beginScopedSql(role: string | null, settings: { tenantId: string; bypass: boolean }, genericPlan = false): string {
  const plan = genericPlan ? `${GENERIC_PLAN}; ` : '';
  if (role === null) return `BEGIN; ${plan}SET LOCAL app.bypass_rls = 'on'`;
  if (!ROLE_PATTERN.test(role)) throw new Error(`tenant scope: not a plain role name: ${JSON.stringify(role)}`);
  const { tenantId, bypass } = settings;
  if (tenantId !== '' && !TENANT_ID_PATTERN.test(tenantId)) throw new Error(`tenant scope: not a tenant id: ${JSON.stringify(tenantId)}`);
  // SET LOCAL rather than `select set_config(…, true)`, which does the same: a SET has no plan and
  // answers no row for pg to describe and parse.
  return `BEGIN; SET LOCAL ROLE ${role}; ${plan}SET LOCAL app.tenant_id = '${tenantId}'; SET LOCAL app.bypass_rls = '${bypass ? 'on' : 'off'}'`;
}

/**
 * For a query template's prepared statement only (pg-pipeline-driver.ts names them): PostgreSQL
 * keeps choosing a custom plan for the list page, whose LIMIT and OFFSET are parameters, so it
 * planned the statement again on every call — about two thirds of its CPU per page (issue 6, round
 * 3). The generic plan is the same index walk. Never for the whole session: an unnamed statement
 * gets a generic plan under this setting too, and a generic plan cannot use a partial index whose
 * condition is a parameter (`is_deleted = $3`): one ID-card lookup took 21 ms instead of 0.2.
 * Templates therefore write such constants as literals.
 */
const GENERIC_PLAN = 'SET LOCAL plan_cache_mode = force_generic_plan';

export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let unlock!: () => void;
    const next = new Promise<void>((resolve) => (unlock = resolve));
    const ready = this.tail.then(() => unlock);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

class ScopedConnection implements DatabaseConnection {
  inTransaction = false;
  /**
   * PostgreSQL: an explicit transaction's BEGIN + scope (its tenant read when the transaction
   * began), not sent yet; it goes in one write with the transaction's first statement.
   */
  pendingBegin: CompiledQuery | undefined;
  constructor(
    readonly inner: DatabaseConnection,
    readonly role: string | null,
    readonly unlock: (() => void) | undefined,
    /** A view of a connection its flow already holds in a transaction: no BEGIN, no release. */
    readonly borrowed = false,
    /** BEGIN and the scope in one simple-query round trip (PostgreSQL; see the top). */
    readonly combined = false,
  ) {}

  /**
   * Whether statements may be pipelined behind the BEGIN + scope: PostgreSQL, and a role whose
   * string is known to parse (the app's role or none; another plain identifier could be a keyword,
   * and a string that fails to parse would leave the statement behind it outside any transaction).
   */
  get pipelined(): boolean {
    return this.combined && (this.role === null || this.role === APP_ROLE) && isPipelineConnection(this.inner);
  }

  async applyScope(): Promise<void> {
    await this.inner.executeQuery(scopeQuery(this.role));
  }

  /** BEGIN, then the scope: one round trip on PostgreSQL, two on PGlite. */
  async beginScoped(): Promise<void> {
    if (this.combined) {
      await this.inner.executeQuery(CompiledQuery.raw(beginScopedSql(this.role, currentSettings())));
      return;
    }
    await this.inner.executeQuery(BEGIN);
    await this.applyScope();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const pending = this.pendingBegin;
    if (pending && this.pipelined && isPipelineConnection(this.inner)) {
      // The transaction's first statement: its BEGIN + scope go in the same write.
      this.pendingBegin = undefined;
      const [begun, result] = await Promise.allSettled(this.inner.pipeline([pending, query]));
      if (begun!.status === 'rejected') throw begun!.reason;
      if (result!.status === 'rejected') throw result!.reason;
      return result!.value as QueryResult<R>;
    }
    if (this.inTransaction || this.borrowed) return this.inner.executeQuery<R>(query);
    if (this.pipelined && isPipelineConnection(this.inner)) {
      // BEGIN + scope, the statement and COMMIT in one write and one round trip. A failed scope
      // leaves the transaction aborted, so the statement fails too and COMMIT rolls back.
      const begin = CompiledQuery.raw(beginScopedSql(this.role, currentSettings(), isNamedStatement(query.sql)));
      const [begun, result, committed] = await Promise.allSettled(this.inner.pipeline([begin, query, COMMIT]));
      const failed = [begun!, result!, committed!].find((r) => r.status === 'rejected');
      if (failed) {
        await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
        throw failed.reason;
      }
      return (result as PromiseFulfilledResult<QueryResult<unknown>>).value as QueryResult<R>;
    }
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
    const pending = this.pendingBegin;
    this.pendingBegin = undefined;
    if (pending) await this.inner.executeQuery(pending);
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
    const { mutex, role } = this.options;
    if (mutex) {
      const held = currentHolder().held;
      if (held instanceof ScopedConnection && held.inTransaction) return new ScopedConnection(held.inner, held.role, undefined, true);
    }
    const unlock = mutex ? await mutex.lock() : undefined;
    try {
      return new ScopedConnection(await this.inner.acquireConnection(), role, unlock, false, !mutex);
    } catch (error) {
      unlock?.();
      throw error;
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ScopedConnection;
    if (c.borrowed) throw new Error('PGlite: a transaction cannot start inside another one on the same session');
    if (c.combined && !settings.isolationLevel && !settings.accessMode) {
      if (c.pipelined) c.pendingBegin = CompiledQuery.raw(beginScopedSql(c.role, currentSettings()));
      else await c.beginScoped();
    } else {
      await this.inner.beginTransaction(c.inner, settings);
      await c.applyScope();
    }
    c.inTransaction = true;
    if (this.options.mutex) currentHolder().held = c;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    this.endTransaction(c);
    // A transaction that ran no statement never began on the server: nothing to commit.
    if (this.dropPendingBegin(c)) return;
    await this.inner.commitTransaction(c.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    this.endTransaction(c);
    if (this.dropPendingBegin(c)) return;
    await this.inner.rollbackTransaction(c.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    const c = connection as ScopedConnection;
    // A savepoint before the transaction's first statement: its BEGIN + scope go first.
    const pending = c.pendingBegin;
    c.pendingBegin = undefined;
    if (pending) await c.inner.executeQuery(pending);
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

  private dropPendingBegin(c: ScopedConnection): boolean {
    const pending = c.pendingBegin !== undefined;
    c.pendingBegin = undefined;
    return pending;
  }

  private endTransaction(c: ScopedConnection): void {
    c.inTransaction = false;
    const holder = currentHolder();
    if (holder.held === c) holder.held = undefined;
  }
}
