// 导出任务 (spec 002 §7 asyntask, blade-mq-service/mq-msg) on the job queue: queued, worked with
// progress, finished and downloaded by its owner only; a failing export retried then 失败; every
// call's bad inputs refused with nothing changed.
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { newId } from '../../db/ids';
import { EXPORT_QUEUE, type ExportJob } from '../services/asyntasks';
import { TEST_JOBS } from './jobs-test-support';

const A = '/api/blade-iph-business/asyntask';
const M = '/api/blade-mq-service/mq-msg';
const drugColumns = [
  { label: '药品编码', prop: 'ypbm' },
  { label: '药品名称', prop: 'ypmc' },
];
const drugExport = { url: '/api/blade-iph-business/drugs/list', params: { ypbm_like: 'AX' }, columns: drugColumns, title_name: '药品目录' };

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp({ jobs: TEST_JOBS });
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  for (const [ypbm, ypmc] of [
    ['AX001', '阿莫西林胶囊'],
    ['AX002', '布洛芬缓释胶囊'],
    ['AX003', '二甲双胍片'],
  ])
    expect((await admin.post('/api/blade-iph-business/drugs/submit', { ypbm, ypmc })).body.msg).toBe('新增成功');
});
afterAll(() => t.close());

const download = (caller: Caller, id: string) =>
  t.app.inject({ method: 'POST', url: `${A}/asyn-download?id=${id}`, headers: { 'blade-auth': `bearer ${caller.token}` } });

async function finished(caller: Caller, id: string) {
  let task: { status: number; progress: number; statusText: string; errorMsg: string } | undefined;
  for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 200))) {
    task = (await caller.get(`${A}/detail?id=${id}`)).body.data;
    if (task!.status >= 2) break;
  }
  return task!;
}

