// dict-biz syndict / syndict-progress (spec 002 §2, §4, §7): the platform's business dictionaries
// into chosen tenants as a background job whose progress is kept in the database, so it reaches
// 100 % on whichever server process is asked (the second process: PostgreSQL only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningSyncs } from '../services/dict-sync';
import { ON_POSTGRES } from '../../test-support/two-processes';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let a: Caller;
let b: Caller;
let root: Caller;
let doctor: Caller;

beforeAll(async () => {
  t = await createTestApp();
  a = await loginAs(t.app, 'admin', '100001');
  b = await loginAs(t.app, 'admin', '100002');
  root = await loginAs(t.app, 'admin', '000000');
  doctor = await loginAs(t.app, 'doctor', '100001');
});
afterAll(async () => {
  await runningSyncs();
  await t.close();
});

const BIZ = '/api/blade-system/dict-biz';
type Progress = { jobId: string; status: string; done: number; total: number; percent: number; tenantId: string };

/** Polls syndict-progress as the screen does until the job ends; answers every distinct answer seen. */
async function follow(caller: Caller, jobId: string): Promise<Progress[]> {
  const seen: Progress[] = [];
  for (let i = 0; i < 400; i++) {
    const p = (await caller.get(`${BIZ}/syndict-progress?jobId=${jobId}`)).body.data as Progress;
    if (seen.length === 0 || seen[seen.length - 1]!.done !== p.done || seen[seen.length - 1]!.status !== p.status) seen.push(p);
    if (p.status !== 'running') return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('同步未结束');
}

const parentOf = async (code: string) => (await root.get(`${BIZ}/parent-list?code_equal=${code}`)).body.data.records[0] as { id: string };
const childValues = async (who: Caller, parentId: string) =>
  (
    (await who.get(`${BIZ}/child-list?parentId=${parentId}&size=50`)).body.data.records as {
      dictKey: string;
      dictValue: string;
      own: boolean;
    }[]
  ).map((r) => [r.dictKey, r.dictValue, r.own]);

describe('dict-biz syndict', () => {
  it('refuses tenants’ administrators, doctors, non-root rows and missing targets', async () => {
    const sex = await parentOf('sex');
    expect((await a.post(`${BIZ}/syndict?ids=${sex.id}&tenantIds=100002`)).status).toBe(403);
    expect((await a.post(`${BIZ}/syndict?ids=${sex.id}&tenantIds=100002`)).body.msg).toBe('不能跨租户同步数据');
    expect((await doctor.post(`${BIZ}/syndict?ids=${sex.id}&tenantIds=100002`)).status).toBe(403);
    expect((await a.get(`${BIZ}/syndict-progress`)).status).toBe(403);
    expect((await root.post(`${BIZ}/syndict?ids=${sex.id}`)).body.msg).toBe('请选择目标租户');
    expect((await root.post(`${BIZ}/syndict?tenantIds=100002`)).body.msg).toBe('请选择至少一条数据');
    expect((await root.post(`${BIZ}/syndict?ids=${sex.id}&tenantIds=999999`)).body.msg).toBe('租户[999999]不存在');
    const own = (
      await a.post(`${BIZ}/submit`, { code: 'a_local', dictValue: '本地', sort: '', isSealed: 0, isAdmin: 1, tenantId: '100001' })
    ).body.data.id as string;
    expect((await root.post(`${BIZ}/syndict?ids=${own}&tenantIds=100002`)).body.msg).toBe('不能跨租户同步数据');
    expect((await root.get(`${BIZ}/syndict-progress?jobId=1`)).status).toBe(404);
  });

  it('runs in the background to 100 %: the rows are the target tenants’ own; over overwrites, else keeps', async () => {
    const sex = await parentOf('sex');
    const card = await parentOf('card_type');
    const reasons = await parentOf('reason_cancellation');
    // Tenant A already keeps its own cancel reasons (issue 17: the clinic's), one with its own wording.
    const platformReasons = (await a.get(`${BIZ}/child-list?parentId=${reasons.id}&size=50`)).body.data.records as Record<
      string,
      unknown
    >[];
    const first = platformReasons[0]!;
    expect((await a.post(`${BIZ}/submit`, { ...first, dictValue: '本院说法' })).body.msg).toBe('更新成功');

    const started = await root.post(`${BIZ}/syndict`, { ids: `${sex.id},${card.id},${reasons.id}`, tenantIds: '100001,100002' });
    expect(started.body).toMatchObject({ success: true, msg: '同步任务已开始' });
    const jobId = started.body.data.jobId as string;
    const seen = await follow(root, jobId);
    const last = seen[seen.length - 1]!;
    expect(last).toMatchObject({ jobId, status: 'done', done: 6, total: 6, percent: 100 });
    // The latest job is answered without an id too.
    expect((await root.get(`${BIZ}/syndict-progress`)).body.data).toMatchObject({ jobId, percent: 100 });

    // The rows are now each target's own (own: true), the platform's values; A's own wording kept (no over).
    const sexInB = await childValues(b, sex.id);
    expect(sexInB).toEqual([
      ['1', '男', true],
      ['2', '女', true],
      ['0', '未知的性别', true],
      ['9', '未说明的性别', true],
    ]);
    expect((await childValues(a, card.id)).every(([, , own]) => own)).toBe(true);
    expect((await childValues(a, reasons.id)).find(([key]) => key === first.dictKey)).toEqual([first.dictKey, '本院说法', true]);
    expect((await b.get(`${BIZ}/dictionary?code=reason_cancellation`)).body.data.length).toBe(platformReasons.length);

    // Over: the platform's value replaces A's wording.
    const again = await root.post(`${BIZ}/syndict?ids=${reasons.id}&tenantIds=100001&over=1`);
    const done = await follow(root, again.body.data.jobId as string);
    expect(done[done.length - 1]).toMatchObject({ status: 'done', percent: 100, total: 1 });
    expect((await childValues(a, reasons.id)).find(([key]) => key === first.dictKey)).toEqual([first.dictKey, first.dictValue, true]);
  });

  it.skipIf(!ON_POSTGRES)('a job started on one server process is followed to 100 % on another (PostgreSQL)', async () => {
    const { buildApp } = await import('../../app');
    const { prepare } = await import('../../bootstrap');
    const { testConfig } = await import('../../config');
    const { openDatabase } = await import('../../db/open');
    const opened = await openDatabase({ databaseUrl: t.databaseUrl });
    const other = await buildApp(await prepare(opened, testConfig({}), () => Date.now()));
    try {
      await other.ready();
      const rootOnOther = await loginAs(other, 'admin', '000000');
      const req = await parentOf('req_source');
      const started = await root.post(`${BIZ}/syndict?ids=${req.id}&tenantIds=100002`);
      const seen = await follow(rootOnOther, started.body.data.jobId as string);
      expect(seen[seen.length - 1]).toMatchObject({ status: 'done', percent: 100, done: 1, total: 1 });
      expect((await childValues(b, req.id)).every(([, , own]) => own)).toBe(true);
    } finally {
      await runningSyncs();
      await other.close();
      await opened.close();
    }
  });
});
