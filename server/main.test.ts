import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const tsx = path.resolve('node_modules/.bin/tsx');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-main-'));
const children: ChildProcess[] = [];

function start(port: number) {
  const child = spawn(tsx, ['server/main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), WEB_ROOT: '', LOG_LEVEL: 'warn', TEST_PG_URL: '', DATABASE_URL: '' },
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
  }, 120_000);
});
