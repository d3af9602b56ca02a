import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { prenatalValues } from '../../test-support/maternal-values';

const U = '/api/blade-iph-business/userfollowup';

let t: TestApp;
let doctor: Caller;
let nurse: Caller;
let cdc: Caller;
let otherTenant: Caller;
/** Three women of tenant 100001: an open pregnancy, a cancelled one, a second open one for the due list. */
let women: string[];
const CASE = '930000000000000001';
const CANCELLED = '930000000000000002';
const FOREIGN = '930000000000000003';
const SECOND = '930000000000000004';

const firstValues = (o: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  lmp: '2024-04-01',
  age: 28,
  gravidity: 1,
  vaginalDeliveries: 0,
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
  hb: 125,
  hbsag: '1',
  syphilis: '1',
  hiv: '1',
  overall: '1',
  guidance: ['1'],
  referral: '1',
  nextVisitDate: '2024-07-20',
  doctorSign: '王医生',
  ...o,
});
const pp42Values = (o: Record<string, unknown> = {}) => ({
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
  ...o,
});

const caseRow = (id: string) =>
  t.deps.db
    .selectFrom('iph_user_archives_other')
    .selectAll()
    .select(sql<number>`risk_infectious`.as('risk_infectious'))
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  [doctor, nurse, cdc, otherTenant] = await Promise.all([
    loginAs(t.app, 'doctor'),
    loginAs(t.app, 'nurse'),
    loginAs(t.app, 'cdc'),
    loginAs(t.app, 'admin', '100002'),
  ]);
  const rows = await t.deps.db
    .selectFrom('user_archive')
    .select('id')
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('sex', '=', '2')
    .where(sql<boolean>`birthday between '1985-01-01' and '2000-12-31'`)
    .orderBy('id')
    .limit(3)
    .execute();
  women = rows.map((r) => r.id);
  expect(women).toHaveLength(3);
  const base = { kind: 'maternal' as const, due_date: '2025-01-06' };
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values([
      { ...base, id: CASE, tenant_id: '100001', arch_id: women[0]!, lmp: '2024-04-01', gravidity: 2, parity: 1, status: '1' },
      { ...base, id: CANCELLED, tenant_id: '100001', arch_id: women[1]!, lmp: '2024-04-01', status: '3', cancel_reason: '录入错误' },
      { ...base, id: FOREIGN, tenant_id: '100002', arch_id: 'foreign-arch', lmp: '2024-04-01', status: '1' },
      { ...base, id: SECOND, tenant_id: '100001', arch_id: women[2]!, lmp: '2024-05-20', status: '1' },
    ])
    .execute();
});
afterAll(() => t.close());

