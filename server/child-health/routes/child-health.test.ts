import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from '../../forms/routes/form-test-support';
import { ageIn } from './child-health';

const U = '/api/blade-iph-business/userfollowup';
const EXAM18 = `${U}/save_or_update_1_8_children_health_check`;
const NEWBORN = `${U}/save-or-update-neonatal-family-userfollow-up`;

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let archId: string;
let secondArch: string;
const CASE = '9100000000000001';
const CANCELLED = '9100000000000002';

/** A child case (the other helper's create-or-update call is not here yet): inserted directly. */
async function addChildCase(id: string, arch: string, status: '1' | '3' = '1') {
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values({
      id,
      tenant_id: '100001',
      arch_id: arch,
      kind: 'child',
      birth_date: '2025-12-10',
      child_sex: '1',
      status,
      doctor_id: null,
      mother_arch_id: null,
      create_user: null,
    })
    .execute();
}

const exam = (over: Record<string, unknown> = {}) => ({
  visitDate: '2026-06-10',
  birthDate: '2025-12-10',
  sex: '1',
  visitMonth: '3',
  weight: 7.9,
  height: 67.6,
  headCircumference: 43.3,
  referral: '1',
  nextVisitDate: '2026-08-10',
  doctorSign: '李医生',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  const ids = await demoArchiveIds(t.deps.db);
  archId = ids[0]!;
  secondArch = ids[1]!;
  // The resident is a six-month-old boy for these tests.
  await t.deps.db.updateTable('user_archive').set({ birthday: '2025-12-10', sex: '1' }).where('id', 'in', [archId, secondArch]).execute();
  await addChildCase(CASE, archId);
  await addChildCase(CANCELLED, archId, '3');
});
afterAll(() => t.close());

describe('months-of-age (spec 001 §5 month age)', () => {
  it('counts months as the spec does, and days, weeks and years on request', async () => {
    const q = (s: string, e: string, unit?: string) =>
      doctor.get(`${U}/months-of-age?startDate=${s}&endDate=${e}${unit ? `&unit=${unit}` : ''}`);
    expect((await q('2026-01-01', '2026-03-15')).body.data).toBe(2);
    expect((await q('2026-01-01', '2026-01-28')).body.data).toBe(0);
    expect((await q('2026-01-01', '2026-01-29')).body.data).toBe(1);
    expect((await q('2026-01-01', '2026-01-29', 'day')).body.data).toBe(28);
    expect((await q('2026-01-01', '2026-01-29', 'week')).body.data).toBe(4);
    expect((await q('2020-02-29', '2026-02-28', 'year')).body.data).toBe(6);
  });

  it('answers null for reversed or invalid dates and refuses an unknown unit', async () => {
    expect((await doctor.get(`${U}/months-of-age?startDate=2026-03-01&endDate=2026-01-01`)).body.data).toBeNull();
    expect((await doctor.get(`${U}/months-of-age?startDate=2026-02-30&endDate=2026-04-01`)).body.data).toBeNull();
    expect((await doctor.get(`${U}/months-of-age?startDate=abc&endDate=2026-04-01`)).body.data).toBeNull();
    const bad = await doctor.get(`${U}/months-of-age?startDate=2026-01-01&endDate=2026-04-01&unit=decade`);
    expect(bad.status).toBe(400);
    expect((await doctor.get(`${U}/months-of-age?startDate=2026-01-01`)).status).toBe(400);
    expect(ageIn('2026-01-01 08:00:00', '2026-02-01 09:00:00')).toBe(1);
  });
});

