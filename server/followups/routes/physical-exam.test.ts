import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageYears } from '../../../src/engine';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';
const INIT = `${U}/physical-examination-to-initialize`;

let t: TestApp;
let doctor: Caller;
let cdc: Caller;
let otherTenant: Caller;
let resident: { id: string; birthday: string; sex: string; doctorName: string };

/** A 健康体检表 that passes every rule of schemas/physicalexamination.json (an adult, no anomalies). */
function examValues(birthDate: string, visitDate: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const elderly =
    (ageYears(birthDate, visitDate) ?? 0) >= 65
      ? { selfRatedHealth: '1', livingSkills: '1', cognitiveScreen: '1', affectiveScreen: '1' }
      : {};
  const none = ['1'];
  return {
    visitDate,
    birthDate,
    responsibleDoctor: '张伟',
    symptoms: none,
    temperature: 36.6,
    pulseRate: 70,
    respiratoryRate: 18,
    sbpLeft: 118,
    dbpLeft: 76,
    height: 172,
    weight: 62,
    waist: 80,
    exerciseFrequency: '4',
    dietHabits: none,
    smokingStatus: '1',
    drinkingFrequency: '1',
    occupationalExposure: '1',
    lips: '1',
    teeth: none,
    pharynx: '1',
    visionLeft: 1,
    visionRight: 1,
    hearing: '1',
    motorFunction: '1',
    skin: '1',
    sclera: '1',
    lymphNodes: '1',
    barrelChest: '1',
    breathSound: '1',
    rales: '1',
    heartRate: 70,
    heartRhythm: '1',
    murmur: '1',
    tenderness: '1',
    mass: '1',
    hepatomegaly: '1',
    splenomegaly: '1',
    shiftingDullness: '1',
    oedema: '1',
    dorsalArtery: '2',
    cerebrovascularDisease: none,
    kidneyDisease: none,
    heartDisease: none,
    vascularDisease: none,
    eyeDisease: none,
    nervousDisease: '1',
    otherSystemDisease: '1',
    healthEvaluation: '1',
    ...elderly,
    ...overrides,
  };
}

const saveExam = (values: Record<string, unknown>) =>
  doctor.post('/api/blade-iph-business/formrecord/submit', { formCode: 'physicalexamination', archId: resident.id, values });

beforeAll(async () => {
  t = await createTestApp();
  [doctor, cdc, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'cdc'), loginAs(t.app, 'admin', '100002')]);
  const [id] = await demoArchiveIds(t.deps.db, 'hypertension');
  const row = await t.deps.db
    .selectFrom('user_archive')
    .select(['id', 'birthday', 'sex', 'doctor_name'])
    .where('id', '=', id!)
    .executeTakeFirstOrThrow();
  resident = { id: row.id, birthday: row.birthday, sex: row.sex, doctorName: row.doctor_name };
});
afterAll(() => t.close());

describe('userfollowup/physical-examination-to-initialize', () => {
  it('starts a first exam from the archive: exam date, birth date, sex, age on that date, the responsible doctor', async () => {
    const res = await doctor.post(INIT, { archId: resident.id, date: '2025-06-01' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      code: 200,
      data: { formCode: 'physicalexamination', formName: '健康体检表', archId: resident.id, lastExam: null, sources: {} },
    });
    const values = res.body.data.values;
    expect(values).toMatchObject({ visitDate: '2025-06-01', birthDate: resident.birthday, age: ageYears(resident.birthday, '2025-06-01') });
    if (resident.sex === '1' || resident.sex === '2') expect(values.sex).toBe(resident.sex);
    if (resident.doctorName) expect(values.responsibleDoctor).toBe(resident.doctorName);
    expect(values).not.toHaveProperty('height');
  });

  it('carries the latest height, weight and waist from the resident’s exams and follow-ups before the exam date', async () => {
    const exam = await saveExam(examValues(resident.birthday, '2025-01-10', { height: 172, weight: 70, waist: 85 }));
    expect(exam.body).toMatchObject({ success: true, data: { formCode: 'physicalexamination' } });
    const followUp = await doctor.post(`${U}/high-blood-pressure-follow-up`, {
      archId: resident.id,
      values: goodHypertensionValues({
        birthDate: resident.birthday,
        visitDate: '2025-03-01',
        nextVisitDate: '2025-06-01',
        height: 171,
        weight: 68,
      }),
    });
    expect(followUp.body.success).toBe(true);

    const later = (await doctor.post(`${INIT}?archId=${resident.id}&date=2025-06-01`)).body.data;
    expect(later.values).toMatchObject({ height: 171, weight: 68, waist: 85 });
    expect(later.sources.weight).toEqual({ followId: followUp.body.data.id, formCode: 'hypertensionfollowup', visitDate: '2025-03-01' });
    expect(later.sources.waist).toMatchObject({ followId: exam.body.data.id, formCode: 'physicalexamination' });
    expect(later.lastExam).toEqual({ followId: exam.body.data.id, visitDate: '2025-01-10' });

    // Before the follow-up, only the exam's figures count.
    const earlier = (await doctor.post(INIT, { archId: resident.id, date: '2025-02-01' })).body.data;
    expect(earlier.values).toMatchObject({ height: 172, weight: 70, waist: 85 });
  });

  it('re-validates a saved exam with the form’s rules: a height of 17 m is refused with the field’s own message', async () => {
    const refused = await saveExam(examValues(resident.birthday, '2025-01-11', { height: 1700 }));
    expect(refused.status).toBe(400);
    expect(refused.body.data.field).toBe('height');
    expect(refused.body.msg).toContain('身高应在40–250cm之间');
  });

  it('validates its input and checks tenant and permission', async () => {
    expect((await doctor.post(INIT, {})).body).toMatchObject({ success: false, code: 400, msg: '参数[archId]不能为空' });
    expect((await doctor.post(INIT, { archId: 'abc' })).body.msg).toBe('参数[archId]格式不正确');
    expect((await doctor.post(INIT, { archId: resident.id, date: '1 June' })).body.msg).toBe('参数[date]格式不正确，应为yyyy-MM-dd');
    expect((await doctor.post(INIT, { archId: '999999999' })).status).toBe(404);
    // Another tenant does not see this resident; a role without the archive menu may not ask.
    expect((await otherTenant.post(INIT, { archId: resident.id })).body).toMatchObject({ success: false, code: 404, msg: '档案不存在' });
    expect((await cdc.post(INIT, { archId: resident.id })).status).toBe(403);
  });
});