describe('maternal save calls (spec 001 §7 userfollowup, issue 32)', () => {
  it('saves a first prenatal exam through its call; the grade becomes the case’s risk colour, purple kept beside it', async () => {
    const saved = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
      archId: women[0],
      otherId: CASE,
      values: firstValues({ riskOrange: ['5'], riskYellow: ['6'], riskPurple: ['2'], syphilis: '2' }),
    });
    expect(saved.body).toMatchObject({ success: true, msg: '新增成功', data: { formCode: 'maternalfirstvisit', otherId: CASE } });
    expect(saved.body.data.values).toMatchObject({ riskGrade: 'orange', riskInfectious: '1', gestationWeeks: 10, dueDate: '2025-01-06' });
    expect(await caseRow(CASE)).toMatchObject({ risk_color: 'orange', risk_infectious: 1 });

    // A later prenatal visit with a red factor and no infection: the newest grade wins.
    const prenatal = await nurse.post(`${U}/save_or_update_prenatal_follow_up`, {
      archId: women[0],
      otherId: CASE,
      values: prenatalValues({ riskRed: ['1'] }),
    });
    expect(prenatal.body).toMatchObject({
      success: true,
      data: { formCode: 'maternalprenatal', values: { riskGrade: 'red', riskInfectious: '0', gestationWeeks: 16 } },
    });
    expect(await caseRow(CASE)).toMatchObject({ risk_color: 'red', risk_infectious: 0 });

    // Updating the older first visit does not take the colour back: the newest visit decides.
    const again = await doctor.post(`${U}/save_or_update_for_the_first_time_maternal`, {
      id: saved.body.data.id,
      rowVersion: saved.body.data.rowVersion,
      archId: women[0],
      otherId: CASE,
      values: firstValues(),
    });
    expect(again.body).toMatchObject({ success: true, msg: '更新成功', data: { values: { riskGrade: 'green' } } });
    expect((await caseRow(CASE)).risk_color).toBe('red');

    const history = await doctor.get(`${U}/get-maternity-visits-high-risk-score?archId=${women[0]}&otherId=${CASE}`);
    expect(history.body.data.current).toEqual({ color: 'red', infectious: false });
    expect(history.body.data.history.map((h: { color: string }) => h.color)).toEqual(['red', 'green']);
    expect(history.body.data.history[0].factors).toEqual([
      { color: 'red', code: '1', label: '严重心血管疾病（肺动脉高压、心功能Ⅲ~Ⅳ级等）' },
    ]);
  });

  it('refuses a save with no case, another resident’s case, another tenant’s case, a cancelled case, bad values, and a role without archive work', async () => {
    const path = `${U}/save_or_update_for_the_first_time_maternal`;
    const noCase = await doctor.post(path, { archId: women[0], values: firstValues() });
    expect(noCase).toMatchObject({ status: 400, body: { msg: '请先建立孕产妇档案' } });
    const notHers = await doctor.post(path, { archId: women[2], otherId: CASE, values: firstValues() });
    expect(notHers).toMatchObject({ status: 404, body: { msg: '孕产妇档案不存在' } });
    const foreign = await doctor.post(path, { archId: women[0], otherId: FOREIGN, values: firstValues() });
    expect(foreign).toMatchObject({ status: 404, body: { msg: '孕产妇档案不存在' } });
    const cancelled = await doctor.post(path, { archId: women[1], otherId: CANCELLED, values: firstValues() });
    expect(cancelled).toMatchObject({ status: 400, body: { msg: '孕产妇档案已注销，不能保存' } });
    const future = await doctor.post(path, { archId: women[0], otherId: CASE, values: firstValues({ lmp: '2099-01-01' }) });
    expect(future).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^末次月经日期不能晚于今天/), data: { field: 'lmp' } },
    });
    const tooOld = await doctor.post(path, { archId: women[0], otherId: CASE, values: firstValues({ lmp: '2023-06-01' }) });
    expect(tooOld).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^末次月经日期距随访日期超过45周，请核对/) } });
    const weight = await doctor.post(`${U}/save_or_update_perinatl_childbirth`, {
      archId: women[0],
      otherId: CASE,
      values: {
        deliveryDate: '2024-12-05',
        lmp: '2024-03-01',
        deliveryPlace: '2',
        deliveryOrg: '区妇幼',
        deliveryMode: '3',
        complications: ['1'],
        outcome: '1',
        babyCount: 1,
        baby1Sex: '1',
        baby1Weight: 9,
        doctorSign: '李医生',
      },
    });
    expect(weight).toMatchObject({
      status: 400,
      body: { msg: expect.stringMatching(/^出生体重应在0\.5～7kg之间, 请核对 \(单位: 千克\)/) },
    });
    const wrongForm = await doctor.post(`${U}/save_or_update_prenatal_follow_up`, {
      formCode: 'maternalfirstvisit',
      archId: women[0],
      otherId: CASE,
      values: firstValues(),
    });
    expect(wrongForm.body.msg).toBe('该接口只保存表单 maternalprenatal');
    expect((await cdc.post(path, { archId: women[0], otherId: CASE, values: firstValues() })).status).toBe(403);
    // Nothing of these reached the case.
    expect((await doctor.get(`${U}/get-maternal-userfollow-up?archId=${women[0]}&otherId=${CASE}`)).body.data).toHaveLength(2);
  });

  it('saves delivery, postpartum visit and death card; the delivery date reaches the case', async () => {
    const delivery = await doctor.post(`${U}/save_or_update_perinatl_childbirth`, {
      archId: women[0],
      otherId: CASE,
      values: {
        deliveryDate: '2024-12-05',
        lmp: '2024-03-01',
        deliveryPlace: '2',
        deliveryOrg: '区妇幼',
        deliveryMode: '3',
        complications: ['1'],
        outcome: '1',
        babyCount: 1,
        baby1Sex: '1',
        baby1Weight: 3.3,
        doctorSign: '李医生',
      },
    });
    expect(delivery.body).toMatchObject({ success: true, data: { formCode: 'maternaldelivery', values: { deliveryWeeks: 39 } } });
    expect((await caseRow(CASE)).delivery_date).toBe('2024-12-05');

    const visit = await doctor.post(`${U}/save_or_update_postpartum_visit`, {
      archId: women[0],
      otherId: CASE,
      values: {
        visitDate: '2024-12-12',
        deliveryDate: '2024-12-05',
        dischargeDate: '2024-12-09',
        temperature: 36.7,
        generalHealth: '良好',
        mentalState: '良好',
        sbp: 112,
        dbp: 70,
        breast: '1',
        lochia: '1',
        uterus: '1',
        wound: '1',
        classification: '1',
        guidance: ['4'],
        referral: '1',
        doctorSign: '王医生',
      },
    });
    expect(visit.body).toMatchObject({ success: true, data: { formCode: 'maternalpostpartum', values: { daysAfterDelivery: 7 } } });
    const beforeBirth = await doctor.post(`${U}/save_or_update_postpartum_visit`, {
      archId: women[0],
      otherId: CASE,
      values: { ...visit.body.data.values, visitDate: '2024-12-01' },
    });
    expect(beforeBirth).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^随访日期不能早于分娩日期/) } });
    const visits = await doctor.get(`${U}/list-maternal-family-visits?archId=${women[0]}&otherId=${CASE}`);
    expect(visits.body.data.map((v: { id: string }) => v.id)).toEqual([visit.body.data.id]);

    expect((await doctor.get(`${U}/get-death-report-by-other-id-and-arch-id?archId=${women[0]}&otherId=${CASE}`)).body.data).toBeNull();
    const card = await doctor.post(`${U}/save_or_update_maternal_death_report_card`, {
      archId: women[1],
      otherId: CANCELLED,
      values: {},
    });
    expect(card).toMatchObject({ status: 400, body: { msg: '孕产妇档案已注销，不能保存' } });
  });

  it('registers a newborn on the mother’s case and lists it; a weight of 0 or 9 kg or a registration before the birth is refused', async () => {
    const newborn = (o: Record<string, unknown> = {}) => ({
      babySex: '2',
      birthDate: '2024-12-05',
      birthWeeks: 39,
      birthWeight: 3.3,
      birthDefect: '1',
      registerDate: '2024-12-08',
      doctorSign: '王医生',
      ...o,
    });
    const path = `${U}/save-maternal-newborn-registration`;
    const saved = await doctor.post(path, { archId: women[0], otherId: CASE, values: newborn() });
    expect(saved.body).toMatchObject({ success: true, data: { formCode: 'maternalnewborn', otherId: CASE } });
    for (const bad of [{ birthWeight: 0 }, { birthWeight: 9 }, { registerDate: '2024-12-01' }])
      expect(await doctor.post(path, { archId: women[0], otherId: CASE, values: newborn(bad) }), JSON.stringify(bad)).toMatchObject({
        status: 400,
      });
    expect(await doctor.post(path, { archId: women[0], values: newborn() })).toMatchObject({
      status: 400,
      body: { msg: '请先建立孕产妇档案' },
    });
    expect(await doctor.post(path, { archId: women[1], otherId: CANCELLED, values: newborn() })).toMatchObject({ status: 400 });
    expect((await cdc.post(path, { archId: women[0], otherId: CASE, values: newborn() })).status).toBe(403);
    const listed = await doctor.get(`${U}/list-maternal-newborn-registration?archId=${women[0]}&otherId=${CASE}`);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([saved.body.data.id]);
  });

  it('answers the read calls for the case and refuses bad inputs', async () => {
    const q = `archId=${women[0]}&otherId=${CASE}`;
    const init = await doctor.get(`${U}/get-first-maternal-userfollow-up-init?${q}`);
    expect(init.body.data.values).toMatchObject({ lmp: '2024-04-01', dueDate: '2025-01-06', gravidity: 2 });
    expect(init.body.data.parity).toBe(1);
    expect(init.body.data.record).toMatchObject({ formCode: 'maternalfirstvisit' });
    expect(typeof init.body.data.values.age).toBe('number');

    const both = await doctor.get(`${U}/get-first-time-and-6-10-maternal-userfollow-up?${q}`);
    expect(both.body.data.firstVisit).toMatchObject({ formCode: 'maternalfirstvisit' });
    expect(both.body.data.followUps.map((f: { values: { visitNo: string } }) => f.values.visitNo)).toEqual(['2']);
    const all = await doctor.get(`${U}/get-maternal-userfollow-up?${q}`);
    expect(all.body.data.map((r: { formCode: string }) => r.formCode)).toEqual([
      'maternalpostpartum',
      'maternalnewborn',
      'maternaldelivery',
      'maternalprenatal',
      'maternalfirstvisit',
    ]);

    for (const path of [
      'get-first-maternal-userfollow-up-init',
      'get-first-time-and-6-10-maternal-userfollow-up',
      'get-maternal-userfollow-up',
      'get-maternity-visits-high-risk-score',
      'get-death-report-by-other-id-and-arch-id',
      'list-maternal-family-visits',
      'list-maternal-newborn-registration',
    ]) {
      expect(await doctor.get(`${U}/${path}?archId=${women[0]}`), path).toMatchObject({
        status: 400,
        body: { msg: '请先建立孕产妇档案（缺少 otherId）' },
      });
      expect(await doctor.get(`${U}/${path}?otherId=${CASE}`), path).toMatchObject({
        status: 400,
        body: { msg: '请提供居民档案ID（archId）' },
      });
      expect(await doctor.get(`${U}/${path}?archId=${women[2]}&otherId=${CASE}`), path).toMatchObject({
        status: 404,
        body: { msg: '孕产妇档案不存在' },
      });
      expect(await doctor.get(`${U}/${path}?archId=${women[0]}&otherId=${FOREIGN}`), path).toMatchObject({ status: 404 });
      expect(await otherTenant.get(`${U}/${path}?${q}`), path).toMatchObject({ status: 404, body: { msg: '档案不存在' } });
      expect((await cdc.get(`${U}/${path}?${q}`)).status, path).toBe(403);
    }
    // A cancelled case's records stay readable; a new first visit for it is refused.
    expect((await doctor.get(`${U}/get-maternal-userfollow-up?archId=${women[1]}&otherId=${CANCELLED}`)).body.data).toEqual([]);
    expect(await doctor.get(`${U}/get-first-maternal-userfollow-up-init?archId=${women[1]}&otherId=${CANCELLED}`)).toMatchObject({
      status: 400,
      body: { msg: '孕产妇档案已注销，不能新增随访' },
    });
  });

  it('lists the pregnancies due for a prenatal visit by gestational week', async () => {
    // On 2024-07-20: CASE (LMP 04-01) is at 15 weeks, between windows; SECOND (LMP 05-20) at 8 weeks with no first visit.
    const due = await doctor.post(`${U}/maternal-should-visit`, { asOf: '2024-07-20' });
    expect(due.body.data).toMatchObject({
      total: 1,
      records: [{ otherId: SECOND, visitNo: 1, gestationWeeks: 8, overdue: false, windowStart: '2024-05-20', windowEnd: '2024-08-18' }],
    });
    // At 17 weeks CASE is due for its 2nd visit — but it is recorded; at 22 weeks the 3rd is due.
    const later = await doctor.post(`${U}/maternal-should-visit`, { asOf: '2024-09-02', size: 1 });
    expect(later.body.data).toMatchObject({ total: 1, pages: 1, records: [{ otherId: CASE, visitNo: 3, gestationWeeks: 22 }] });
    const overdue = await doctor.post(`${U}/maternal-should-visit`, { asOf: '2024-09-02', includeOverdue: true });
    expect(overdue.body.data.records).toContainEqual(expect.objectContaining({ otherId: SECOND, visitNo: 1, overdue: true }));
    expect(await doctor.post(`${U}/maternal-should-visit`, { asOf: '2024-13-40' })).toMatchObject({
      status: 400,
      body: { msg: '统计日期格式不正确，应为 yyyy-MM-dd' },
    });
    expect((await doctor.post(`${U}/maternal-should-visit`, { size: 0 })).status).toBe(400);
    expect(
      (await otherTenant.post(`${U}/maternal-should-visit`, { asOf: '2024-07-20' })).body.data.records.map(
        (r: { otherId: string }) => r.otherId,
      ),
    ).toEqual([FOREIGN].filter(() => false));
    expect((await cdc.post(`${U}/maternal-should-visit`, {})).status).toBe(403);
  });

  it('the 42-day exam with 结案 closes the case; 转诊 does not', async () => {
    const referred = await doctor.post(`${U}/postpartum_42_days_health_check`, {
      archId: women[0],
      otherId: CASE,
      values: pp42Values({
        handling: '2',
        classification: '2',
        classificationAbnormal: '子宫复旧不良',
        referralReason: '子宫复旧不良',
        referralOrg: '区妇幼妇科',
      }),
    });
    expect(referred.body).toMatchObject({ success: true, data: { formCode: 'maternalpostpartum42' } });
    expect((await caseRow(CASE)).status).toBe('1');
    const closed = await doctor.post(`${U}/postpartum_42_days_health_check`, { archId: women[0], otherId: CASE, values: pp42Values() });
    expect(closed.body).toMatchObject({ success: true, data: { values: { daysAfterDelivery: 46 } } });
    expect(await caseRow(CASE)).toMatchObject({ status: '2', close_date: '2025-01-20', close_reason: '产后42天检查结案' });
    expect(await doctor.get(`${U}/get-first-maternal-userfollow-up-init?archId=${women[0]}&otherId=${CASE}`)).toMatchObject({
      status: 400,
      body: { msg: '孕产妇档案已结案，不能新增随访' },
    });
  });
});

