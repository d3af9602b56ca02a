import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireLock } from '../db/lock';

/**
 * Backup and restore of the embedded database (issue 17): the whole PGlite data folder as one
 * gzip'd tar (PGlite's `dumpDataDir` / `loadDataDir`) — every table, uploaded files included
 * (they live in `blade_attach`). Both take DATA_DIR's `server.lock` first, the lock the server
 * takes (db/lock.ts): they refuse while a server runs on the folder, and no server can start on it
 * while they work. PostgreSQL deployments use pg_dump / pg_restore instead (README, Deployment).
 */

/** The folder PGlite keeps its files in, inside DATA_DIR (db/open.ts). */
export const pgdataOf = (dataDir: string) => path.join(dataDir, 'pgdata');

export class BackupRefusal extends Error {}

function withDataDirLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(dataDir, { recursive: true });
  // Throws DataDirLockedError (its message says which process) while a server holds the folder.
  const lock = acquireLock(dataDir);
  return work().finally(() => lock.release());
}

/** Writes DATA_DIR's database to `file` (gzip'd tar); answers its size in bytes. */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const pgdata = pgdataOf(dataDir);
  if (!fs.existsSync(pgdata)) throw new BackupRefusal(`没有可备份的数据库：${pgdata} 不存在`);
  return withDataDirLock(dataDir, async () => {
    const db = new PGlite(pgdata);
    let bytes: Buffer;
    try {
      // dumpDataDir before the instance is ready waits for ever (PGlite 0.5).
      await db.waitReady;
      bytes = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await db.close();
    }
    // Written beside the target and renamed: a backup cut short never looks like a complete one.
    const partial = `${file}.partial`;
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return bytes.length;
  });
}

export interface RestoreResult {
  /** Where the database that was replaced was moved (with `force`), or null when DATA_DIR held none. */
  replacedMovedTo: string | null;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

/**
 * Loads `file` (made by backupDataDir) as DATA_DIR's database. Refused when DATA_DIR already holds
 * one, unless `force`: then that one is moved aside (`pgdata.replaced-<time>`), never deleted. The
 * backup is unpacked into a folder of its own and opened and queried first, so a damaged file
 * leaves DATA_DIR as it was.
 */
export async function restoreDataDir(dataDir: string, file: string, options: { force?: boolean; now?: Date } = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) throw new BackupRefusal(`备份文件不存在：${file}`);
  const pgdata = pgdataOf(dataDir);
  return withDataDirLock(dataDir, async () => {
    if (!isEmptyDir(pgdata) && !options.force)
      throw new BackupRefusal(`${pgdata} 已有数据库：请恢复到空的 DATA_DIR，或加 --force（原数据库将移到一旁保留）`);
    const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
    const staging = `${pgdata}.restoring-${stamp}`;
    fs.mkdirSync(staging, { recursive: true });
    try {
      const db = new PGlite(staging, { loadDataDir: new Blob([fs.readFileSync(file)]) });
      try {
        await db.query('select count(*) from kysely_migration');
      } finally {
        await db.close();
      }
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new BackupRefusal(
        `备份文件无法恢复（不是本系统的数据库备份，或已损坏）：${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let replacedMovedTo: string | null = null;
    if (fs.existsSync(pgdata)) {
      if (isEmptyDir(pgdata)) fs.rmdirSync(pgdata);
      else fs.renameSync(pgdata, (replacedMovedTo = `${pgdata}.replaced-${stamp}`));
    }
    fs.renameSync(staging, pgdata);
    return { replacedMovedTo };
  });
}
