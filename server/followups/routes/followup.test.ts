import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowView } from '../../../src/shared/contract/followups';
import { localDate, quarterOf } from '../services/followup-queries';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
let hypertensive: string[];
let diabetic: string[];

const today = localDate(new Date());
const quarter = quarterOf(today);
/** A day of the previous quarter. */
const lastQuarter = localDate(new Date(Number(quarter.start.slice(0, 4)), Number(quarter.start.slice(5, 7)) - 1, 0 - 10));

const diabetesValues = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  visitMethod: '1',
  birthDate: '1958-05-20',
  caseType: '2',
  symptoms: ['1'],
  sbp: 128,
  dbp: 78,
  height: 170,
  weight: 72,
  dorsalArtery: '1',
  fbg: 6.4,
  hba1c: 6.8,
  examDate: '2024-06-10',
  drugCompliance: '0',
  adverseReaction: '1',
  hypoglycemia: '1',
  followupClass: '1',
  referral: '1',
  outcome: '1',
  nextVisitDate: '2024-09-10',
  doctorSign: '李医生',
  ...overrides,
});

const htn = (archId: string, values: Record<string, unknown>) => doctor.post(`${U}/high-blood-pressure-follow-up`, { archId, values });

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  hypertensive = await demoArchiveIds(t.deps.db, 'hypertension');
  diabetic = await demoArchiveIds(t.deps.db, 'diabetes');
});
afterAll(() => t.close());

describe('saving follow-ups', () => {
  it('answers exactly the contract’s fields (src/shared/contract/followups.ts), in a save, a detail and a list', async () => {
    const saved = await htn(hypertensive[0]!, goodHypertensionValues());
    const fields = Object.keys(FollowView.properties).sort();
    expect(Object.keys(saved.body.data).sort()).toEqual(fields);
    const detail = await doctor.get(`${U}/detail?id=${saved.body.data.id}`);
    expect(Object.keys(detail.body.data).sort()).toEqual(fields);
    const list = await doctor.get(`${U}/new-list?archId=${hypertensive[0]}`);
    for (const row of list.body.data.records) expect(Object.keys(row).sort()).toEqual(fields);
  });

  it('saves hypertension and diabetes follow-ups through their own endpoints, re-validated', async () => {
    const h = await htn(hypertensive[0]!, goodHypertensionValues());
    expect(h.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'hypertensionfollowup', formVersion: 1, archId: hypertensive[0] },
    });
    expect(h.body.data.followId).toBe(h.body.data.id);
    const d = await doctor.post(`${U}/diabetes-follow-up`, { archId: diabetic[0], values: diabetesValues() });
    expect(d.body).toMatchObject({ success: true, data: { formCode: 'diabetesfollowup' } });
    const wrong = await doctor.post(`${U}/diabetes-follow-up`, {
      formCode: 'hypertensionfollowup',
      archId: diabetic[0],
      values: diabetesValues(),
    });
    expect(wrong.body.msg).toBe('该接口只保存表单 diabetesfollowup');
    const { fbg: _fbg, ...noGlucose } = diabetesValues();
    const refused = await doctor.post(`${U}/diabetes-follow-up`, { archId: diabetic[0], values: noGlucose });
    expect(refused.status).toBe(400);
    expect(refused.body.data.field).toBe('fbg');
  });

  it('ends management only with a reason (death, moved out, refused), as the form’s rules say', async () => {
    const noReason = await htn(hypertensive[0]!, goodHypertensionValues({ outcome: '3', nextVisitDate: null }));
    expect(noReason.status).toBe(400);
    expect(noReason.body.msg).toBe('请选择终止管理原因（规则 stopReason.req）');
    const badReason = await htn(hypertensive[0]!, goodHypertensionValues({ outcome: '3', stopReason: '3', nextVisitDate: null }));
    expect(badReason.status).toBe(400);
    expect(badReason.body.data.field).toBe('stopReason');
    const lost = await htn(hypertensive[0]!, goodHypertensionValues({ outcome: '2', nextVisitDate: null }));
    expect(lost.status).toBe(200);
  });

  it('reads one resident’s follow-ups and the dates of the last one', async () => {
    const arch = hypertensive[1]!;
    const first = (await htn(arch, goodHypertensionValues({ visitDate: '2025-03-01', nextVisitDate: '2025-06-01' }))).body.data;
    const second = (await htn(arch, goodHypertensionValues({ visitDate: '2025-06-02', nextVisitDate: '2025-09-02', heartRate: 70 }))).body
      .data;
    expect((await doctor.get(`${U}/detail?followId=${first.id}`)).body.data.values.visitDate).toBe('2025-03-01');
    const newList = (await doctor.get(`${U}/new-list?archId=${arch}&formCode=hypertensionfollowup`)).body.data;
    expect(newList.records.map((r: { followId: string }) => r.followId)).toEqual([second.id, first.id]);
    // The archive's other forms in the same store (here a health-education record) are no follow-ups.
    const education = { visitDate: '2025-06-02', method: '1', topics: ['2'], educator: '张医生' };
    const kept = await doctor.post('/api/blade-iph-business/formrecord/submit', {
      formCode: 'healtheducation',
      archId: arch,
      values: education,
    });
    expect(kept.body.success).toBe(true);
    expect((await doctor.get(`${U}/list-by-param?archId=${arch}`)).body.data).toHaveLength(2);
    expect((await doctor.get(`${U}/list?archId=${arch}`)).body.data.total).toBe(2);
    expect(
      (await doctor.get(`/api/blade-iph-business/formrecord/list?archId=${arch}&formCode=healtheducation`)).body.data.records,
    ).toHaveLength(1);
    expect(
      (await doctor.get(`${U}/list?formCode=hypertensionfollowup&archId=${arch}&startDate=2025-05-01&endDate=2025-12-31`)).body.data.total,
    ).toBe(1);
    expect((await doctor.get(`${U}/get-followup-date?archId=${arch}&formCode=hypertensionfollowup`)).body.data).toEqual({
      archId: arch,
      formCode: 'hypertensionfollowup',
      followId: second.id,
      lastVisitDate: '2025-06-02',
      nextVisitDate: '2025-09-02',
    });
    expect(
      (await doctor.get(`${U}/get-followup-top-data?archId=${arch}&code=hypertensionfollowup&date=2025-05-31`)).body.data.followId,
    ).toBe(first.id);
    expect((await doctor.get(`${U}/get-followup-top-data?archId=${arch}&code=hypertensionfollowup`)).body.data.values.heartRate).toBe(70);
    expect((await doctor.get(`${U}/get-followup-top-data?archId=${arch}&code=diabetesfollowup`)).body.data).toBeNull();
  });
});