describe('the task centre opens a pregnancy’s next visit in its case', () => {
  it('a due prenatal visit names its case (otherId, caseKind maternal); a pregnancy no longer 在管 is not due', async () => {
    const saved = await nurse.post(`${U}/save_or_update_prenatal_follow_up`, {
      archId: women[2],
      otherId: SECOND,
      values: prenatalValues({ visitDate: '2024-09-20', lmp: '2024-05-20', nextVisitDate: '2024-10-20' }),
    });
    expect(saved.body.success, saved.body.msg).toBe(true);
    const admin = await loginAs(t.app, 'admin');
    const due = async () => {
      const res = await admin.get(`${U}/task-centre-list?formCode=maternalprenatal&date=2024-10-25&size=200`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.records as { archId: string; otherId: string | null; caseKind: string | null; dueDate: string }[]).find(
        (r) => r.archId === women[2],
      );
    };
    // LMP 2024-05-20: on 2024-10-25 (22 weeks) the 21–24-week window is open, due on its last day (24w6d), whatever date the record planned.
    expect(await due()).toMatchObject({ otherId: SECOND, caseKind: 'maternal', dueDate: '2024-11-10' });
    await sql`update iph_user_archives_other set status = '2' where id = ${SECOND}`.execute(t.deps.db);
    expect(await due()).toBeUndefined();
  });
});