describe('the child exams save through their spec calls', () => {
  it('saves a 1～8月龄 exam under the child case, with the WHO z-scores the server computed', async () => {
    const res = await doctor.post(EXAM18, { archId, otherId: CASE, values: exam() });
    expect(res.body.msg).toBe('新增成功');
    expect(res.body.success).toBe(true);
    const values = res.body.data.values;
    expect(values.monthAge).toBe(6);
    expect(values.weightZ).toBe(-0.03);
    expect(values.heightZ).toBe(0.01);
    expect(values.weightEval).toBe('正常');
  });

  it('refuses a new record without a child case, with a cancelled case, or another tenant’s case', async () => {
    const none = await doctor.post(EXAM18, { archId, values: exam() });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请先建立儿童档案');
    const cancelled = await doctor.post(EXAM18, { archId, otherId: CANCELLED, values: exam() });
    expect(cancelled.status).toBe(400);
    expect(cancelled.body.msg).toContain('已注销');
    const wrongArch = await doctor.post(EXAM18, { archId: secondArch, otherId: CASE, values: exam() });
    expect(wrongArch.status).toBe(404);
    const foreign = await otherTenant.post(EXAM18, { archId, otherId: CASE, values: exam() });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
  });

  it('binds the 12～30月龄 and 3～6岁 calls to their own forms, each under a child case', async () => {
    for (const [path, formCode] of [
      [`${U}/save_or_update_12_30_children_health_check`, 'childexam12to30'],
      [`${U}/save_or_update_3_6_year_children_health_check`, 'childexam3to6'],
    ] as const) {
      const other = await doctor.post(path, { archId, otherId: CASE, formCode: 'childexam1to8', values: exam() });
      expect([other.status, other.body.msg]).toEqual([400, `该接口只保存表单 ${formCode}`]);
      const none = await doctor.post(path, { archId, values: {} });
      expect([none.status, none.body.msg]).toEqual([400, '请先建立儿童档案']);
      const cancelled = await doctor.post(path, { archId, otherId: CANCELLED, values: {} });
      expect(cancelled.body.msg).toContain('已注销');
    }
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await doctor.get(`${U}/get-children-userfollow-up?archId=${archId}`);
    const beforeCount = before.body.data.length;
    const zeroWeight = await doctor.post(NEWBORN, {
      archId,
      otherId: CASE,
      values: {
        visitDate: '2025-12-17',
        birthDate: '2025-12-10',
        sex: '1',
        gestationWeeks: 39,
        birthWeight: 0,
        feeding: '1',
        weight: 3.4,
        referral: '1',
        nextVisitDate: '2026-01-10',
        doctorSign: '李医生',
      },
    });
    expect(zeroWeight.status).toBe(400);
    expect(JSON.stringify(zeroWeight.body)).toContain('出生体重应在0.5～7kg之间');
    const nineKg = await doctor.post(NEWBORN, {
      archId,
      otherId: CASE,
      values: {
        visitDate: '2025-12-17',
        birthDate: '2025-12-10',
        sex: '1',
        gestationWeeks: 39,
        birthWeight: 9,
        feeding: '1',
        weight: 3.4,
        referral: '1',
        nextVisitDate: '2026-01-10',
        doctorSign: '李医生',
      },
    });
    expect(nineKg.status).toBe(400);
    const beforeBirth = await doctor.post(EXAM18, {
      archId,
      otherId: CASE,
      values: exam({ visitDate: '2025-12-01', nextVisitDate: '2026-01-01' }),
    });
    expect(beforeBirth.status).toBe(400);
    expect(JSON.stringify(beforeBirth.body)).toContain('不能早于出生日期');
    const after = await doctor.get(`${U}/get-children-userfollow-up?archId=${archId}`);
    expect(after.body.data.length).toBe(beforeCount);
  });
});

describe('get-children-userfollow-up', () => {
  it('lists a child’s records across the child forms, newest first, and nothing to another tenant', async () => {
    await doctor.post(NEWBORN, {
      archId,
      otherId: CASE,
      values: {
        visitDate: '2025-12-17',
        birthDate: '2025-12-10',
        sex: '1',
        gestationWeeks: 39,
        birthWeight: 3.3,
        feeding: '1',
        weight: 3.4,
        referral: '1',
        nextVisitDate: '2026-01-10',
        doctorSign: '李医生',
      },
    });
    const res = await doctor.get(`${U}/get-children-userfollow-up?archId=${archId}&otherId=${CASE}`);
    expect(res.status).toBe(200);
    const forms = res.body.data.map((r: { formCode: string }) => r.formCode);
    expect(forms).toEqual(['childexam1to8', 'childnewbornvisit']);
    expect(res.body.data[0].values.weightZ).toBe(-0.03);
    const foreign = await otherTenant.get(`${U}/get-children-userfollow-up?archId=${archId}`);
    expect(foreign.status).toBe(404);
    expect((await doctor.get(`${U}/get-children-userfollow-up`)).status).toBe(400);
  });
});

