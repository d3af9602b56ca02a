import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { KyselyPGlite } from 'kysely-pglite';
import pg from 'pg';
import { acquireLock, type DataDirLock } from './lock';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; empty or undefined for an in-memory database (tests). */
  dataDir?: string | undefined;
}

// pg returns int8 (counts) as strings; PGlite returns numbers. Normalise to numbers here once.
pg.types.setTypeParser(20, (value: string) => Number(value));

export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let lock: DataDirLock | undefined;
  let pglitePath: string | undefined;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireLock(options.dataDir);
    pglitePath = path.join(options.dataDir, 'pgdata');
  }
  try {
    const { dialect } = await KyselyPGlite.create(pglitePath);
    const db = new Kysely<Database>({ dialect });
    return {
      db,
      kind: 'pglite',
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
