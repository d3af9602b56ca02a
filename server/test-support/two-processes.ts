// Two server processes on one PostgreSQL database, as behind a load balancer: the first is a normal
// test app, the second a fresh app built on its own connection pool to the same database. PGlite is
// one process by construction (db/lock.ts), so the tests that use this run on PostgreSQL only.
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { prepare } from '../bootstrap';
import { testConfig } from '../config';
import { openDatabase, type OpenedDatabase } from '../db/open';
import { createTestApp, type TestApp } from './test-app';

export const ON_POSTGRES = !!process.env.TEST_PG_URL;
export const TWO_PROCESSES_SKIP_REASON = 'needs TEST_PG_URL (PostgreSQL): PGlite allows one server process per database';

export interface TwoProcesses {
  /** Process A: the test app (its deps, database view and app). */
  readonly a: TestApp;
  /** Process B: a second app on the same database. */
  readonly b: Awaited<ReturnType<typeof buildApp>>;
}

/** Starts both processes before the file's tests (on PostgreSQL only) and closes them after. */
export function twoProcessesForThisFile(): TwoProcesses {
  let a: TestApp | undefined;
  let bOpened: OpenedDatabase | undefined;
  let b: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    if (!ON_POSTGRES) return;
    a = await createTestApp();
    bOpened = await openDatabase({ databaseUrl: a.databaseUrl });
    b = await buildApp(await prepare(bOpened, testConfig(), a.deps.now));
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await bOpened?.close();
    await a?.close();
  });
  return {
    get a() {
      if (!a) throw new Error('process A is not running (PostgreSQL only)');
      return a;
    },
    get b() {
      if (!b) throw new Error('process B is not running (PostgreSQL only)');
      return b;
    },
  };
}