describe('asyntask: an export off the request', () => {
  it('is queued, worked with progress, finished, noticed and downloaded as the same workbook', async () => {
    const queued = await admin.post(`${A}/genrate-asyn-task`, drugExport);
    expect(queued.body).toMatchObject({ success: true, data: { taskName: '药品目录', status: 0, statusText: '排队中', progress: 0 } });
    const { id } = queued.body.data as { id: string };
    const listed = (await admin.get(`${A}/list`)).body.data;
    expect(listed.records[0]).toMatchObject({ id, listUrl: drugExport.url });
    // Not done yet, or already done: either way the download answers accordingly.
    const early = await download(admin, id);
    if (early.statusCode !== 200) expect(early.json().msg).toBe('任务尚未完成');

    const task = await finished(admin, id);
    expect(task).toMatchObject({ status: 2, statusText: '已完成', progress: 100, rowCount: 3, fileName: '药品目录.xlsx' });

    const file = await download(admin, id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('药品目录.xlsx')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)[0]).toBe('药品目录');
    expect(values(2)).toEqual(['药品编码', '药品名称']);
    expect([values(3), values(4), values(5)]).toEqual([
      ['AX001', '阿莫西林胶囊'],
      ['AX002', '布洛芬缓释胶囊'],
      ['AX003', '二甲双胍片'],
    ]);

    // The notice "your export is ready", until cleared.
    const notices = (await admin.get(`${M}/list`)).body.data as { code: string; title: string }[];
    expect(notices).toEqual([expect.objectContaining({ code: id, title: '导出完成' })]);
    expect((await admin.post(`${A}/clear-mq-msg`)).body.data).toBe(1);
    expect((await admin.get(`${M}/list`)).body.data).toEqual([]);
    expect((await admin.get(`${A}/detail?id=${id}`)).body.data.noticeUnread).toBe(0);
  });

  it('is its owner’s only: another user or tenant gets 404 and changes nothing', async () => {
    const { id } = (await admin.post(`${A}/genrate-asyn-task`, drugExport)).body.data as { id: string };
    await finished(admin, id);
    for (const stranger of [doctor, otherAdmin]) {
      expect((await stranger.get(`${A}/detail?id=${id}`)).status).toBe(404);
      expect((await download(stranger, id)).statusCode).toBe(404);
      expect((await stranger.post(`${A}/remove?ids=${id}`)).status).toBe(404);
      expect((await stranger.post(`${A}/submit`, { id, rowVersion: 1, taskName: '偷看' })).status).toBe(404);
      expect((await stranger.get(`${A}/list`)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
      expect((await stranger.post(`${M}/clear?code=${id}`)).body.data).toBe(0);
    }
    expect((await admin.get(`${M}/list`)).body.data.map((m: { code: string }) => m.code)).toContain(id);
    expect((await admin.post(`${M}/clear?code=${id}`)).body.data).toBe(1);
    expect((await download(admin, id)).statusCode).toBe(200);
  });

  it('exports several at once, renames and removes (a queued task is cancelled)', async () => {
    const many = await admin.post(`${A}/genrate-asyn-tasks`, {
      tasks: [
        { ...drugExport, task_name: '药品一' },
        { ...drugExport, task_name: '药品二' },
      ],
    });
    expect(many.body.data.map((x: { taskName: string }) => x.taskName)).toEqual(['药品一', '药品二']);
    const [one, two] = many.body.data as { id: string; rowVersion: number }[];
    const renamed = await admin.post(`${A}/submit`, { id: one!.id, rowVersion: one!.rowVersion, taskName: '药品甲', remark: '月报' });
    expect(renamed.body.data).toMatchObject({ taskName: '药品甲', remark: '月报', rowVersion: one!.rowVersion + 1 });
    expect((await admin.post(`${A}/submit`, { id: one!.id, rowVersion: one!.rowVersion, taskName: '旧版' })).status).toBe(409);
    expect((await admin.post(`${A}/remove?ids=${two!.id}`)).body.data).toBe(1);
    expect((await admin.get(`${A}/detail?id=${two!.id}`)).status).toBe(404);
    const found = (await admin.get(`${A}/list?taskName_like=药品&size=50`)).body.data.records.map((r: { id: string }) => r.id);
    expect(found).toContain(one!.id);
    expect(found).not.toContain(two!.id);
    expect((await admin.get(`${A}/list?status=2&size=50`)).body.data.records.every((r: { status: number }) => r.status === 2)).toBe(true);
  });

  it('retries a failing export with back-off, then marks it 失败 with its message', async () => {
    // A job whose caller's session is unknown: every attempt's list call is refused (401).
    const id = newId();
    const caller = { ...(await t.deps.tokens.verifyAccess(admin.token))!, sid: '999999999' };
    await t.deps.db.executeQuery(
      sql`insert into iph_asyntask (id, tenant_id, user_id, task_name, list_url, request) values
        (${id}, '100001', ${caller.user_id}, '会失败的导出', ${drugExport.url}, ${JSON.stringify(drugExport)}::jsonb)`.compile(t.deps.db),
    );
    const job: ExportJob = { taskId: id, tenantId: '100001', caller };
    const started = Date.now();
    await t.deps.jobs.enqueue(EXPORT_QUEUE, job);
    const task = await finished(admin, id);
    expect(task).toMatchObject({ status: 3, statusText: '失败' });
    expect(task.errorMsg).toMatch(/令牌|登录|会话/);
    // One retry after at least the first back-off delay (1 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((await download(admin, id)).json().msg).toMatch(/^任务执行失败/);
    expect((await admin.get(`${M}/list`)).body.data.map((m: { code: string; title: string }) => [m.code, m.title])).toContainEqual([
      id,
      '导出失败',
    ]);
  });

  it('refuses bad input with a clear 4xx and queues nothing', async () => {
    const before = (await admin.get(`${A}/list`)).body.data.total as number;
    const refused = async (res: Promise<{ status: number; body: { msg: string } }>, status: number, msg?: RegExp) => {
      const r = await res;
      expect(r.status).toBe(status);
      if (msg) expect(r.body.msg).toMatch(msg);
    };
    await refused(
      admin.post(`${A}/genrate-asyn-task`, { ...drugExport, url: '/api/blade-iph-business/nothing/list' }),
      400,
      /导出接口不存在/,
    );
    await refused(admin.post(`${A}/genrate-asyn-task`, { ...drugExport, url: 'https://example.cn/list' }), 400, /只能导出本系统接口/);
    await refused(admin.post(`${A}/genrate-asyn-task`, { ...drugExport, columns: [] }), 400, /columns/);
    await refused(admin.post(`${A}/genrate-asyn-task`, { ...drugExport, columns: [{ label: '无列' }] }), 400, /prop/);
    await refused(admin.post(`${A}/genrate-asyn-task`, { columns: drugColumns }), 400);
    await refused(admin.post(`${A}/genrate-asyn-task`, { ...drugExport, params: {}, url: '/api/blade-iph-business/apimanage/list' }), 200);
    await refused(doctor.post(`${A}/genrate-asyn-task`, { ...drugExport, params: {}, url: '/api/blade-iph-business/apimanage/list' }), 403);
    await refused(admin.post(`${A}/genrate-asyn-tasks`, { tasks: [] }), 400);
    await refused(
      admin.post(`${A}/genrate-asyn-tasks`, { tasks: [drugExport, { ...drugExport, url: '/blade-x/none' }] }),
      400,
      /导出接口不存在/,
    );
    await refused(admin.get(`${A}/list?status=9`), 400);
    await refused(admin.get(`${A}/list?size=100000`), 400);
    await refused(admin.get(`${A}/detail`), 400);
    await refused(admin.get(`${A}/detail?id=abc`), 400);
    await refused(admin.get(`${A}/detail?id=123`), 404, /导出任务不存在/);
    const { id, rowVersion } = (await admin.get(`${A}/list`)).body.data.records[0] as { id: string; rowVersion: number };
    await refused(admin.post(`${A}/submit`, { id, taskName: '无版本' }), 428);
    await refused(admin.post(`${A}/submit`, { id, rowVersion, taskName: '  ' }), 400, /任务名称不能为空/);
    await refused(admin.post(`${A}/submit`, { rowVersion, taskName: '无编号' }), 400);
    await refused(admin.post(`${A}/submit`, { id, rowVersion, status: 2 }), 400);
    await refused(admin.post(`${A}/remove`), 400, /ids/);
    await refused(admin.post(`${A}/remove?ids=a,b`), 400);
    await refused(admin.post(`${A}/remove?ids=123`), 404);
    await refused(admin.post(`${A}/asyn-download`), 400);
    await refused(admin.post(`${A}/asyn-download?id=123`), 404);
    await refused(admin.post(`${A}/clear-mq-msg?ids=x`), 400);
    await refused(admin.post(`${M}/clear`), 400);
    await refused(admin.post(`${M}/clear?code=drop table`), 400, /code/);
    // A task still queued: 任务尚未完成.
    const waiting = newId();
    await t.deps.db.executeQuery(
      sql`insert into iph_asyntask (id, tenant_id, user_id, task_name, list_url, request) values
        (${waiting}, '100001', ${(await t.deps.tokens.verifyAccess(admin.token))!.user_id}, '排队中的导出', '/blade-x', '{}'::jsonb)`.compile(
        t.deps.db,
      ),
    );
    await refused(admin.post(`${A}/asyn-download?id=${waiting}`), 400, /^任务尚未完成$/);
    expect((await admin.get(`${A}/list`)).body.data.total).toBe(before + 2);
  });
});
