// What the jobs/ tests share: quick queue settings, and a scratch database of their own.
import crypto from 'node:crypto';
import pg from 'pg';
import { openDatabase, type OpenedDatabase } from '../../db/open';

/** Quick polls and retries in tests; the queue stops with each app (its close()). */
export const TEST_JOBS = {
  pollingIntervalSeconds: 0.5,
  retryLimit: 1,
  retryDelaySeconds: 1,
  maintenanceIntervalSeconds: 1,
  stopTimeoutMs: 1000,
};

/**
 * A new database: on PostgreSQL when TEST_PG_URL is set (dropped by the cleanup pushed), else an
 * in-memory PGlite. The caller closes it (pushed to `cleanups` too).
 */
export async function openScratch(cleanups: (() => Promise<void>)[]): Promise<OpenedDatabase> {
  const admin = process.env.TEST_PG_URL;
  let opened: OpenedDatabase;
  if (!admin) opened = await openDatabase({});
  else {
    const name = `phw_test_${crypto.randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const url = new URL(admin);
    url.pathname = `/${name}`;
    opened = await openDatabase({ databaseUrl: url.toString() });
  }
  cleanups.push(() => opened.close());
  return opened;
}
