// What the push tests share: quick queue and push settings against a stand-in, and waiting for a row.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { PushSettings } from '../../config';

/** Quick polls and retries: the first retry after 1–2 s, the second after 2–4 s. */
export const PUSH_TEST_JOBS = {
  pollingIntervalSeconds: 0.5,
  retryLimit: 2,
  retryDelaySeconds: 1,
  maintenanceIntervalSeconds: 1,
  stopTimeoutMs: 1000,
};

export const pushTestSettings = (gwUrl: string, overrides: Partial<PushSettings> = {}): PushSettings => ({
  urls: { GW: gwUrl },
  timeoutMs: 1500,
  maxAttempts: 3,
  ratePerMinute: 100_000,
  relayIntervalMs: 250,
  concurrency: 4,
  ...overrides,
});

/** The seeded archives and records have their rows too: marked 已上报 so that a test's pushes are its own. */
export async function settleSeededRows(db: Kysely<Database>): Promise<void> {
  await sql`update iph_push_outbox set state = 2`.execute(db);
}

export const U = '/api/blade-iph-business';

/** A logged-in caller (forms/routes/form-test-support.ts loginAs): what waitRow needs of it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the envelope carries
type Caller = { get(url: string): Promise<{ status: number; body: { data: any } }> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read whatever the list carries
export type Row = Record<string, any>;

/** The outbox row of a follow-up record (GW), as 上报管理 lists it. */
export async function rowOf(caller: Caller, outboxId: string): Promise<Row | undefined> {
  const res = await caller.get(`${U}/pushoutbox/list?size=200`);
  return (res.body.data.records as Row[]).find((r) => r.id === outboxId);
}

/** Waits (up to ms) until the row satisfies `done`; answers it (or the last seen). */
export async function waitRow(caller: Caller, outboxId: string, done: (r: Row) => boolean, ms = 20_000): Promise<Row | undefined> {
  let row: Row | undefined;
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 150))) {
    row = await rowOf(caller, outboxId);
    if (row && done(row)) return row;
  }
  return row;
}
