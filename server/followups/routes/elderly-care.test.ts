import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../services/followup-queries';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
/** Demo residents aged 65 or more today (the elderly forms apply to them), with their birth dates. */
let elderly: { id: string; birthday: string }[];

const today = localDate(new Date());
const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;

const selfCareValues = (birthDate: string, overrides: Record<string, unknown> = {}) => ({
  visitDate: today,
  birthDate,
  eating: '0',
  grooming: '1',
  dressing: '2',
  toileting: '2',
  moving: '0',
  doctorSign: '王医生',
  ...overrides,
});

/** Every answer 没有 except those given; 平和质 is then 是 and needs its guidance. */
const tcmValues = (birthDate: string, answers: Record<number, string> = {}, overrides: Record<string, unknown> = {}) => {
  const values: Record<string, unknown> = { visitDate: today, birthDate, doctorSign: '李医生' };
  for (let q = 1; q <= 33; q++) values[`q${q}`] = answers[q] ?? '1';
  return { ...values, ...overrides };
};

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  elderly = await t.deps.db
    .selectFrom('user_archive')
    .select(['id', 'birthday'])
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('birthday', '<=', yearsAgo(65))
    .where('birthday', '<>', '')
    .orderBy('id')
    .limit(3)
    .execute();
});
afterAll(() => t.close());

describe('老年人生活自理能力评估 (self-care-ability-evaluation)', () => {
  it('saves an evaluation with the total and the grade the server calculates', async () => {
    const resident = elderly[0]!;
    // 穿衣中度依赖 3 + 如厕中度依赖 5 + 梳洗轻度依赖 1 = 9: 中度依赖 (9–18).
    const saved = await doctor.post(`${U}/self-care-ability-evaluation`, {
      archId: resident.id,
      values: selfCareValues(resident.birthday),
    });
    expect(saved.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'oldpeopleselfcare', archId: resident.id, values: { totalScore: 9, selfCareGrade: '3' } },
    });
    expect(saved.body.data.followId).toBe(saved.body.data.id);
    // No next date given: due a year after the evaluation (placement.due).
    expect(saved.body.data.nextVisitDate).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
  });

  it('refuses an item the specification has no column for, and another form through this call', async () => {
    const resident = elderly[0]!;
    const refused = await doctor.post(`${U}/self-care-ability-evaluation`, {
      archId: resident.id,
      values: selfCareValues(resident.birthday, { eating: '1' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, data: { field: 'eating' } });
    const wrong = await doctor.post(`${U}/self-care-ability-evaluation`, {
      formCode: 'oldpeoplemedicine',
      archId: resident.id,
      values: selfCareValues(resident.birthday),
    });
    expect(wrong.body.msg).toBe('该接口只保存表单 oldpeopleselfcare');
  });

  it('does not save for another tenant’s resident', async () => {
    const resident = elderly[0]!;
    const res = await otherTenant.post(`${U}/self-care-ability-evaluation`, {
      archId: resident.id,
      values: selfCareValues(resident.birthday),
    });
    expect(res.status).toBe(404);
  });
});

describe('老年人中医药健康管理 (management-of-traditional-chinese-medicine, save-or-update-tcm-physique-comm-userfollow-up)', () => {
  it('saves the questionnaire with the constitutions scored on the server', async () => {
    const resident = elderly[1]!;
    // 气虚质 3+3+3+2 = 11: 是; 平和质 1+3+3+5+5 = 17 but 气虚 >10: 否.
    const values = tcmValues(resident.birthday, { 2: '3', 3: '3', 4: '3', 14: '2' }, { guideQixu: ['1', '2', '4'] });
    const saved = await doctor.post(`${U}/management-of-traditional-chinese-medicine`, { archId: resident.id, values });
    expect(saved.body).toMatchObject({
      success: true,
      data: {
        formCode: 'oldpeoplemedicine',
        values: { scoreQixu: 11, verdictQixu: '1', scorePinghe: 17, verdictPinghe: '3', constitution: ['2'] },
      },
    });
    // The create-or-update call updates the same record when given its id.
    const updated = await doctor.post(`${U}/save-or-update-tcm-physique-comm-userfollow-up`, {
      id: saved.body.data.id,
      rowVersion: saved.body.data.rowVersion,
      archId: resident.id,
      values: tcmValues(resident.birthday, {}, { guidePinghe: ['1', '2', '3', '4', '5'] }),
    });
    expect(updated.body).toMatchObject({
      success: true,
      msg: '更新成功',
      data: { id: saved.body.data.id, values: { verdictPinghe: '1', constitution: ['1'] } },
    });
  });

  it('refuses an identified constitution without its guidance, and an unanswered question', async () => {
    const resident = elderly[1]!;
    const noGuide = await doctor.post(`${U}/management-of-traditional-chinese-medicine`, {
      archId: resident.id,
      values: tcmValues(resident.birthday),
    });
    expect(noGuide.status).toBe(400);
    expect(noGuide.body.data.field).toBe('guidePinghe');
    const { q33: _q33, ...unanswered } = tcmValues(resident.birthday, {}, { guidePinghe: ['1'] });
    const missing = await doctor.post(`${U}/save-or-update-tcm-physique-comm-userfollow-up`, { archId: resident.id, values: unanswered });
    expect(missing.status).toBe(400);
    expect(missing.body.data.field).toBe('q33');
  });
});

describe('老年人档案 summary (get-old-archives-data)', () => {
  it('gives the latest self-care grade and constitutions with their dates', async () => {
    const resident = elderly[2]!;
    const empty = await doctor.get(`${U}/get-old-archives-data?archId=${resident.id}`);
    expect(empty.body).toMatchObject({ success: true, data: { archId: resident.id, selfCare: null, tcm: null } });

    const older = selfCareValues(resident.birthday, {
      visitDate: yearsAgo(1),
      eating: '3',
      grooming: '3',
      dressing: '3',
      toileting: '3',
      moving: '3',
    });
    await doctor.post(`${U}/self-care-ability-evaluation`, { archId: resident.id, values: older });
    await doctor.post(`${U}/self-care-ability-evaluation`, {
      archId: resident.id,
      values: selfCareValues(resident.birthday, { grooming: '0', dressing: '0', toileting: '1' }),
    });
    await doctor.post(`${U}/management-of-traditional-chinese-medicine`, {
      archId: resident.id,
      values: tcmValues(
        resident.birthday,
        { 9: '3', 16: '3', 28: '3', 32: '3', 23: '3', 25: '3', 27: '2', 30: '2' },
        { guideTanshi: ['1', '2'], guideShire: ['2'] },
      ),
    });

    const summary = await doctor.get(`${U}/get-old-archives-data?archId=${resident.id}`);
    expect(summary.body.data).toEqual({
      archId: resident.id,
      // The newest evaluation (today, 1 point: 可自理), not last year's 37 points.
      selfCare: expect.objectContaining({ visitDate: today, totalScore: 1, grade: '1', gradeName: '可自理' }),
      tcm: expect.objectContaining({ visitDate: today, constitutions: ['5', '6'], constitutionNames: ['痰湿质', '湿热质'] }),
    });
  });

  it('does not show another tenant’s resident, and asks for an archive', async () => {
    const other = await otherTenant.get(`${U}/get-old-archives-data?archId=${elderly[2]!.id}`);
    expect(other.status).toBe(404);
    const none = await doctor.get(`${U}/get-old-archives-data`);
    expect(none.status).toBe(400);
  });
});
