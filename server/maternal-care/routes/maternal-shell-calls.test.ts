// What the maternal shell's form tabs rely on (src/features/maternal): the save call it posts each form
// to, the record list filtered by the case (userfollowup/new-list with otherId), and the case detail it
// reloads after a save showing the risk colour and the 42-day close-off.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';
const OLD = '931000000000000001';
const OPEN = '931000000000000002';

let t: TestApp;
let doctor: Caller;
let woman: string;
let earlierId: string;

const firstValues = (o: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  lmp: '2024-04-01',
  age: 28,
  gravidity: 2,
  vaginalDeliveries: 1,
  cesareans: 0,
  pastHistory: ['1'],
  familyHistory: ['1'],
  personalHistory: ['1'],
  gynSurgery: '1',
  height: 160,
  weight: 55,
  sbp: 110,
  dbp: 70,
  heart: '1',
  lungs: '1',
  vulva: '1',
  vagina: '1',
  cervix: '1',
  uterus: '1',
  adnexa: '1',
  overall: '1',
  guidance: ['1'],
  referral: '1',
  nextVisitDate: '2024-07-20',
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
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  woman = row.id;
  // One resident, two pregnancies: an earlier one, whose first exam was saved while it was open and
  // which is closed since, and the current one, open.
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values({ id: OLD, tenant_id: '100001', kind: 'maternal', arch_id: woman, lmp: '2022-01-01', due_date: '2022-10-08', status: '1' })
    .execute();
  const earlier = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
    archId: woman,
    otherId: OLD,
    values: firstValues({ visitDate: '2022-02-20', lmp: '2022-01-01', nextVisitDate: '2022-03-20', gravidity: 1, vaginalDeliveries: 0 }),
  });
  expect(earlier.body).toMatchObject({ success: true, data: { otherId: OLD } });
  earlierId = earlier.body.data.id as string;
  await t.deps.db.updateTable('iph_user_archives_other').set({ status: '2' }).where('id', '=', OLD).execute();
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values({ id: OPEN, tenant_id: '100001', kind: 'maternal', arch_id: woman, lmp: '2024-04-01', due_date: '2025-01-06', status: '1' })
    .execute();
});
afterAll(() => t.close());

describe('the maternal shell’s calls (issue 32)', () => {
  it('lists a form’s records of one pregnancy only when the list names its otherId; the archive page’s list keeps them all', async () => {
    const current = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
      archId: woman,
      otherId: OPEN,
      values: firstValues({ riskOrange: ['1'] }),
    });
    expect(current.body).toMatchObject({ success: true, data: { otherId: OPEN } });

    const list = (otherId?: string) =>
      doctor.get(`${U}/new-list?archId=${woman}&formCode=maternalfirstvisit&current=1&size=200${otherId ? `&otherId=${otherId}` : ''}`);
    const ids = (res: { body: { data: { records: { id: string }[] } } }) => res.body.data.records.map((r) => r.id).sort();
    expect(ids(await list(OPEN))).toEqual([current.body.data.id]);
    expect(ids(await list(OLD))).toEqual([earlierId]);
    expect(ids(await list())).toEqual([earlierId, current.body.data.id].sort());
    expect(ids(await list('931000000000009999'))).toEqual([]);
    expect(await list('9'.repeat(41))).toMatchObject({ status: 400 });
  });

  it('the case detail the header reloads shows the risk colour of the first exam, then 结案 after the 42-day exam', async () => {
    const detail = async () => (await doctor.get(`/api/blade-iph-business/userarchivesother/detail?otherId=${OPEN}`)).body.data;
    expect(await detail()).toMatchObject({ status: '1', riskColor: 'orange' });
    const exam = await doctor.post(`${U}/postpartum_42_days_health_check`, {
      archId: woman,
      otherId: OPEN,
      values: {
        visitDate: '2025-01-20',
        deliveryDate: '2024-12-05',
        generalHealth: '良好',
        mentalState: '良好',
        sbp: 115,
        dbp: 75,
        breast: '1',
        lochia: '1',
        uterus: '1',
        wound: '1',
        classification: '1',
        guidance: ['1'],
        handling: '1',
        doctorSign: '王医生',
      },
    });
    expect(exam.body).toMatchObject({ success: true, data: { otherId: OPEN } });
    expect(await detail()).toMatchObject({ status: '2', statusText: '结案', riskColor: 'orange', closeDate: '2025-01-20' });
  });

  it('a closed pregnancy takes no new visit but its records can still be corrected; a save naming another resident’s case is refused, the generic submit too', async () => {
    const again = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
      archId: woman,
      otherId: OLD,
      values: firstValues({ visitDate: '2022-03-01', lmp: '2022-01-01', nextVisitDate: '2022-04-01' }),
    });
    expect(again.body).toMatchObject({ success: false, msg: '孕产妇档案已结案，不能新增随访' });
    const detail = await doctor.get(`${U}/detail?id=${earlierId}`);
    const fix = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
      id: earlierId,
      rowVersion: detail.body.data.rowVersion,
      archId: woman,
      otherId: OLD,
      values: firstValues({
        visitDate: '2022-02-20',
        lmp: '2022-01-01',
        nextVisitDate: '2022-03-20',
        gravidity: 1,
        vaginalDeliveries: 0,
        doctorSign: '李医生',
      }),
    });
    expect(fix.body).toMatchObject({ success: true, msg: '更新成功' });

    const other = await t.deps.db
      .selectFrom('user_archive')
      .select('id')
      .where('tenant_id', '=', '100001')
      .where('is_deleted', '=', 0)
      .where('id', '<>', woman)
      .executeTakeFirstOrThrow();
    const generic = await doctor.post(`${U}/submit`, {
      archId: other.id,
      otherId: OPEN,
      formCode: 'hypertensionfollowup',
      values: { visitDate: '2024-06-10' },
    });
    expect(generic.body).toMatchObject({ success: false, msg: '孕产妇档案不存在' });
  });
});
