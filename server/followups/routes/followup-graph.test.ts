import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordDb } from '../repositories/records';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { graphPoint } from './followup-graph';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';
const GRAPH = `${U}/follow-up-for-gxy-or-tnb-data`;

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let resident: string;

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  [resident] = (await demoArchiveIds(t.deps.db, 'hypertension')) as [string];
  // Saved out of date order: the graph sorts them.
  for (const [visitDate, sbp, dbp, nextVisitDate] of [
    ['2024-03-05', 152, 96, '2024-06-05'],
    ['2024-01-10', 165, 100, '2024-04-10'],
    ['2024-06-10', 132, 84, '2024-09-10'],
  ] as const) {
    const saved = await doctor.post(`${U}/high-blood-pressure-follow-up`, {
      archId: resident,
      values: goodHypertensionValues({ visitDate, sbp, dbp, nextVisitDate, followupClass: sbp < 140 ? '1' : '2' }),
    });
    expect(saved.body.msg).toBe('新增成功');
  }
});
afterAll(() => t.close());

describe('follow-up graph data (spec 001: userfollowup/follow-up-for-gxy-or-tnb-data)', () => {
  it('gives one resident’s pressures oldest first, from the default forms, within the dates asked', async () => {
    const all = await doctor.get(`${GRAPH}?archId=${resident}`);
    expect(all.body.success).toBe(true);
    expect(all.body.data.formCodes).toEqual([
      'physicalexamination',
      'diabetesfollowup',
      'hypertensionfollowup',
      'hypertensioninquiry',
      'diabetesinquiry',
    ]);
    expect(all.body.data.points.map((p: { date: string; sbp: number; dbp: number }) => [p.date, p.sbp, p.dbp])).toEqual([
      ['2024-01-10', 165, 100],
      ['2024-03-05', 152, 96],
      ['2024-06-10', 132, 84],
    ]);
    expect(all.body.data.points[0]).toMatchObject({ formCode: 'hypertensionfollowup', formName: '高血压患者随访服务记录表', fbg: null });

    const spring = await doctor.get(`${GRAPH}?archId=${resident}&beginDate=2024-02-01&endDate=2024-06-10`);
    expect(spring.body.data.points.map((p: { date: string }) => p.date)).toEqual(['2024-03-05', '2024-06-10']);
    const onlyDiabetes = await doctor.get(`${GRAPH}?archId=${resident}&formCodes=diabetesfollowup`);
    expect(onlyDiabetes.body.data.points).toEqual([]);
  });

  it('refuses reversed dates, a malformed form list, an unknown resident and another tenant’s', async () => {
    const reversed = await doctor.get(`${GRAPH}?archId=${resident}&beginDate=2024-06-01&endDate=2024-01-01`);
    expect(reversed.body).toMatchObject({ code: 400, success: false, msg: '开始日期不能晚于结束日期' });
    expect((await doctor.get(`${GRAPH}?archId=${resident}&formCodes=a;drop`)).status).toBe(400);
    expect((await doctor.get(`${GRAPH}`)).status).toBe(400);
    expect((await doctor.get(`${GRAPH}?archId=999999999999`)).body).toMatchObject({ code: 404, msg: '档案不存在' });
    expect((await otherTenant.get(`${GRAPH}?archId=${resident}`)).status).toBe(404);
  });

  it('reads each form’s own field names: a screening’s average, the exam’s left arm, the exam’s fasting glucose', () => {
    const record = (values: Record<string, unknown>) =>
      ({ id: '1', form_code: 'x', visit_date: '2024-05-01', values }) as unknown as RecordDb;
    expect(graphPoint(record({ sbpAvg: 141, dbpAvg: 91, sbp1: 150 }), '筛查')).toMatchObject({ sbp: 141, dbp: 91, fbg: null });
    expect(graphPoint(record({ sbpLeft: 128, dbpLeft: 80, sbpRight: 130, dbpRight: 82, fastingGlucose: 6.1 }), '体检')).toMatchObject({
      sbp: 128,
      dbp: 80,
      fbg: 6.1,
    });
    expect(graphPoint(record({ sbp: 130 }), '只有收缩压')).toBeNull();
  });
});
