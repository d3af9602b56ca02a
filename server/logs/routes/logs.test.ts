import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessClaims } from '../../auth/services/tokens';
import type { Database } from '../../db/schema';
import { answerError } from '../../http/error-handler';
import { requestIdOf } from '../../http/logging';
import { ApiLogWriter } from '../services/api-log-writer';
import { registerRequestLogs } from './request-logs';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { ApiLogView, WebLogView } from '../../../src/shared/contract/logs';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let otherAdmin: Caller;

type Row = Record<string, unknown>;

/** The api and error logs are written after the reply: wait (briefly) for the row to arrive. */
async function eventually(read: () => Promise<Row[]>, found: (rows: Row[]) => boolean): Promise<Row[]> {
  for (let i = 0; i < 100; i += 1) {
    const rows = await read();
    if (found(rows)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the log row never arrived');
}

const records = async (who: Caller, url: string) => (await who.get(url)).body.data.records as Row[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
});
afterAll(() => t.close());

describe('blade-log/web: the browsers’ logs', () => {
  it('lists, shows and removes the tenant’s web logs; a removed row leaves the list but stays stored', async () => {
    const sent = await doctor.post('/api/blade-log/web/saveLogs', [
      {
        type: 'error',
        message: 'Cannot read properties of undefined (reading archId)',
        stack: 'at FollowupPage',
        url: '/followup',
        time: '2026-11-26 10:00:00',
      },
      { type: 'warn', message: '慢请求', url: '/archives', time: '2026-11-26 10:00:01' },
    ]);
    expect(sent.body.success).toBe(true);

    const page = (await admin.get('/api/blade-log/web/list?current=1&size=10&type_equal=error')).body.data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    const row = page.records[0] as Row;
    // Exactly the contract's fields (src/shared/contract/logs.ts).
    expect(Object.keys(row).sort()).toEqual(Object.keys(WebLogView.properties).sort());
    expect(row).toMatchObject({ type: 'error', url: '/followup', time: '2026-11-26 10:00:00', userId: '2302', stack: 'at FollowupPage' });
    expect((await admin.get(`/api/blade-log/web/detail?id=${row.id as string}`)).body.data.message).toBe(
      'Cannot read properties of undefined (reading archId)',
    );
    expect((await records(admin, '/api/blade-log/web/list?message_like=慢请求')).map((r) => r.type)).toEqual(['warn']);

    expect((await admin.post(`/api/blade-log/web/remove?ids=${row.id as string}`)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect(await records(admin, '/api/blade-log/web/list?type_equal=error')).toEqual([]);
    expect((await admin.get(`/api/blade-log/web/detail?id=${row.id as string}`)).status).toBe(404);
    expect((await admin.post(`/api/blade-log/web/remove?ids=${row.id as string}`)).status).toBe(404);
    // Audit retention: the row is still in the table.
    const kept = await t.deps.db
      .selectFrom('blade_log_web')
      .select('message')
      .where('id', '=', row.id as string)
      .executeTakeFirst();
    expect(kept?.message).toBe('Cannot read properties of undefined (reading archId)');
  });

  it('another tenant’s administrator sees none of them; a doctor may not look', async () => {
    expect(await records(otherAdmin, '/api/blade-log/web/list?message_like=慢请求')).toEqual([]);
    expect((await doctor.get('/api/blade-log/web/list')).status).toBe(403);
    expect((await doctor.post('/api/blade-log/web/remove?ids=1')).status).toBe(403);
  });
});

describe('blade-log/api: the write calls', () => {
  it('records each write (who, status, duration), not the reads, with secret query values hidden', async () => {
    const submitted = await admin.post('/api/blade-desk/notice/submit', { title: '接口日志测试通知' });
    expect(submitted.body.success).toBe(true);
    await admin.get('/api/blade-desk/notice/list?title_like=接口日志');
    const rows = await eventually(
      () => records(admin, '/api/blade-log/api/list?size=50&requestUri_like=/blade-desk/notice/submit'),
      (r) => r.length > 0,
    );
    expect(rows[0]).toMatchObject({
      method: 'POST',
      requestUri: '/blade-desk/notice/submit',
      status: 200,
      createBy: 'admin',
      userId: '2301',
      tenantId: '100001',
    });
    expect(typeof rows[0]!.time).toBe('number');
    expect(Object.keys(rows[0]!).sort()).toEqual(Object.keys(ApiLogView.properties).sort());
    expect((await admin.get(`/api/blade-log/api/detail?id=${rows[0]!.id as string}`)).body.data.requestId).toBe(rows[0]!.requestId);
    expect(await records(admin, '/api/blade-log/api/list?method_equal=GET')).toEqual([]);

    // A refused write is logged with its status; a token in the query string is not.
    await doctor.post('/api/blade-desk/notice/remove?ids=1&access_token=abc123');
    const refused = await eventually(
      () => records(admin, '/api/blade-log/api/list?createBy_equal=doctor&status_equal=403&requestUri_like=/blade-desk/notice/remove'),
      (r) => r.length > 0,
    );
    expect(refused[0]!.requestUri).toBe(`/blade-desk/notice/remove?ids=1&access_token=${encodeURIComponent('[已隐藏]')}`);
  });

  it('is the caller’s tenant’s only, and administrators’ only', async () => {
    expect(await records(otherAdmin, '/api/blade-log/api/list?requestUri_like=/blade-desk/notice/submit')).toEqual([]);
    expect((await doctor.get('/api/blade-log/api/list')).status).toBe(403);
    expect((await admin.get('/api/blade-log/api/detail?id=1')).status).toBe(404);
  });
});

describe('blade-log/error: the 5xx answers', () => {
  const claims: AccessClaims = {
    tenant_id: '100001',
    user_id: '2302',
    account: 'doctor',
    user_name: '张伟',
    real_name: '张伟',
    role_id: '2202',
    role_name: '医生',
    role_alias: 'doctor',
    dept_id: '2100',
    team_id: '2401',
    sid: 's',
  };

  /** A server with the app's log hooks and error handler, and a route that fails the way a broken database call does. */
  async function failingServer(db: Kysely<Database>): Promise<FastifyInstance> {
    const app = Fastify({ genReqId: requestIdOf });
    // The app's own error handler: the message must reach the log through it too.
    app.setErrorHandler(answerError);
    app.decorateRequest('auth', null as unknown as AccessClaims);
    app.addHook('onRequest', async (request) => {
      request.auth = claims;
    });
    registerRequestLogs(app, { db, now: () => Date.now(), apiLog: new ApiLogWriter(db) });
    app.get('/blade-x/broken', async () => {
      throw new Error('connect to postgres://phw:s3cret-pw@db.internal/phw failed');
    });
    app.post('/blade-x/write', async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('keeps the request id, method, URL and message — the password in it hidden, no stack', async () => {
    const server = await failingServer(t.appDb);
    const answer = await server.inject({
      method: 'GET',
      url: '/blade-x/broken?password=hunter2',
      headers: { 'x-request-id': 'req-error-log-1' },
    });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().msg).toBe('服务器内部错误，请稍后重试');
    await server.close();

    const rows = await eventually(
      () => records(admin, '/api/blade-log/error/list?requestId_equal=req-error-log-1'),
      (r) => r.length > 0,
    );
    const detail = (await admin.get(`/api/blade-log/error/detail?id=${rows[0]!.id as string}`)).body.data as Row;
    expect(detail).toMatchObject({
      requestId: 'req-error-log-1',
      method: 'GET',
      status: 500,
      createBy: 'doctor',
      message: 'connect to postgres://[已隐藏]@db.internal/phw failed',
    });
    expect(detail.requestUri).toBe(`/blade-x/broken?password=${encodeURIComponent('[已隐藏]')}`);
    expect(JSON.stringify(detail)).not.toMatch(/s3cret|hunter2|\bat \w/);
    expect(await records(otherAdmin, '/api/blade-log/error/list?requestId_equal=req-error-log-1')).toEqual([]);
    expect((await doctor.get('/api/blade-log/error/list')).status).toBe(403);
  });

  it('a log that cannot be written never fails the call', async () => {
    const broken = new Proxy(t.appDb, {
      get: (target, key, receiver) =>
        key === 'insertInto'
          ? () => {
              throw new Error('database gone');
            }
          : Reflect.get(target, key, receiver),
    });
    const server = await failingServer(broken);
    expect((await server.inject({ method: 'POST', url: '/blade-x/write' })).json()).toEqual({ ok: true });
    expect((await server.inject({ method: 'GET', url: '/blade-x/broken' })).statusCode).toBe(500);
    await server.close();
  });
});
