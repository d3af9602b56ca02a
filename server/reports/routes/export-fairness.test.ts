import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { EXPORT_CELL_CAP } from '../services/excel-workbook';

// Issue 35 §1: an export grows with its input, so it must not hold the event loop in one piece —
// while it builds, every other user's call waits. These exports post empty records (a small body)
// with 300 columns: the shape that used to freeze the server for seconds.
let t: TestApp;
let doctor: Caller;
let nurse: Caller;

beforeAll(async () => {
  t = await createTestApp();
  [doctor, nurse] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'nurse')]);
});
afterAll(() => t.close());

const exportOf = (rows: number, columns: number) => ({
  title_name: '大导出',
  columns: Array.from({ length: columns }, (_, i) => ({ label: `列${i}`, prop: `c${i}` })),
  records: Array.from({ length: rows }, () => ({})),
});

describe('a large export', () => {
  it('leaves the event loop free for other users while it builds (the longest pause is printed)', async () => {
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = doctor.post('/api/blade-iph-input/excel-api/export', exportOf(2_000, 300));
    // Another user's calls while the export runs.
    const others: number[] = [];
    let done = false;
    void started.finally(() => (done = true));
    while (!done) {
      const at = performance.now();
      await nurse.get('/api/blade-auth/oauth/user-info');
      others.push(performance.now() - at);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    clearInterval(ticker);
    const answer = await started;
    expect(answer.body, JSON.stringify(answer.body).slice(0, 200)).toMatchObject({ success: true });
    console.log(
      `export of 2,000 × 300: longest event-loop pause ${longest.toFixed(0)} ms, other calls ${others.length}, slowest ${Math.max(...others).toFixed(0)} ms`,
    );
    expect(others.length).toBeGreaterThan(1);
    // Building the sheet yields every 15 ms, so on PostgreSQL the longest pause is about a slice plus
    // a collection (~150 ms measured, target 200 ms; the bound leaves a loaded CI host room). The
    // embedded PGlite runs in this thread, so storing the 1.6 MB file is one pause of its own
    // (~1–2 s measured); before the export was sliced the pause was the whole build (~15 s).
    expect(longest).toBeLessThan(process.env.TEST_PG_URL ? 600 : 4_000);
  });

  it('refuses an export past the cell cap with the numbers, before building anything', async () => {
    const refused = await doctor.post('/api/blade-iph-input/excel-api/export', exportOf(10_000, 300));
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      `导出数据过多：10000行×300列共3000000个单元格，超过${EXPORT_CELL_CAP}个，请减少列或缩小查询范围后分批导出`,
    );
  });
});