describe('the maternal shell’s newborn visits and the eye check (spec 001 §7)', () => {
  const MOTHER_CASE = '9100000000000011';
  const BABY_CASE = '9100000000000012';
  let motherArch: string;
  const visit = {
    visitDate: '2025-12-17',
    birthDate: '2025-12-10',
    sex: '1',
    gestationWeeks: 39,
    birthWeight: 3.3,
    feeding: '1',
    weight: 3.4,
    referral: '1',
    nextVisitDate: '2026-01-10',
    doctorSign: '李医生',
  };

  beforeAll(async () => {
    const ids = await demoArchiveIds(t.deps.db);
    motherArch = ids[2]!;
    await t.deps.db.updateTable('user_archive').set({ sex: '2', birthday: '1995-05-05' }).where('id', '=', motherArch).execute();
    await t.deps.db
      .insertInto('iph_user_archives_other')
      .values({
        id: MOTHER_CASE,
        tenant_id: '100001',
        arch_id: motherArch,
        kind: 'maternal',
        lmp: '2025-03-05',
        status: '1',
        doctor_id: null,
        create_user: null,
      })
      .execute();
    await addChildCase(BABY_CASE, secondArch);
    await t.deps.db.updateTable('iph_user_archives_other').set({ mother_arch_id: motherArch }).where('id', '=', BABY_CASE).execute();
  });

  it('save-maternal-children-visits and -family-visits save the newborn visit under the baby’s case; the mother’s list shows them', async () => {
    const a = await doctor.post(`${U}/save-maternal-children-visits`, { archId: secondArch, otherId: BABY_CASE, values: visit });
    expect([a.status, a.body.msg]).toEqual([200, '新增成功']);
    expect(a.body.data.formCode).toBe('childnewbornvisit');
    expect(a.body.data.followId).toBe(a.body.data.id);
    const b = await doctor.post(`${U}/save-maternal-children-family-visits`, {
      archId: secondArch,
      otherId: BABY_CASE,
      values: { ...visit, visitDate: '2025-12-24', weight: 3.6 },
    });
    expect([b.status, b.body.msg]).toEqual([200, '新增成功']);
    // An update through the same call keeps its case and answers 更新成功.
    const edited = await doctor.post(`${U}/save-maternal-children-family-visits`, {
      id: b.body.data.id,
      rowVersion: b.body.data.rowVersion,
      values: { ...visit, visitDate: '2025-12-24', weight: 3.7 },
    });
    expect([edited.status, edited.body.msg]).toEqual([200, '更新成功']);

    const list = await doctor.get(`${U}/list-maternal-children-visits?archId=${motherArch}&otherId=${MOTHER_CASE}`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { visitDate: string; values: { weight: number } }) => [r.visitDate, r.values.weight])).toEqual([
      ['2025-12-24', 3.7],
      ['2025-12-17', 3.4],
    ]);
    // Her maternal list of 产后访视 is not these.
    expect(
      list.body.data.every((r: { formCode: string; otherId: string }) => r.formCode === 'childnewbornvisit' && r.otherId === BABY_CASE),
    ).toBe(true);
  });

  it('refuses the maternal-side saves without a child case, or with the mother’s case, and another form', async () => {
    const none = await doctor.post(`${U}/save-maternal-children-visits`, { archId: secondArch, values: visit });
    expect([none.status, none.body.msg]).toEqual([400, '请先建立儿童档案']);
    const mothers = await doctor.post(`${U}/save-maternal-children-family-visits`, {
      archId: motherArch,
      otherId: MOTHER_CASE,
      values: visit,
    });
    expect([mothers.status, mothers.body.msg]).toEqual([404, '儿童档案不存在']);
    const other = await doctor.post(`${U}/save-maternal-children-visits`, {
      archId: secondArch,
      otherId: BABY_CASE,
      formCode: 'childexam1to8',
      values: visit,
    });
    expect([other.status, other.body.msg]).toEqual([400, '该接口只保存表单 childnewbornvisit']);
    const zero = await doctor.post(`${U}/save-maternal-children-visits`, {
      archId: secondArch,
      otherId: BABY_CASE,
      values: { ...visit, birthWeight: 0 },
    });
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain('出生体重应在0.5～7kg之间');
    const early = await doctor.post(`${U}/save-maternal-children-visits`, {
      archId: secondArch,
      otherId: BABY_CASE,
      values: { ...visit, visitDate: '2025-12-01' },
    });
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('本次访视日期不能早于出生日期');
  });

  it('list-maternal-children-visits checks its parameters, the case’s resident and the tenant', async () => {
    const noOther = await doctor.get(`${U}/list-maternal-children-visits?archId=${motherArch}`);
    expect([noOther.status, noOther.body.msg]).toEqual([400, '请先建立孕产妇档案（缺少 otherId）']);
    const noArch = await doctor.get(`${U}/list-maternal-children-visits?otherId=${MOTHER_CASE}`);
    expect(noArch.status).toBe(400);
    const wrongArch = await doctor.get(`${U}/list-maternal-children-visits?archId=${secondArch}&otherId=${MOTHER_CASE}`);
    expect([wrongArch.status, wrongArch.body.msg]).toEqual([404, '孕产妇档案不存在']);
    const childCase = await doctor.get(`${U}/list-maternal-children-visits?archId=${secondArch}&otherId=${BABY_CASE}`);
    expect(childCase.status).toBe(404);
    const foreign = await otherTenant.get(`${U}/list-maternal-children-visits?archId=${motherArch}&otherId=${MOTHER_CASE}`);
    expect(foreign.status).toBe(404);
  });

  it('creating-child-eye-care saves an eye check (childeyecare) under the child case', async () => {
    const eye = {
      visitDate: '2026-06-10',
      birthDate: '2025-12-10',
      sex: '1',
      appearance: '1',
      conclusion: '1',
      referral: '1',
      doctorSign: '李医生',
    };
    const res = await doctor.post(`${U}/creating-child-eye-care`, { archId, otherId: CASE, values: eye });
    expect([res.status, res.body.msg]).toEqual([200, '新增成功']);
    expect(res.body.data.formCode).toBe('childeyecare');
    expect(res.body.data.values.monthAge).toBe(6);
    const none = await doctor.post(`${U}/creating-child-eye-care`, { archId, values: eye });
    expect([none.status, none.body.msg]).toEqual([400, '请先建立儿童档案']);
    const foreign = await otherTenant.post(`${U}/creating-child-eye-care`, { archId, otherId: CASE, values: eye });
    expect(foreign.status).toBe(404);
    const records = await doctor.get(`${U}/get-children-userfollow-up?archId=${archId}&otherId=${CASE}`);
    expect(records.body.data.map((r: { formCode: string }) => r.formCode)).toContain('childeyecare');
  });
});

