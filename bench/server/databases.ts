// The two databases the server runs on: PGlite in a temporary data folder, and a scratch database
// on the PostgreSQL server that scripts/ensure-postgres.sh provides (dropped after the run).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  name: 'PGlite' | 'PostgreSQL';
  /** Environment for the server process (serve.ts). */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

export function pgliteDatabase(): BenchDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-bench-'));
  return {
    name: 'PGlite',
    env: { BENCH_DATA_DIR: dir },
    dispose: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The admin URL, or the reason there is none (the script prints nothing and says why on stderr). */
export function postgresAdminUrl(): { url: string } | { skipped: string } {
  if (process.env.TEST_PG_URL) return { url: process.env.TEST_PG_URL };
  try {
    const out = execFileSync('bash', ['scripts/ensure-postgres.sh'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    return out ? { url: out } : { skipped: 'scripts/ensure-postgres.sh printed no URL' };
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    return { skipped: stderr || (error instanceof Error ? error.message : String(error)) };
  }
}

export async function postgresDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `phw_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { BENCH_DATABASE_URL: url.toString() },
    dispose: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
