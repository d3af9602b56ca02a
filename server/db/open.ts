import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import { holdIdNode } from './id-node';
import { acquireLock, type DataDirLock } from './lock';
import { notificationListener } from './notifications';
import { pgPipelineDialect } from './pg-pipeline-driver';
import { APP_ROLE } from './tenant-rls';
import { SessionLock } from './pglite-session-lock';
import type { ScopedConnection } from './scoped-connection';
import { scopedDialect } from './scoped-driver';
import type { Database } from './schema';
import { pgliteSystemSql, postgresSystemSql, type SystemSql } from './system-sql';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  /** What the app uses: every statement runs as the app role, scoped to the caller's tenant (db/tenant-rls.ts). */
  db: Kysely<Database>;
  /** The connecting (owner) user on the same connections: migrations and the row-level security set-up only. */
  owner: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * The app's database once more, except that a statement outside any scope runs as the system work
   * `name` instead of failing: test-support's own reads and writes around the app under test. Never
   * part of AppDeps; everything else names its scope with withTenant / asSystem (db/tenant-scope.ts).
   */
  unscopedAs(name: string): Kysely<Database>;
  /**
   * LISTEN to a channel other server processes NOTIFY (PostgreSQL, on a connection of its own,
   * closed with the database); PGlite is one process and has no one to hear from: a no-op.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
  /**
   * Plain SQL as the owner for system work that brings its own SQL (the job queue, server/jobs):
   * under PGlite's session lock, or on a small pool of its own on PostgreSQL (db/system-sql.ts).
   */
  systemSql: SystemSql;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; empty or undefined for an in-memory database (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite in memory only: start from this dump of a data folder (dumpDataDir's tar) instead of an
   * empty cluster — the tests' prepared database, made once per run (test-support/template-database.ts).
   */
  loadDataDir?: Blob | undefined;
}

/**
 * The app's connections notice a database that is gone or hangs (issue 35 §6): a connection not
 * made in 5 s is refused (the request answers 503), the server cancels a statement after 30 s, and a
 * statement with no answer 35 s after it was sent (a frozen server or a silent network) fails and
 * its connection is destroyed; TCP keepalive finds a dead peer between requests.
 */
export const APP_POOL_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 30_000,
  query_timeout: 35_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
} as const;

// pg returns int8 (counts) as strings; PGlite returns numbers. Normalise to numbers here once.
pg.types.setTypeParser(20, (value: string) => Number(value));
/**
 * A `date` column is a calendar day, read as its text ('2026-11-29') from both drivers. pg would make
 * it a Date at the server process's local midnight, PGlite at UTC midnight; either one, turned back
 * into a day with toISOString in a clinic's UTC+8, gave the day before.
 */
const DATE_OID = 1082;
const dayAsText = (value: string) => value;
pg.types.setTypeParser(DATE_OID, dayAsText);

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    // Pipeline mode: the scoped driver sends BEGIN + scope with a statement in one write (pg-pipeline-driver.ts).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, pipeline: true, ...APP_POOL_TIMEOUTS });
    // An idle client's error (the database restarted, or dropped it) is re-emitted on the pool; with
    // no listener Node would crash the server. The pool drops that client and opens a new one on demand.
    pool.on('error', (error) => console.warn(`[db] idle connection lost: ${error.message}`));
    // Migrations and the tests' owner work: a long index build must not meet the app's statement limits.
    const ownerPool = new pg.Pool({ connectionString: options.databaseUrl, max: 2, pipeline: true, keepAlive: true });
    ownerPool.on('error', (error) => console.warn(`[db] idle owner connection lost: ${error.message}`));
    const owner = new Kysely<Database>({ dialect: scopedDialect(pgPipelineDialect(ownerPool), { role: null }) });
    const db = new Kysely<Database>({ dialect: scopedDialect(pgPipelineDialect(pool), { role: APP_ROLE }) });
    const notifications = notificationListener(options.databaseUrl);
    const system = postgresSystemSql(options.databaseUrl);
    // Before anything writes: ids made by this process carry a node no other process holds (db/id-node.ts).
    let releaseIdNode: () => Promise<void>;
    try {
      releaseIdNode = await holdIdNode(options.databaseUrl);
    } catch (error) {
      await Promise.all([pool.end(), ownerPool.end(), system.close()]);
      throw error;
    }
    // Destroying db ends the shared pool; owner and the unscoped views hold nothing else.
    return {
      db,
      owner,
      kind: 'postgres',
      unscopedAs: (name) => new Kysely<Database>({ dialect: scopedDialect(pgPipelineDialect(pool), { role: APP_ROLE, unscoped: name }) }),
      listen: (channel, onMessage) => notifications.listen(channel, onMessage),
      systemSql: system.run,
      close: async () => {
        await notifications.close();
        await Promise.all([db.destroy(), owner.destroy(), system.close()]);
        await releaseIdNode();
      },
    };
  }
  let lock: DataDirLock | undefined;
  let pglitePath: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireLock(options.dataDir);
    pglitePath = path.join(options.dataDir, 'pgdata');
  }
  try {
    const { dialect, client } = await KyselyPGlite.create({
      ...(pglitePath ? { dataDir: pglitePath } : {}),
      ...(!pglitePath && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      parsers: { [DATE_OID]: dayAsText },
    });
    // One PGlite session under both, one lock on it (pglite-session-lock.ts).
    const sessionLock = new SessionLock<ScopedConnection>();
    const owner = new Kysely<Database>({ dialect: scopedDialect(dialect, { role: null, sessionLock }) });
    const db = new Kysely<Database>({ dialect: scopedDialect(dialect, { role: APP_ROLE, sessionLock }) });
    return {
      db,
      owner,
      kind: 'pglite',
      unscopedAs: (name) => new Kysely<Database>({ dialect: scopedDialect(dialect, { role: APP_ROLE, sessionLock, unscoped: name }) }),
      listen: async () => undefined,
      systemSql: pgliteSystemSql(client, sessionLock as SessionLock<unknown>).run,
      close: async () => {
        try {
          await db.destroy();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
