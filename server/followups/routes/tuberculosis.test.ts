import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../services/followup-queries';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';
const EXT = '/api/blade-iph-business/userarchivesotherext';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let tb: string;
let notTb: string;

const firstVisit = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  visitMethod: '2',
  noticeDate: '2024-06-08',
  patientType: '1',
  sputum: '1',
  drugResistance: '2',
  symptoms: ['1'],
  regimen: '2HRZE/4HR',
  usage: '1',
  dosageForm: ['1'],
  supervisor: '1',
  singleRoom: '1',
  ventilation: '1',
  nextVisitDate: '2024-07-10',
  doctorSign: '王医生',
  ...overrides,
});
const followup = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  treatmentMonth: 2,
  treatmentPhase: '1',
  supervisor: '1',
  visitMethod: '2',
  symptoms: ['0'],
  regimen: '2HRZE/4HR',
  usage: '1',
  dosageForm: ['1'],
  missedDoses: 0,
  adverseReaction: '1',
  complication: '1',
  stopTreatment: '1',
  nextVisitDate: '2024-07-10',
  doctorSign: '王医生',
  ...overrides,
});
const closing = (overrides: Record<string, unknown> = {}) =>
  followup({
    treatmentMonth: 6,
    treatmentPhase: '2',
    stopTreatment: '2',
    nextVisitDate: undefined,
    stopDate: '2024-06-08',
    stopReason: '1',
    dueVisits: 6,
    actualVisits: 6,
    assessDoctor: '王医生',
    ...overrides,
  });

/** Dose days from a date: every day taken except the ones listed. */
const doses = (from: string, days: number, missed: number[] = []) =>
  Array.from({ length: days }, (_, i) => ({
    date: localDate(new Date(new Date(`${from}T00:00:00`).getTime() + i * 86_400_000)),
    taken: !missed.includes(i),
  }));

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  tb = (await demoArchiveIds(t.deps.db, 'tuberculosis'))[0] ?? '';
  notTb = (await demoArchiveIds(t.deps.db)).find((id) => id !== tb)!;
});
afterAll(() => t.close());

describe('tuberculosis follow-ups (spec 001 §7 userfollowup)', () => {
  it('the seed has a tuberculosis patient', () => {
    expect(tb).toBeTruthy();
  });

  it('creates the first home visit, then updates it through the “2” save, and reads it back', async () => {
    const created = await doctor.post(`${U}/create-tuberculosis-user-followup`, { archId: tb, values: firstVisit() });
    expect(created.body).toMatchObject({ success: true, msg: '新增成功', data: { formCode: 'tuberculosisfirstvisit', archId: tb } });
    // The rules ran on the server: the specification's latest date of the next visit is there.
    expect(created.body.data.values.suggestedNextVisitDate).toBe('2024-07-10');
    const { id, rowVersion } = created.body.data as { id: string; rowVersion: number };

    const refused = await doctor.post(`${U}/create-tuberculosis-user-followup`, { id, archId: tb, values: firstVisit() });
    expect(refused.status).toBe(400);

    const updated = await doctor.post(`${U}/save-or-update-tuberculosis-userfollow-up2`, {
      id,
      rowVersion,
      values: firstVisit({ supervisor: '2', nextVisitDate: '2024-06-20' }),
    });
    expect(updated.body).toMatchObject({ success: true, msg: '更新成功', data: { values: { suggestedNextVisitDate: '2024-06-20' } } });

    const read = await doctor.get(`${U}/get-tuberculosis-userfollow-up2?archId=${tb}`);
    expect(read.body.data).toMatchObject({ followId: id, values: { supervisor: '2' } });
    expect((await doctor.get(`${U}/get-tuberculosis-userfollow-up2?id=${id}`)).body.data.followId).toBe(id);
  });

  it('saves a follow-up, refuses one the rules block, and reads the latest', async () => {
    const saved = await doctor.post(`${U}/save-or-update-tuberculosis-userfollow-up`, { archId: tb, values: followup() });
    expect(saved.body).toMatchObject({
      success: true,
      data: { formCode: 'tuberculosisfollowup', nextVisitDate: '2024-07-10', values: { suggestedInterval: 30 } },
    });
    // 下次随访时间 not after the visit: a blocking error, nothing saved.
    const blocked = await doctor.post(`${U}/save-or-update-tuberculosis-userfollow-up`, {
      archId: tb,
      values: followup({ nextVisitDate: '2024-06-01' }),
    });
    expect(blocked.body.success).toBe(false);
    const latest = await doctor.get(`${U}/get-tuberculosis-userfollow-up?archId=${tb}`);
    expect(latest.body.data.followId).toBe(saved.body.data.id);
    // A first visit's id is not a follow-up.
    const first = (await doctor.get(`${U}/get-tuberculosis-userfollow-up2?archId=${tb}`)).body.data as { id: string };
    expect((await doctor.get(`${U}/get-tuberculosis-userfollow-up?id=${first.id}`)).status).toBe(404);
  });

  it('refuses residents not in tuberculosis management and other tenants’ residents', async () => {
    const notPatient = await doctor.post(`${U}/save-or-update-tuberculosis-userfollow-up`, { archId: notTb, values: followup() });
    expect(notPatient.status).toBe(400);
    expect(notPatient.body.msg).toBe('该居民未纳入肺结核患者管理');
    expect((await otherTenant.post(`${U}/create-tuberculosis-user-followup`, { archId: tb, values: firstVisit() })).status).toBe(404);
    expect((await otherTenant.get(`${U}/get-tuberculosis-userfollow-up?archId=${tb}`)).status).toBe(404);
    expect((await doctor.get(`${U}/get-tuberculosis-userfollow-up`)).status).toBe(400);
  });
});

