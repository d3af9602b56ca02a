import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../services/followup-queries';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from '../../forms/routes/form-test-support';

// The diabetes family beyond the follow-up: the high-risk follow-up's spec call, and the screening,
// inquiry, registration and graded evaluation forms saved and re-validated by the server.
const U = '/api/blade-iph-business/userfollowup';
const R = '/api/blade-iph-business/formrecord';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let highRisk: string[];
let diabetic: string[];

const today = localDate(new Date());
const nextYear = `${Number(today.slice(0, 4)) + 1}${today.slice(4, 10) === '-02-29' ? '-02-28' : today.slice(4, 10)}`;

const highRiskValues = (overrides: Record<string, unknown> = {}) => ({
  visitDate: today,
  visitMethod: '1',
  height: 170,
  weight: 72,
  waist: 88,
  fbg: 5.9,
  interventions: ['1', '2'],
  referral: '1',
  nextVisitDate: nextYear,
  doctorSign: '张伟',
  ...overrides,
});
const followUp = (caller: Caller, body: object) => caller.post(`${U}/diabetes-high-risk-of-follow-up`, body);

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  highRisk = await demoArchiveIds(t.deps.db, 'diabetes_high_risk');
  diabetic = await demoArchiveIds(t.deps.db, 'diabetes');
});
afterAll(() => t.close());

describe('the diabetes high-risk follow-up (userfollowup/diabetes-high-risk-of-follow-up)', () => {
  it('the seed labels some residents 糖尿病高危, and the diabetes patients are not among them', () => {
    expect(highRisk.length).toBeGreaterThan(0);
    expect(highRisk.filter((id) => diabetic.includes(id))).toEqual([]);
  });

  it('saves the form placed for the diabetes_high_risk label, re-validated, and takes the resident off the due list', async () => {
    const due = async () =>
      (await doctor.get(`${U}/should-visit?formCode=diabeteshighriskfollowup&size=200`)).body.data.records.map(
        (r: { archId: string }) => r.archId,
      );
    expect(await due()).toContain(highRisk[0]);

    const saved = await followUp(doctor, { archId: highRisk[0], values: highRiskValues({ fbg: 6.4 }) });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'diabeteshighriskfollowup', archId: highRisk[0] },
    });
    expect(saved.body.data.followId).toBe(saved.body.data.id);
    // The server computes, whatever the client sent: BMI and 空腹血糖受损.
    expect(saved.body.data.values).toMatchObject({ bmi: 24.91, glucoseStatus: '2' });

    const listed = (await doctor.get(`${U}/new-list?archId=${highRisk[0]}&formCode=diabeteshighriskfollowup`)).body.data;
    expect(listed.records.map((r: { followId: string }) => r.followId)).toEqual([saved.body.data.id]);
    expect(await due()).not.toContain(highRisk[0]);
  });

  it('refuses another form, a missing fasting glucose and an out-of-range value with the field named', async () => {
    const wrong = await followUp(doctor, { formCode: 'diabetesfollowup', archId: highRisk[0], values: highRiskValues() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('该接口只保存表单 diabeteshighriskfollowup');

    const { fbg: _fbg, ...noGlucose } = highRiskValues();
    const missing = await followUp(doctor, { archId: highRisk[0], values: noGlucose });
    expect(missing.status).toBe(400);
    expect(missing.body.data.field).toBe('fbg');

    const tooHigh = await followUp(doctor, { archId: highRisk[0], values: highRiskValues({ waist: 500 }) });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.data.field).toBe('waist');
  });

  it('asks before saving a glucose in the diabetic range without a referral, and stores the acknowledgement', async () => {
    const values = highRiskValues({ fbg: 7.2 });
    const asked = await followUp(doctor, { archId: highRisk[0], values });
    expect(asked.body.success).toBe(false);
    expect(asked.body.data.stage).toBe('anomalies');
    expect(asked.body.data.anomalies.map((a: { ruleId: string }) => a.ruleId)).toEqual(['diabetes.refer']);
    const saved = await followUp(doctor, { archId: highRisk[0], values, acknowledgements: ['diabetes.refer'] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.values.glucoseStatus).toBe('5');
  });

  it('does not save into another tenant’s archive', async () => {
    const refused = await followUp(otherTenant, { archId: highRisk[0], values: highRiskValues() });
    expect(refused.body.success).toBe(false);
    expect(refused.body.msg).toBe('档案不存在');
  });
});

describe('screening, inquiry, registration and graded evaluation records', () => {
  const save = (formCode: string, archId: string, values: Record<string, unknown>, acknowledgements: string[] = []) =>
    doctor.post(`${R}/submit`, { formCode, archId, values, acknowledgements });

  it('grades a screening of fasting glucose 6.5 as 空腹血糖受损 and asks before saving it', async () => {
    const values = { visitDate: today, birthDate: '1964-06-12', typicalSymptoms: '1', fbg: 6.5, doctorSign: '张伟' };
    const asked = await save('hyperglycemiascreening', highRisk[0]!, values);
    expect(asked.body.data.anomalies.map((a: { ruleId: string }) => a.ruleId)).toEqual(['ifg.notice']);
    const saved = await save('hyperglycemiascreening', highRisk[0]!, values, ['ifg.notice']);
    expect(saved.body.data.values).toMatchObject({ glucoseStatus: '2', screenAdvice: '2' });
  });

  it('registers a resident of 60 as 糖尿病高危 from the age alone', async () => {
    const values = {
      visitDate: today,
      sex: '1',
      birthDate: '1964-06-12',
      height: 175,
      weight: 68,
      waist: 84,
      riskFactors: [],
      doctorSign: '张伟',
    };
    const saved = await save('diabeteshighrisk', highRisk[0]!, values);
    expect(saved.status).toBe(200);
    expect(saved.body.data.values).toMatchObject({ obesityFactor: '1', riskFactorCount: 1, highRisk: '2' });
  });

  it('concludes an inquiry with polydipsia and a random glucose of 11.1 as 疑似糖尿病', async () => {
    const values = {
      visitDate: today,
      sex: '1',
      birthDate: '1964-06-12',
      symptoms: ['1'],
      glycemiaHistory: '1',
      familyHistory: [],
      rbg: 11.1,
      medication: '1',
      doctorSign: '张伟',
    };
    const saved = await save('diabetesinquiry', highRisk[0]!, values);
    expect(saved.status).toBe(200);
    expect(saved.body.data.values).toMatchObject({ typicalSymptoms: '2', conclusion: '1' });
  });

  it('puts a diabetes patient with a complication under 二级管理 in the graded evaluation', async () => {
    const values = {
      visitDate: today,
      birthDate: '1956-03-20',
      fbg: 6.2,
      hba1c: 6.5,
      sbp: 126,
      dbp: 76,
      complications: ['3'],
      selfManagement: '1',
      doctorSign: '张伟',
    };
    const saved = await save('diabetesassessment', diabetic[0]!, values);
    expect(saved.status).toBe(200);
    expect(saved.body.data.values).toMatchObject({ glucoseControl: '1', bpControl: '1', managementLevel: '2' });
  });
});