describe('the high-risk register and TCM guidance forms', () => {
  it('store under the child case, appear among the child’s records, and refuse a birth weight of 9 kg', async () => {
    const submit = (formCode: string, values: Record<string, unknown>) =>
      doctor.post('/api/blade-iph-business/formrecord/submit', { formCode, archId, otherId: CASE, values });
    const highRisk = {
      registerDate: '2025-12-20',
      birthDate: '2025-12-10',
      sex: '1',
      gestationWeeks: 39,
      birthWeight: 3.1,
      riskFactors: ['9'],
      visitDate: '2026-06-10',
      trackWay: '2',
      weight: 7.9,
      development: '1',
      outcome: '3',
      doctorSign: '李医生',
    };
    const hr = await submit('childhighrisk', highRisk);
    expect([hr.status, hr.body.msg]).toEqual([200, '新增成功']);
    expect(hr.body.data.values.correctedAgeDays).toBe(182);
    expect(hr.body.data.values.weightEval).toBe('正常');
    const nine = await submit('childhighrisk', { ...highRisk, birthWeight: 9 });
    expect(nine.status).toBe(400);
    expect(JSON.stringify(nine.body)).toContain('出生体重应在0.5～7kg之间');
    const tcm = await submit('childtcm', {
      visitDate: '2026-06-10',
      birthDate: '2025-12-10',
      sex: '1',
      visitMonth: '6',
      guidance: ['1', '2', '3'],
      nextVisitDate: '2026-12-10',
      doctorSign: '李医生',
    });
    expect([tcm.status, tcm.body.msg]).toEqual([200, '新增成功']);
    const early = await submit('childtcm', { ...tcm.body.data.values, visitDate: '2025-11-01', nextVisitDate: '2026-01-01' });
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('随访日期不能早于出生日期');
    const records = await doctor.get(`${U}/get-children-userfollow-up?archId=${archId}&otherId=${CASE}`);
    const forms = records.body.data.map((r: { formCode: string }) => r.formCode);
    expect(forms).toEqual(expect.arrayContaining(['childhighrisk', 'childtcm']));
  });
});