describe('the medication card (userarchivesotherext) and closing the case', () => {
  it('starts empty, saves dose days, counts the dose rate and prints a month per row', async () => {
    const empty = await doctor.get(`${EXT}/get-tuberculosis-medication?archId=${tb}`);
    expect(empty.body.data).toMatchObject({ archId: tb, doses: [], dueDoses: 0, doseRate: null, rowVersion: null });

    // 40 dose days from 2024-04-01, 4 missed: 36/40 = 90.0%, just regular (规范: 90%以上).
    const card = {
      archId: tb,
      regimen: '2HRZE/4HR',
      startDate: '2024-04-01',
      supervisor: '2',
      doses: doses('2024-04-01', 40, [3, 9, 20, 33]),
    };
    const saved = await doctor.post(`${EXT}/save-tuberculosis-medication`, card);
    expect(saved.body).toMatchObject({
      success: true,
      data: { dueDoses: 40, actualDoses: 36, missedDoses: 4, doseRate: 90, regular: true, rowVersion: 1 },
    });

    // A second save without the row version, or with a stale one, is refused.
    expect((await doctor.post(`${EXT}/save-tuberculosis-medication`, card)).status).toBe(400);
    const again = await doctor.post(`${EXT}/save-tuberculosis-medication`, {
      ...card,
      rowVersion: 1,
      doses: doses('2024-04-01', 40, [3, 9, 20, 33, 34]),
    });
    expect(again.body.data).toMatchObject({ actualDoses: 35, doseRate: 87.5, regular: false, rowVersion: 2 });
    expect((await doctor.post(`${EXT}/save-tuberculosis-medication`, { ...card, rowVersion: 1 })).status).toBe(409);

    const printed = await doctor.get(`${EXT}/print-tuberculosis-medication?archId=${tb}`);
    expect(printed.body.data.months.map((m: { month: string; taken: number; missed: number }) => [m.month, m.taken, m.missed])).toEqual([
      ['2024-04', 27, 3],
      ['2024-05', 8, 2],
    ]);
    expect(printed.body.data.months[0].days['4']).toBe('×');
    expect(printed.body.data).toMatchObject({ regimen: '2HRZE/4HR', dueDoses: 40, actualDoses: 35 });
  });

  it('refuses bad dose days: duplicated, before the start, in the future, not a calendar day', async () => {
    const base = { archId: tb, startDate: '2024-04-01', rowVersion: 2 };
    const post = (d: { date: string; taken: boolean }[]) => doctor.post(`${EXT}/save-tuberculosis-medication`, { ...base, doses: d });
    expect(
      (
        await post([
          { date: '2024-04-02', taken: true },
          { date: '2024-04-02', taken: false },
        ])
      ).body.msg,
    ).toContain('服药日期重复');
    expect((await post([{ date: '2024-03-30', taken: true }])).body.msg).toContain('不能早于开始治疗日期');
    expect((await post([{ date: '2099-01-01', taken: true }])).body.msg).toContain('不能晚于今天');
    expect((await post([{ date: '2024-02-30', taken: true }])).body.msg).toContain('服药日期不正确');
    expect((await post([{ date: '2024-04-02', taken: 'yes' } as unknown as { date: string; taken: boolean }])).status).toBe(400);
    expect((await doctor.post(`${EXT}/save-tuberculosis-medication`, { archId: notTb, doses: [] })).status).toBe(400);
    expect((await otherTenant.get(`${EXT}/get-tuberculosis-medication?archId=${tb}`)).status).toBe(404);
    expect((await otherTenant.get(`${EXT}/print-tuberculosis-medication?archId=${tb}`)).status).toBe(404);
  });

  it('closes the case with the stop of treatment; 全程管理 comes from the card when not given', async () => {
    const notStopped = await doctor.post(`${U}/finished-tuberculosis-userfollow-up`, { archId: tb, values: followup() });
    expect(notStopped.status).toBe(400);
    // The card says 40 due, 35 taken: 87.5%, below 90% — an anomaly the doctor acknowledges.
    const unacknowledged = await doctor.post(`${U}/finished-tuberculosis-userfollow-up`, { archId: tb, values: closing() });
    expect(unacknowledged.body.success).toBe(false);
    const closed = await doctor.post(`${U}/finished-tuberculosis-userfollow-up`, {
      archId: tb,
      values: closing(),
      acknowledgements: ['doseRate.irregular'],
    });
    expect(closed.body).toMatchObject({
      success: true,
      data: { values: { dueDoses: 40, actualDoses: 35, doseRate: 87.5, stopReason: '1' } },
    });
    // Counts the caller gives win over the card's.
    const given = await doctor.post(`${U}/finished-tuberculosis-userfollow-up`, {
      archId: tb,
      values: closing({ dueDoses: 180, actualDoses: 171 }),
    });
    expect(given.body.data.values).toMatchObject({ dueDoses: 180, actualDoses: 171, doseRate: 95 });
  });
});
