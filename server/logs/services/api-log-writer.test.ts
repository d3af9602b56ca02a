// The api log's batches: nothing is lost, each tenant's rows land in that tenant, and a flush waits
// for the rows (the log viewer flushes before it reads).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../db/tenant-scope';
import type { CallFacts } from '../repositories/request-logs';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { API_LOG_BATCH_MAX, ApiLogWriter } from './api-log-writer';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const facts = (tenantId: string, requestId: string): CallFacts => ({
  tenantId,
  requestId,
  userId: 'u1',
  account: 'tester',
  method: 'POST',
  requestUri: '/api/blade-x/write',
  status: 200,
  remoteIp: '127.0.0.1',
  time: new Date(),
});

const rowsOf = (prefix: string) =>
  asSystem('test: read the api log', () =>
    t.deps.db
      .selectFrom('blade_log_api')
      .select(['tenant_id', 'request_id'])
      .where('request_id', 'like', `${prefix}%`)
      .orderBy('request_id')
      .execute(),
  );

describe('ApiLogWriter', () => {
  it('writes queued calls of two tenants into their own tenants when flushed, and not before', async () => {
    const writer = new ApiLogWriter(t.deps.db);
    writer.add({ facts: facts('100001', 'batch-a-1'), durationMs: 3 });
    writer.add({ facts: facts('100002', 'batch-a-2'), durationMs: 4 });
    writer.add({ facts: facts('100001', 'batch-a-3'), durationMs: 5 });
    expect(await rowsOf('batch-a-')).toEqual([]);
    await writer.flush();
    expect(await rowsOf('batch-a-')).toEqual([
      { tenant_id: '100001', request_id: 'batch-a-1' },
      { tenant_id: '100002', request_id: 'batch-a-2' },
      { tenant_id: '100001', request_id: 'batch-a-3' },
    ]);
  });

  it('writes a full batch without waiting for its timer, and a later flush waits for it', async () => {
    const writer = new ApiLogWriter(t.deps.db);
    for (let i = 0; i < API_LOG_BATCH_MAX; i++)
      writer.add({ facts: facts('100001', `batch-b-${String(i).padStart(4, '0')}`), durationMs: 1 });
    await writer.flush();
    expect(await rowsOf('batch-b-')).toHaveLength(API_LOG_BATCH_MAX);
  });

  it('says which rows it could not write and keeps writing the next batches', async () => {
    const warnings: string[] = [];
    const writer = new ApiLogWriter(t.deps.db, (message) => warnings.push(message));
    // A NUL in a text column is refused by the database (logs/routes/request-logs.ts strips them before).
    writer.add({ facts: { ...facts('100001', 'batch-c-1'), account: 'a\u0000b' }, durationMs: 1 });
    await writer.flush();
    writer.add({ facts: facts('100001', 'batch-c-2'), durationMs: 1 });
    await writer.flush();
    expect((await rowsOf('batch-c-')).map((r) => r.request_id)).toEqual(['batch-c-2']);
    expect(warnings).toEqual([expect.stringContaining('1 条接口日志未能写入')]);
  });
});
