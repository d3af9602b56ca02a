// The job queue itself (pg-boss through the owner's system SQL): progress never goes backwards, a
// throwing handler is retried with back-off and then dead-lettered with its message; a backlog drains
// at the speed of its work, `concurrency` jobs at once, not one job per polling interval.
import { afterAll, describe, expect, it } from 'vitest';
import { openScratch, TEST_JOBS } from '../routes/jobs-test-support';
import { JobQueue } from './job-queue';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('JobQueue', () => {
  it('works a job with progress, retries a failing one with back-off, then dead-letters it', async () => {
    const opened = await openScratch(cleanups);
    const queue = new JobQueue(opened.systemSql, { ...TEST_JOBS, retryLimit: 2 });
    cleanups.push(() => queue.stop());

    const progress: number[] = [];
    let worked!: (data: { n: number }) => void;
    const done = new Promise<{ n: number }>((resolve) => (worked = resolve));
    await queue.work<{ n: number }>('test_progress', {
      handle: async (job) => {
        for (const p of [10, 50, 30, 100]) await job.progress(p);
        worked(job.data);
      },
      onProgress: async (_job, percent) => {
        progress.push(percent);
      },
    });
    const id = await queue.enqueue('test_progress', { n: 7 });
    expect(await done).toEqual({ n: 7 });
    expect(progress).toEqual([10, 50, 100]);
    for (let i = 0; i < 20 && (await queue.state('test_progress', id)) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await queue.state('test_progress', id)).toBe('completed');

    const attempts: number[] = [];
    let dead!: (message: string) => void;
    const deadLetter = new Promise<string>((resolve) => (dead = resolve));
    await queue.work<{ n: number }>('test_failing', {
      handle: async (job) => {
        attempts.push(Date.now());
        expect(job.lastAttempt).toBe(job.retryCount === 2);
        throw new Error('计算失败');
      },
      onDead: async (_job, message) => dead(message),
    });
    const failing = await queue.enqueue('test_failing', { n: 1 });
    expect(await deadLetter).toBe('计算失败');
    expect(attempts).toHaveLength(3);
    // Back-off: 1–2 s before the first retry, 2–4 s before the second (pg-boss's jittered doubling).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1900);
    expect(await queue.state('test_failing', failing)).toBe('failed');
  });

  it('drains a backlog without sleeping the polling interval between jobs, `concurrency` at once', async () => {
    const opened = await openScratch(cleanups);
    // A 10 s poll: one job per poll would take over a minute for these eight.
    const queue = new JobQueue(opened.systemSql, { ...TEST_JOBS, pollingIntervalSeconds: 10 });
    cleanups.push(() => queue.stop());
    const jobs = 8;
    for (let n = 0; n < jobs; n++) await queue.enqueue('test_backlog', { n });
    let running = 0;
    let most = 0;
    const worked: number[] = [];
    let drained!: () => void;
    const allWorked = new Promise<void>((resolve) => (drained = resolve));
    const began = Date.now();
    await queue.work<{ n: number }>('test_backlog', {
      concurrency: 2,
      handle: async (job) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 150));
        running--;
        worked.push(job.data.n);
        if (worked.length === jobs) drained();
      },
    });
    await allWorked;
    expect(Date.now() - began).toBeLessThan(9_000);
    expect(worked.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
  }, 30_000);
});
