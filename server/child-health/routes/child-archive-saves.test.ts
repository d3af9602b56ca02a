// Child forms filled on the resident's archive page (the generic userfollowup/submit and formrecord/
// submit, with no otherId) are filed under the child's case; a 高危儿 register sets the case's
// high-risk flag right after the save, and its 结案 clears it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from '../../forms/routes/form-test-support';

const B = '/api/blade-iph-business';
const CASE = '9200000000000001';
const CLOSED_OLD = '9200000000000002';

let t: TestApp;
let doctor: Caller;
let child: string;
let unfiled: string;

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
const register = (over: Record<string, unknown> = {}) => ({
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
  outcome: '1',
  nextVisitDate: '2026-07-10',
  doctorSign: '李医生',
  ...over,
});
const caseRow = async (id: string) =>
  t.deps.db.selectFrom('iph_user_archives_other').select(['high_risk']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  doctor = await loginAs(t.app, 'doctor');
  const ids = await demoArchiveIds(t.deps.db);
  [child, unfiled] = [ids[2]!, ids[3]!];
  await t.deps.db.updateTable('user_archive').set({ birthday: '2025-12-10', sex: '1' }).where('id', 'in', [child, unfiled]).execute();
  const row = (id: string, status: '1' | '2') => ({
    id,
    tenant_id: '100001',
    arch_id: child,
    kind: 'child' as const,
    birth_date: '2025-12-10',
    child_sex: '1',
    status,
  });
  // An older closed case beside the open one: the open one is chosen.
  await t.deps.db
    .insertInto('iph_user_archives_other')
    .values([row(CLOSED_OLD, '2'), row(CASE, '1')])
    .execute();
});
afterAll(() => t.close());

describe('child forms saved from the resident’s archive page', () => {
  it('file a health exam under the child’s open case, on either generic store', async () => {
    const a = await doctor.post(`${B}/userfollowup/submit`, { archId: child, formCode: 'childexam1to8', values: exam() });
    expect(a.body).toMatchObject({ success: true, data: { otherId: CASE } });
    const b = await doctor.post(`${B}/formrecord/submit`, {
      archId: child,
      formCode: 'childtcm',
      values: {
        visitDate: '2026-06-10',
        birthDate: '2025-12-10',
        sex: '1',
        visitMonth: '6',
        guidance: ['1', '2', '3'],
        nextVisitDate: '2026-12-10',
        doctorSign: '李医生',
      },
    });
    expect(b.body).toMatchObject({ success: true, data: { otherId: CASE } });
    const listed = await doctor.get(`${B}/userfollowup/get-children-userfollow-up?archId=${child}&otherId=${CASE}`);
    expect(listed.body.data.map((r: { formCode: string }) => r.formCode).sort()).toEqual(['childexam1to8', 'childtcm']);
  });

  it('refuse a child without a case, and a case of another resident, with their words; nothing is stored', async () => {
    const none = await doctor.post(`${B}/userfollowup/submit`, { archId: unfiled, formCode: 'childexam1to8', values: exam() });
    expect([none.status, none.body.msg]).toEqual([400, '该儿童尚未建立儿童档案，请先在“儿童建档”中建档后再填写']);
    const foreign = await doctor.post(`${B}/formrecord/submit`, {
      archId: unfiled,
      otherId: CASE,
      formCode: 'childexam1to8',
      values: exam(),
    });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '儿童档案不存在']);
    const stored = await doctor.get(`${B}/userfollowup/get-children-userfollow-up?archId=${unfiled}`);
    expect(stored.body.data).toEqual([]);
  });

  it('a 高危儿 register sets the case’s high-risk flag; a newer register closing it (结案) clears it', async () => {
    expect((await caseRow(CASE)).high_risk).toBe(0);
    const first = await doctor.post(`${B}/formrecord/submit`, { archId: child, formCode: 'childhighrisk', values: register() });
    expect(first.body).toMatchObject({ success: true, data: { otherId: CASE } });
    expect((await caseRow(CASE)).high_risk).toBe(1);
    const detail = await doctor.get(`${B}/userarchivesother/detail?otherId=${CASE}`);
    expect(detail.body.data.highRisk).toBe(1);
    const closed = await doctor.post(`${B}/userfollowup/submit`, {
      archId: child,
      formCode: 'childhighrisk',
      values: register({ visitDate: '2026-07-10', outcome: '3', nextVisitDate: undefined }),
    });
    expect(closed.body.success).toBe(true);
    expect((await caseRow(CASE)).high_risk).toBe(0);
    // A refused save changes nothing.
    const bad = await doctor.post(`${B}/formrecord/submit`, {
      archId: child,
      formCode: 'childhighrisk',
      values: register({ birthWeight: 9 }),
    });
    expect(bad.status).toBe(400);
    expect((await caseRow(CASE)).high_risk).toBe(0);
  });
});
