import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ID_NODE_APPLICATION } from './db/id-node';
import { createTestApp } from './test-support/test-app';
import { until } from './test-support/until';

const tsx = path.resolve('node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-main-'));
const children: ChildProcess[] = [];

function start(port: number, env: Record<string, string> = {}) {
  const child = spawn(tsx, ['server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_ROOT: '',
      LOG_LEVEL: 'warn',
      TEST_PG_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('listening on')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited early: ${output}`));
    });
  });
  listening.catch(() => undefined); // a process expected to fail never listens
  return { child, exited, listening, output: () => output };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Embedded mode only: the PostgreSQL run of the suite has nothing to add here.
describe.skipIf(!!process.env.TEST_PG_URL)('npm run serve on an embedded data folder', () => {
  it('creates, migrates and seeds the folder, refuses a second process, and closes cleanly on SIGTERM', async () => {
    const first = start(18931);
    await first.listening;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    const firstKey = (await (await fetch('http://127.0.0.1:18931/api/blade-auth/oauth/public-key')).json()).data;
    expect(firstKey).toMatch(/BEGIN PUBLIC KEY/);

    const second = start(18932);
    expect(await second.exited).toBe(2);
    expect(second.output()).toContain('The data folder is in use by another process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Reopening keeps the data and the key pair made on first start.
    const again = start(18933);
    await again.listening;
    const key = (await (await fetch('http://127.0.0.1:18933/blade-auth/oauth/public-key')).json()).data;
    expect(key).toBe(firstKey);
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);

    // Several processes need PostgreSQL: the embedded database is one process's.
    const several = start(18935, { SERVER_PROCESSES: '2' });
    expect(await several.exited).toBe(2);
    expect(several.output()).toContain('SERVER_PROCESSES > 1 needs DATABASE_URL');
  }, 120_000);
});

describe.skipIf(!process.env.TEST_PG_URL)('npm run serve with SERVER_PROCESSES=2 on PostgreSQL', () => {
  it('prepares the database once, serves from two processes, starts a killed one again and ends them all on SIGTERM', async () => {
    // A scratch database (its own test app holds one id node there), shared with the server started here.
    const t = await createTestApp();
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    let holders = 0;
    const countHolders = async () => {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [ID_NODE_APPLICATION],
      );
      holders = rows[0]!.n;
      return holders;
    };
    /** Asks again every 200 ms for up to 5 s (a killed backend leaves pg_stat_activity a moment later). */
    const eventually = async (done: () => Promise<boolean>) => {
      for (const end = Date.now() + 5_000; Date.now() < end && !(await done());) await new Promise((resolve) => setTimeout(resolve, 200));
    };
    const servers = start(18934, { DATABASE_URL: t.databaseUrl!, SERVER_PROCESSES: '2' });
    try {
      await servers.listening;
      const pids = () => [...servers.output().matchAll(/process (\d+) listening/g)].map((m) => Number(m[1]));
      expect(pids()).toHaveLength(2);
      // The test app's id node and one per serving process: the preparing process let its own go.
      expect(await countHolders()).toBe(3);
      const ready = await fetch('http://127.0.0.1:18934/api/ready');
      expect(ready.status).toBe(200);

      process.kill(pids()[0]!, 'SIGKILL');
      await until(() => pids().length === 3, 20_000);
      expect(servers.output()).toContain(`process ${pids()[0]} ended`);
      expect(pids()).toHaveLength(3);
      expect((await fetch('http://127.0.0.1:18934/api/ready')).status).toBe(200);
      await eventually(async () => (await countHolders()) === 3);
      expect(holders).toBe(3);

      servers.child.kill('SIGTERM');
      expect(await servers.exited).toBe(0);
      await eventually(async () => (await countHolders()) === 1);
      expect(holders).toBe(1);
    } finally {
      if (servers.child.exitCode === null) servers.child.kill('SIGKILL');
      await admin.end();
      await t.close();
    }
  }, 120_000);
});