describe('closing off, restoring, removing, history', () => {
  it('closes off and restores a follow-up, refusing edits while closed, and keeps the history', async () => {
    const rec = (await htn(hypertensive[2]!, goodHypertensionValues())).body.data;
    const closed = await doctor.post(`${U}/close-off-follow-up?id=${rec.id}`);
    expect(closed.body.data).toMatchObject({ status: 2, rowVersion: 2 });
    expect((await doctor.post(`${U}/close-off-follow-up?id=${rec.id}`)).body.msg).toBe('该随访已结案');
    const edit = await doctor.post(`${U}/submit`, { id: rec.id, rowVersion: 2, values: goodHypertensionValues() });
    expect(edit.body.msg).toBe('该记录已结案，不能修改');
    const restored = await doctor.post(`${U}/restore-follow-up`, { id: rec.id });
    expect(restored.body.data).toMatchObject({ status: 1, rowVersion: 3 });
    expect((await doctor.post(`${U}/restore-follow-up?id=${rec.id}`)).body.msg).toBe('该随访未结案，无需恢复');
    expect(
      (await doctor.post(`${U}/submit`, { id: rec.id, rowVersion: 3, values: goodHypertensionValues({ weight: 66 }) })).body.data
        .rowVersion,
    ).toBe(4);
    await doctor.post(`${U}/remove?ids=${rec.id}`);
    expect((await doctor.get(`${U}/detail?id=${rec.id}`)).status).toBe(404);
    const history = (await doctor.get(`/api/blade-iph-business/userfollowupdev/history?followId=${rec.id}`)).body.data;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['remove', 'update', 'restore', 'close', 'create']);
    expect(history[0]).toMatchObject({
      updateUserName: '张伟',
      changeSource: 'SYS',
      requestUri: '/blade-iph-business/userfollowup/remove',
    });
  });
});

