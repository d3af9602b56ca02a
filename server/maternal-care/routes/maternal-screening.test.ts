// 产前筛查 in the maternal shell (schemas/maternalscreening.json): the spec names no save call for it,
// so the shell saves it through the generic userfollowup/submit with the case's otherId, which checks
// the case as the spec calls do.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';
const OPEN = '932000000000000001';
const CANCELLED = '932000000000000002';

let t: TestApp;
let doctor: Caller;
let woman: string;

const screening = (o: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  lmp: '2024-02-05',
  screenMethod: '2',
  screenOrg: '区妇幼保健院',
  t21Risk: '1',
  t21Ratio: '1/5000',
  t18Risk: '1',
  ntdRisk: '1',
  screenResult: '1',
  referral: '1',
  doctorSign: '王医生',
  ...o,
});

beforeAll(async () => {
  t = await createTestApp();
  doctor = await loginAs(t.app, 'doctor');
  const row = await t.deps.db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('sex', '=', '2')
    .where(sql<boolean>`birthday between '1985-01-01' and '2000-12-31'`)
    .orderBy('id', 'asc')
    .executeTakeFirstOrThrow();
  woman = row.id;
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values([
      { id: OPEN, tenant_id: '100001', kind: 'maternal', arch_id: woman, lmp: '2024-02-05', due_date: '2024-11-11', status: '1' },
      { id: CANCELLED, tenant_id: '100001', kind: 'maternal', arch_id: woman, lmp: '2023-01-01', due_date: '2023-10-08', status: '3' },
    ])
    .execute();
});
afterAll(() => t.close());

describe('产前筛查 saved by the generic submit under the pregnancy', () => {
  it('is listed under its case; a high risk without a referral, and a cancelled case, are refused with their words', async () => {
    const saved = await doctor.post(`${U}/submit`, { archId: woman, otherId: OPEN, formCode: 'maternalscreening', values: screening() });
    expect(saved.body).toMatchObject({ success: true, data: { otherId: OPEN } });
    const list = await doctor.get(`${U}/new-list?archId=${woman}&formCode=maternalscreening&current=1&size=20&otherId=${OPEN}`);
    expect(list.body.data.records.map((r: { id: string }) => r.id)).toEqual([saved.body.data.id]);
    expect(list.body.data.records[0].values).toMatchObject({ gestationWeeks: 18, gestationText: '孕18周' });

    const high = await doctor.post(`${U}/submit`, {
      archId: woman,
      otherId: OPEN,
      formCode: 'maternalscreening',
      values: screening({ t21Risk: '2', t21Ratio: '1/120', screenResult: '2' }),
    });
    expect(high.body.success).toBe(false);
    expect(JSON.stringify(high.body)).toContain('筛查高风险，应建议孕妇行产前诊断');

    const cancelled = await doctor.post(`${U}/submit`, {
      archId: woman,
      otherId: CANCELLED,
      formCode: 'maternalscreening',
      values: screening(),
    });
    expect(cancelled.body).toMatchObject({ success: false, msg: '孕产妇档案已注销，不能保存' });
  });
});
