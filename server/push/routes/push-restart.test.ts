// A server stopped in the middle of a push — the regional system kept the record but its answer never
// came — and another started on the same database: the push is retried with the same idempotency
// key, and the regional system (the stand-in) holds the record once.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { prepare, wireProcess } from '../../bootstrap';
import { testConfig } from '../../config';
import { asSystem } from '../../db/tenant-scope';
import { demoArchiveIds, goodHypertensionValues, loginAs } from '../../forms/routes/form-test-support';
import { startRegionalStandIn } from '../../test-support/regional-stand-in';
import { recordSpecHits } from '../../test-support/spec-hits';
import { openScratch } from '../../jobs/routes/jobs-test-support';
import { PUSH_TEST_JOBS, pushTestSettings, U, waitRow } from './push-test-support';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * A stand-in that keeps the next push and never answers it, and a server on a scratch database whose
 * pushes wait `timeoutMs` for an answer; a doctor's follow-up saved and its push arrived at the stand-in.
 */
async function pushHangingAtTheStandIn(timeoutMs: number) {
  const gw = await startRegionalStandIn();
  cleanups.push(() => gw.close());
  const opened = await openScratch(cleanups);
  const config = testConfig({ jobs: PUSH_TEST_JOBS, push: pushTestSettings(gw.url, { timeoutMs }) });
  const deps = await prepare(opened, config);
  await asSystem('test', () => sql`update iph_push_outbox set state = 2`.execute(opened.db));
  const app = await buildApp(deps);
  await app.ready();
  recordSpecHits(app);
  const doctor = await loginAs(app, 'doctor');
  const [archId] = await asSystem('test', () => demoArchiveIds(opened.db, 'hypertension'));
  gw.mode = 'keep-then-hang';
  const arrived = gw.nextDelivery();
  const saved = await doctor.post(`${U}/userfollowup/high-blood-pressure-follow-up`, { archId, values: goodHypertensionValues() });
  expect(saved.body.success, saved.body.msg).toBe(true);
  const recordId = String(saved.body.data.id);
  return { gw, opened, config, app, doctor, recordId, outboxId: `GW:followup:${recordId}`, key: await arrived };
}

describe('a push across a restart', () => {
  it('is pushed again by the next server and counted once by the regional system', async () => {
    // A timeout longer than the stop's wait: server A's attempt is still waiting when it stops.
    const { gw, opened, config, app: appA, doctor, recordId, outboxId, key } = await pushHangingAtTheStandIn(4000);
    expect(key).toBe(`GW:${recordId}:v1`);
    expect(await waitRow(doctor, outboxId, (r) => r.state === 1)).toMatchObject({ stateText: '上报中', attempts: 1 });
    // The regional system has the record; server A never heard so, and stops.
    expect(gw.recordsOf(recordId)).toBe(1);
    await appA.close();

    gw.mode = 'ok';
    const depsB = await wireProcess(opened, config);
    const appB = await buildApp(depsB);
    await appB.ready();
    cleanups.push(() => appB.close());
    const again = await loginAs(appB, 'doctor');
    const done = await waitRow(again, outboxId, (r) => r.state === 2, 30_000);
    expect(done).toMatchObject({ stateText: '已上报', gwStatus: '1', idempotencyKey: key });
    // Sent twice under one key, kept once; the id the regional system gave the first time.
    expect(gw.deliveries.filter((k) => k === key).length).toBeGreaterThanOrEqual(2);
    expect(gw.recordsOf(recordId)).toBe(1);
    expect(done!.externalId).toBe(gw.records.get(key)!.externalId);
    const rows = await asSystem('test', () =>
      sql<{ n: number }>`select count(*)::int as n from iph_push_outbox where source_id = ${recordId}`.execute(opened.db),
    );
    expect(rows.rows[0]!.n).toBe(1);
  }, 180_000);

  it('a push left 上报中 by a process killed outright is taken up again within the stale interval, not at the queue’s expiry', async () => {
    // A long time limit: the first attempt is still waiting for its answer when the row is taken up again.
    const { gw, opened, app, doctor, recordId, outboxId, key } = await pushHangingAtTheStandIn(30_000);
    cleanups.push(() => app.close());
    expect(await waitRow(doctor, outboxId, (r) => r.state === 1)).toMatchObject({ stateText: '上报中', attempts: 1 });

    // What a process killed outright leaves: the row 上报中 under a job that will never answer, its
    // attempt begun long ago (here: moved back past the stale interval instead of waiting it out).
    gw.mode = 'ok';
    await asSystem('test', () =>
      sql`update iph_push_outbox set job_id = 'gone', last_try_time = now() - interval '10 minutes', enqueued_time = now() - interval '10 minutes'
        where id = ${outboxId}`.execute(opened.db),
    );
    // Reported well before the first attempt's own 30 s limit could end it, under the same key, kept once.
    const done = await waitRow(doctor, outboxId, (r) => r.state === 2, 15_000);
    expect(done).toMatchObject({ stateText: '已上报', attempts: 2, idempotencyKey: key });
    expect(gw.recordsOf(recordId)).toBe(1);
  }, 120_000);
});