describe('who is due', () => {
  it('lists residents with the disease label not yet followed up this quarter', async () => {
    const fresh = await createTestApp();
    try {
      const doc = await loginAs(fresh.app, 'doctor');
      const ids = await demoArchiveIds(fresh.deps.db, 'hypertension');
      expect(ids.length).toBeGreaterThanOrEqual(3);
      const due = async () => (await doc.get(`${U}/hypertension-should-visit?size=200`)).body.data;
      const before = await due();
      expect(before.total).toBe(ids.length);
      expect(before.records.map((r: { archId: string }) => r.archId).sort()).toEqual([...ids].sort());
      expect(before.records[0]).toMatchObject({
        formCode: 'hypertensionfollowup',
        quarterStart: quarter.start,
        quarterEnd: quarter.end,
        lastFollowId: null,
      });

      const post = (archId: string, values: Record<string, unknown>) => doc.post(`${U}/high-blood-pressure-follow-up`, { archId, values });
      // Seen this quarter: not due. Management ended last quarter: not due. Seen last quarter: still due.
      expect((await post(ids[0]!, goodHypertensionValues({ visitDate: today, nextVisitDate: null, outcome: '2' }))).status).toBe(200);
      expect(
        (await post(ids[1]!, goodHypertensionValues({ visitDate: lastQuarter, outcome: '3', stopReason: '2', nextVisitDate: null })))
          .status,
      ).toBe(200);
      const seen = (await post(ids[2]!, goodHypertensionValues({ visitDate: lastQuarter, nextVisitDate: quarter.end }))).body.data;
      const after = await due();
      expect(after.total).toBe(ids.length - 2);
      const ids2 = after.records.map((r: { archId: string }) => r.archId);
      expect(ids2).not.toContain(ids[0]);
      expect(ids2).not.toContain(ids[1]);
      expect(after.records.find((r: { archId: string }) => r.archId === ids[2])).toMatchObject({
        lastFollowId: seen.id,
        lastVisitDate: lastQuarter,
        nextVisitDate: quarter.end,
      });
      expect((await doc.post(`${U}/hypertension-should-visit?size=1&current=2`)).body.data).toMatchObject({
        total: ids.length - 2,
        current: 2,
        size: 1,
      });

      const diabetes = await demoArchiveIds(fresh.deps.db, 'diabetes');
      expect((await doc.get(`${U}/diabetes-should-visit?size=200`)).body.data.total).toBe(diabetes.length);
      // The spec lists the due lists under POST; the screens read them with GET: both answer alike.
      expect((await doc.post(`${U}/diabetes-should-visit?size=200`)).body.data.total).toBe(diabetes.length);

      const tasks = (await doc.get(`${U}/list-task-user-followup?startDate=${quarter.start}&endDate=${quarter.end}`)).body.data;
      expect(tasks.records).toEqual([
        {
          followId: seen.id,
          archId: ids[2],
          personName: expect.any(String),
          formCode: 'hypertensionfollowup',
          lastVisitDate: lastQuarter,
          nextVisitDate: quarter.end,
          overdue: quarter.end < today,
        },
      ]);

      const status = (await doc.get(`${U}/follow-submit-status?startDate=${lastQuarter}&endDate=${quarter.end}`)).body.data;
      expect(status).toEqual([
        {
          formCode: 'hypertensionfollowup',
          formName: '高血压患者随访服务记录表',
          startDate: lastQuarter,
          endDate: quarter.end,
          total: 3,
          closed: 0,
          withAnomalies: 0,
        },
      ]);
      // Another tenant has none of these residents.
      const other = await loginAs(fresh.app, 'admin', '100002');
      expect((await other.get(`${U}/hypertension-should-visit`)).body.data.total).toBe(0);
      expect((await other.get(`${U}/list-task-user-followup?startDate=${quarter.start}&endDate=${quarter.end}`)).body.data.total).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('tenant isolation', () => {
  it('answers not found to another tenant for every follow-up id and changes nothing', async () => {
    const rec = (await htn(hypertensive[0]!, goodHypertensionValues())).body.data;
    const calls = [
      otherTenant.get(`${U}/detail?id=${rec.id}`),
      otherTenant.post(`${U}/close-off-follow-up?id=${rec.id}`),
      otherTenant.post(`${U}/restore-follow-up?id=${rec.id}`),
      otherTenant.post(`${U}/remove?ids=${rec.id}`),
      otherTenant.get(`/api/blade-iph-business/userfollowupdev/history?followId=${rec.id}`),
      otherTenant.post(`${U}/submit`, { id: rec.id, rowVersion: 1, values: goodHypertensionValues() }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await otherTenant.get(`${U}/new-list?archId=${hypertensive[0]}`)).body.data.total).toBe(0);
    expect((await otherTenant.get(`${U}/get-followup-top-data?archId=${hypertensive[0]}&code=hypertensionfollowup`)).body.data).toBeNull();
    expect((await doctor.get(`${U}/detail?id=${rec.id}`)).body.data).toEqual(rec);
    expect((await doctor.get(`/api/blade-iph-business/userfollowupdev/history?followId=${rec.id}`)).body.data).toHaveLength(1);
  });
});
