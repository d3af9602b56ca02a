// A server stopped in the middle of an export, and started again on the same database: the job is
// picked up again and the task ends with one file (one task row, one attachment).
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { prepare, wireProcess } from '../../bootstrap';
import { testConfig } from '../../config';
import { asSystem } from '../../db/tenant-scope';
import { loginAs } from '../../forms/routes/form-test-support';
import { recordSpecHits } from '../../test-support/spec-hits';
import { openScratch, TEST_JOBS } from './jobs-test-support';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('asyntask across a restart', () => {
  it('picks a job up again after its server stopped mid-job, and keeps one file', async () => {
    const opened = await openScratch(cleanups);
    const config = testConfig({ jobs: TEST_JOBS });
    const depsA = await prepare(opened, config);
    // Server A: its exports stop in the middle (the caller's token is never signed).
    let reachedMiddle!: () => void;
    const middle = new Promise<void>((resolve) => (reachedMiddle = resolve));
    const tokens = depsA.tokens;
    const stuck = Object.create(tokens) as typeof tokens;
    stuck.signAccess = async () => {
      reachedMiddle();
      return new Promise<string>(() => undefined);
    };
    const appA = await buildApp(depsA);
    await appA.ready();
    recordSpecHits(appA);
    const admin = await loginAs(appA, 'admin');
    const queued = await admin.post('/api/blade-iph-business/asyntask/genrate-asyn-task', {
      url: '/api/blade-iph-business/drugs/list',
      columns: [{ label: '药品编码', prop: 'ypbm' }],
      title_name: '重启导出',
    });
    expect(queued.status).toBe(200);
    const { id } = queued.body.data as { id: string };
    depsA.tokens = stuck;
    await middle;
    expect((await admin.get(`/api/blade-iph-business/asyntask/detail?id=${id}`)).body.data).toMatchObject({
      status: 1,
      statusText: '进行中',
    });
    // Stopped: the running attempt is given up after stopTimeoutMs and goes back to the queue.
    await appA.close();

    // Server B on the same database.
    const depsB = await wireProcess(opened, config);
    const appB = await buildApp(depsB);
    await appB.ready();
    cleanups.push(() => appB.close());
    const again = await loginAs(appB, 'admin');
    let task: { status: number; fileName: string } | undefined;
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200))) {
      task = (await again.get(`/api/blade-iph-business/asyntask/detail?id=${id}`)).body.data;
      if (task!.status >= 2) break;
    }
    expect(task).toMatchObject({ status: 2, statusText: '已完成', fileName: '重启导出.xlsx' });
    const counted = await asSystem('test', async () => {
      const tasks = await sql<{ n: number }>`select count(*)::int as n from iph_asyntask where id = ${id}`.execute(opened.db);
      const files = await sql<{ n: number }>`select count(*)::int as n from blade_attach where original_name = '重启导出.xlsx'`.execute(
        opened.db,
      );
      return [tasks.rows[0]!.n, files.rows[0]!.n];
    });
    expect(counted).toEqual([1, 1]);
  });
});
