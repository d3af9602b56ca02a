// What the quality route tests share: the job settings that let a run finish within a test, the
// planted follow-up the topic gxy_bp_satisfied fails, and a run started and waited for.
import { expect } from 'vitest';
import type { TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';

export const Q = '/api/blade-iph-business/quality-manage';
const F = '/api/blade-iph-business/userfollowup';

/** The queue polled and retried quickly, so a run ends within a test. */
export const QUALITY_TEST_JOBS = {
  pollingIntervalSeconds: 0.5,
  retryLimit: 1,
  retryDelaySeconds: 1,
  maintenanceIntervalSeconds: 1,
  stopTimeoutMs: 1000,
};

/**
 * 150/95 mmHg marked 控制满意 (the form's own anomaly acknowledged, as a user may), saved by `doctor`
 * for the first hypertensive demo resident: the record gxy_bp_satisfied's rule fails.
 */
export async function plantBpMarkedSatisfied(t: TestApp, doctor: Caller): Promise<{ archId: string; recordId: string }> {
  const [archId] = (await demoArchiveIds(t.deps.db, 'hypertension')) as [string];
  const saved = await doctor.post(`${F}/high-blood-pressure-follow-up`, {
    archId,
    values: goodHypertensionValues({ visitDate: '2026-05-20', nextVisitDate: '2026-08-18', sbp: 150, dbp: 95, followupClass: '1' }),
    acknowledgements: ['followupClass.mismatch'],
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return { archId, recordId: String(saved.body.data.id) };
}

export interface RunView {
  id: string;
  status: number;
  statusText: string;
  progress: number;
  total: number;
  checked: number;
  failedRecords: number;
}

/** Starts a run (`body`: its code and scope) and waits for its end (status 2 done, 3 failed, 4 不适用). */
export async function runToEnd<R extends { id: string; status: number } = RunView>(
  t: TestApp,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<R> {
  const started = await caller.post(`${Q}/run`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  expect(started.body.msg).toBe('质控任务已开始');
  const id = (started.body.data as R).id;
  for (let i = 0; i < 120; i++) {
    const run = (await caller.get(`${Q}/run-detail?id=${id}`)).body.data as R;
    if (run.status >= 2) return run;
    await new Promise((r) => setTimeout(r, 250));
  }
  const last = await caller.get(`${Q}/run-detail?id=${id}`);
  const job = await t.deps.jobs.state('quality_run', id).catch((e: unknown) => String(e));
  throw new Error(`the run did not finish: ${JSON.stringify(last.body.data)} ${String(job)}`);
}
