// The kept registry (docs/decisions/0019): a publish reaches the archive menu at the next call in
// this process, and a read that began before a clear is not kept after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asSystem } from '../../db/tenant-scope';
import { demoArchiveIds, loginAs, type Caller } from '../routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TenantCache } from '../../platform/services/tenant-cache';

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let archId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  [archId] = (await asSystem('test: an archive', () => demoArchiveIds(t.deps.db))) as [string];
});
afterAll(() => t.close());

const menu = async () =>
  (
    (await doctor.get(`/api/blade-iph-business/healthmenu/getHealthMenuRoutes?archId=${archId}`)).body.data.routes as { name: string }[]
  ).map((r) => r.name);

describe('the form registry kept per tenant', () => {
  it('shows a form in the archive menu at the next call after its publish, though the registry was kept just before', async () => {
    expect(await menu()).not.toContain('登记缓存测试');
    const created = await admin.post('/api/blade-iph-business/form/submit', {
      document: {
        formCode: 'registrycachetest',
        formName: '登记缓存测试',
        version: 1,
        placement: { kind: 'other', menu: { title: '登记缓存测试', order: 97 } },
        fields: [{ fieldProp: 'visitDate', fieldLabel: '登记日期', fieldType: 5, required: 1 }],
      },
    });
    const id = created.body.data.id as string;
    expect((await admin.post(`/api/blade-iph-business/form/publish?id=${id}`)).body).toMatchObject({ success: true });
    expect(await menu()).toContain('登记缓存测试');
  });
});

describe('TenantCache generations', () => {
  it('does not keep a value read before a clear of its tenant, nor before a clear of every tenant', () => {
    const cache = new TenantCache<string>();
    const before = cache.generation('t1');
    cache.clear(['t1']);
    cache.setIfCurrent('t1', 'k', 'stale', before);
    expect(cache.get('t1', 'k')).toBeUndefined();
    const beforeAll = cache.generation('t1');
    cache.clear(['*']);
    cache.setIfCurrent('t1', 'k', 'stale', beforeAll);
    expect(cache.get('t1', 'k')).toBeUndefined();
    const now = cache.generation('t1');
    cache.clear(['t2']); // another tenant's clear does not concern t1
    cache.setIfCurrent('t1', 'k', 'fresh', now);
    expect(cache.get('t1', 'k')).toBe('fresh');
  });
});
