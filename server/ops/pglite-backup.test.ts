import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { prepare } from '../bootstrap';
import { testConfig } from '../config';
import { DataDirLockedError } from '../db/lock';
import { openDatabase } from '../db/open';
import { asSystem } from '../db/tenant-scope';
import { loginAs } from '../forms/routes/form-test-support';
import { backupDataDir, BackupRefusal, pgdataOf, restoreDataDir } from './pglite-backup';

/** Issue 17: `npm run db:backup` / `db:restore` of the embedded database, on folders of its own. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const MESSAGE = `backup-check-${Date.now()}`;

/** Opens DATA_DIR as the server does and answers the web-log messages stored in it. */
async function storedMessages(dataDir: string): Promise<string[]> {
  const opened = await openDatabase({ dataDir });
  try {
    const rows = await asSystem('test: read the restored database', () =>
      opened.db.selectFrom('blade_log_web').select('message').execute(),
    );
    return rows.map((row) => row.message);
  } finally {
    await opened.close();
  }
}

describe('backup and restore of the embedded database', () => {
  const source = path.join(root, 'source');
  const file = path.join(root, 'backups', 'phw.tar.gz');

  it('backs up a seeded database holding a record, refused while a server runs on the folder', async () => {
    const opened = await openDatabase({ dataDir: source });
    try {
      const app = await buildApp(await prepare(opened, testConfig()));
      try {
        const nurse = await loginAs(app, 'nurse');
        expect((await nurse.post('/api/blade-log/web/saveLogs', [{ type: 'info', message: MESSAGE }])).status).toBe(200);
        await expect(backupDataDir(source, file)).rejects.toBeInstanceOf(DataDirLockedError);
        expect(fs.existsSync(file)).toBe(false);
      } finally {
        await app.close();
      }
    } finally {
      await opened.close();
    }
    const bytes = await backupDataDir(source, file);
    expect(bytes).toBeGreaterThan(100_000);
    expect(fs.statSync(file).size).toBe(bytes);
    // The lock is given back: the server can start on the folder again.
    expect(fs.existsSync(path.join(source, 'server.lock'))).toBe(false);
  }, 240_000); // a seeded PGlite on disk takes tens of seconds on a busy 2-core machine

  it('restores into a new DATA_DIR that then opens with the record in it', async () => {
    const target = path.join(root, 'restored');
    expect(await restoreDataDir(target, file)).toEqual({ replacedMovedTo: null });
    expect(await storedMessages(target)).toContain(MESSAGE);
  }, 120_000);

  it('refuses a DATA_DIR that holds a database unless forced, and then keeps the replaced one aside', async () => {
    const target = path.join(root, 'occupied');
    await restoreDataDir(target, file);
    await expect(restoreDataDir(target, file)).rejects.toThrow(/已有数据库.*--force/);
    const { replacedMovedTo } = await restoreDataDir(target, file, { force: true });
    expect(replacedMovedTo).toMatch(/pgdata\.replaced-/);
    expect(fs.readdirSync(replacedMovedTo!).length).toBeGreaterThan(0);
    expect(await storedMessages(target)).toContain(MESSAGE);
  }, 120_000);

  it('leaves DATA_DIR as it was when the file is not a backup', async () => {
    const junk = path.join(root, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    const target = path.join(root, 'junk-target');
    await expect(restoreDataDir(target, junk)).rejects.toBeInstanceOf(BackupRefusal);
    expect(fs.existsSync(pgdataOf(target))).toBe(false);
    expect(fs.readdirSync(target).filter((name) => name !== 'server.lock')).toEqual([]);
    await expect(restoreDataDir(target, path.join(root, 'missing.tar.gz'))).rejects.toThrow('备份文件不存在');
  }, 60_000);
});
