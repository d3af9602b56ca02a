import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import { preparedName } from './plan-selection';

/**
 * kysely's PostgreSQL driver, reduced to what the app uses, over a pool of clients in pg's pipeline
 * mode (`pipeline: true`), so that a connection can also send several queries in one socket write
 * without waiting for each answer (`pipeline` below). The scoped driver (pipelined-scope.ts) sends
 * its BEGIN + scope in the same write as the first statement, and an autocommit statement's COMMIT
 * with it: one round trip instead of two or three (issue 6, round 2).
 *
 * Each query keeps its own Sync, so an error answers that query alone; inside a transaction it
 * aborts the transaction like any failed statement (later statements fail, COMMIT rolls back).
 */
export interface PipelineConnection extends DatabaseConnection {
  /** Sends every query in one write, in order; each promise answers its own query. */
  pipeline(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>>[];
}

export const isPipelineConnection = (connection: DatabaseConnection): connection is PipelineConnection =>
  typeof (connection as Partial<PipelineConnection>).pipeline === 'function';

type PgPoolClient = pg.PoolClient & { connection?: { stream?: { cork?: () => void; uncork?: () => void } } };

function resultOf<R>(result: pg.QueryResult): QueryResult<R> {
  const { command, rowCount, rows } = result;
  return {
    numAffectedRows:
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as R[],
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

class PgConnection implements PipelineConnection {
  /** The connection failed (reset, terminated, timed out): it goes back to the pool to be destroyed, not reused. */
  broken: Error | undefined;

  constructor(readonly client: PgPoolClient) {
    // A checked-out client's socket error is emitted on the client, where pg-pool listens only while
    // it is idle: without this listener a database restart during a query ends the process (issue 35 §6).
    // The query under way fails on its own; the error is only remembered here.
    client.on('error', (error) => {
      this.broken = error;
    });
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return resultOf<R>(await this.send(query));
  }

  /** A query template's statement goes by its name (prepared once per connection: plan-selection.ts); others as text. */
  private send(query: CompiledQuery): Promise<pg.QueryResult> {
    const name = preparedName(query.sql);
    return name
      ? this.client.query({ name, text: query.sql, values: query.parameters as unknown[] })
      : this.client.query(query.sql, query.parameters as unknown[]);
  }

  pipeline(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>>[] {
    // pg writes each query as it is queued (pipeline mode); corking the socket makes one write.
    const stream = this.client.connection?.stream;
    stream?.cork?.();
    try {
      return queries.map((query) => this.send(query).then((r) => resultOf<unknown>(r)));
    } finally {
      stream?.uncork?.();
    }
  }

  // eslint-disable-next-line require-yield -- the app streams no query; kysely's interface asks for the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not supported by the pipelined PostgreSQL driver');
  }
}

class PgPipelineDriver implements Driver {
  private readonly connections = new WeakMap<pg.PoolClient, PgConnection>();
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.pool.connect();
    let connection = this.connections.get(client);
    if (!connection) {
      connection = new PgConnection(client);
      this.connections.set(client, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sql = 'start transaction';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { client, broken } = connection as PgConnection;
    // Released with its error, pg-pool destroys the client; the next acquire opens a fresh one.
    client.release(broken);
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

/** A kysely dialect over `pool`, whose clients must be in pipeline mode (`pipeline: true`). */
export function pgPipelineDialect(pool: pg.Pool): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgPipelineDriver(pool),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
