import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const R = '/api/blade-iph-business/formrecord';
const H = '/api/blade-iph-business/userarchivesotherdev/history';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let archIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  archIds = await demoArchiveIds(t.deps.db);
});
afterAll(() => t.close());

describe('userarchivesotherdev history(otherId)', () => {
  it('lists every change of the records filed under one otherId, newest first, and nothing of another otherId', async () => {
    const first = await doctor.post(`${R}/submit`, {
      formCode: 'hypertensionfollowup',
      archId: archIds[0],
      otherId: 'M-7001',
      values: goodHypertensionValues(),
    });
    expect(first.body.success).toBe(true);
    const record = first.body.data;
    const updated = await doctor.post(`${R}/submit`, {
      ...record,
      id: record.id,
      rowVersion: record.rowVersion,
      values: goodHypertensionValues({ sbp: 128 }),
    });
    expect(updated.body.success).toBe(true);
    await doctor.post(`${R}/submit`, {
      formCode: 'hypertensionfollowup',
      archId: archIds[0],
      otherId: 'M-7002',
      values: goodHypertensionValues(),
    });

    const res = await doctor.get(`${H}?otherId=M-7001`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.every((h: { recordId: string }) => h.recordId === record.id)).toBe(true);
    expect(res.body.data.map((h: { rowVersion: number }) => h.rowVersion)).toEqual([2, 1]);
    expect(res.body.data[0]).toMatchObject({ updateUserName: '张伟' });
  });

  it('answers another tenant with an empty history, never the rows', async () => {
    const res = await otherTenant.get(`${H}?otherId=M-7001`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('refuses a missing or malformed otherId with the parameter named', async () => {
    const missing = await doctor.get(H);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('otherId');
    const bad = await doctor.get(`${H}?otherId=${encodeURIComponent("1' or 1=1")}`);
    expect(bad.status).toBe(400);
  });
});
