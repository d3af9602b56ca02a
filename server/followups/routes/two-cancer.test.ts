import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const U = '/api/blade-iph-business/userfollowup';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
/** A woman of the programme's ages (35–64) and her birth date. */
let woman: { id: string; birthday: string };

const cervicalValues = (overrides: Record<string, unknown> = {}) => ({
  visitDate: '2024-06-10',
  visitMethod: '1',
  birthDate: woman.birthday,
  diagnosis: '3',
  treatStatus: '1',
  treatment: ['2'],
  treatmentOrg: '市妇幼保健院',
  treatmentDate: '2024-05-20',
  outcome: '1',
  nextVisitDate: '2024-12-10',
  doctorSign: '王医生',
  ...overrides,
});
const breastValues = (overrides: Record<string, unknown> = {}) => cervicalValues({ diagnosis: '4', treatment: ['1', '3'], ...overrides });

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  const row = await t.deps.db
    .selectFrom('user_archive')
    .select(['id', 'birthday'])
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('sex', '=', '2')
    .where(sql<boolean>`birthday between '1965-01-01' and '1985-12-31'`)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  woman = { id: row.id, birthday: String(row.birthday).slice(0, 10) };
});
afterAll(() => t.close());

describe('two-cancer follow-ups (spec 001: userfollowup/cervical-follow-up, breast-follow-up)', () => {
  it('saves a cervical follow-up through its own call, re-validated by the form’s rules', async () => {
    const saved = await doctor.post(`${U}/cervical-follow-up`, { archId: woman.id, values: cervicalValues() });
    expect(saved.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'cervicalfollowup', archId: woman.id, nextVisitDate: '2024-12-10' },
    });
    expect(saved.body.data.followId).toBe(saved.body.data.id);
    const listed = await doctor.get(`${U}/new-list?archId=${woman.id}&formCode=cervicalfollowup`);
    expect(listed.body.data.records.map((r: { followId: string }) => r.followId)).toContain(saved.body.data.id);

    const noMethod = await doctor.post(`${U}/cervical-follow-up`, { archId: woman.id, values: cervicalValues({ treatment: [] }) });
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.data).toMatchObject({ stage: 'fields', field: 'treatment' });
    const untreated = await doctor.post(`${U}/cervical-follow-up`, {
      archId: woman.id,
      values: cervicalValues({ treatStatus: '3', treatment: [], untreatedReason: '经济原因' }),
    });
    expect(untreated.status).toBe(400);
    expect(untreated.body.msg).toBe('有异常是否保存?（高级别病变或宫颈癌尚未治疗: 请督促尽快治疗）');
  });

  it('saves a breast follow-up and refuses another form, a future or pre-birth visit, and another tenant’s resident', async () => {
    const saved = await doctor.post(`${U}/breast-follow-up`, { archId: woman.id, values: breastValues() });
    expect(saved.body).toMatchObject({ success: true, data: { formCode: 'breastfollowup' } });
    const wrong = await doctor.post(`${U}/breast-follow-up`, { formCode: 'cervicalfollowup', archId: woman.id, values: breastValues() });
    expect(wrong.body.msg).toBe('该接口只保存表单 breastfollowup');
    const future = await doctor.post(`${U}/breast-follow-up`, {
      archId: woman.id,
      values: breastValues({ visitDate: '2099-01-01', nextVisitDate: '2099-06-01' }),
    });
    expect(future.body).toMatchObject({ success: false, msg: '随访日期不能晚于今天', data: { field: 'visitDate' } });
    const unborn = await doctor.post(`${U}/breast-follow-up`, {
      archId: woman.id,
      values: breastValues({ visitDate: '1950-01-01', treatmentDate: '1950-01-01', nextVisitDate: '1950-06-01' }),
    });
    expect(unborn.body).toMatchObject({ success: false, msg: '随访日期不能早于出生日期', data: { field: 'visitDate' } });
    const foreign = await otherTenant.post(`${U}/breast-follow-up`, { archId: woman.id, values: breastValues() });
    expect(foreign.status).toBe(404);
  });
});
