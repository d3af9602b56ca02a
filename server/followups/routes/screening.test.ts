import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../services/followup-queries';
import { ScreenView } from '../../../src/shared/contract/followups-care';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const SCREEN = '/api/blade-iph-business/hypertension';
const ASK = '/api/blade-iph-business/useraskhypertension';

let t: TestApp;
let doctor: Caller;
let otherTenant: Caller;
/** Two demo residents with a birth date, the first aged 35 or more (the screening's population). */
let residents: { id: string; birthday: string }[];

const today = localDate(new Date());
const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;

/** A first screening with an elevated average (146/92): the form asks for a recheck on another day. */
const screeningValues = (birthDate: string, overrides: Record<string, unknown> = {}) => ({
  visitDate: today,
  birthDate,
  screenRound: '1',
  knownHypertension: '1',
  sbp1: 148,
  dbp1: 92,
  sbp2: 144,
  dbp2: 92,
  recheckDate: '2999-01-01',
  doctorSign: '李医生',
  ...overrides,
});

const inquiryValues = (birthDate: string, overrides: Record<string, unknown> = {}) => ({
  visitDate: today,
  birthDate,
  chiefComplaint: '头晕1周',
  symptoms: ['3'],
  pastHistory: ['1'],
  familyHistory: ['2'],
  smokingStatus: '1',
  drinkingFrequency: '1',
  onMedication: '1',
  sbp: 152,
  dbp: 94,
  doctorSign: '王医生',
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  [doctor, otherTenant] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002')]);
  residents = await t.deps.db
    .selectFrom('user_archive')
    .select(['id', 'birthday'])
    .where('tenant_id', '=', '100001')
    .where('is_deleted', '=', 0)
    .where('birthday', '<=', yearsAgo(40))
    .where('birthday', '<>', '')
    .orderBy('id')
    .limit(2)
    .execute();
});
afterAll(() => t.close());

describe('高血压筛查 (hypertension/save-hypertension, new-list, remove)', () => {
  it('saves a screening with the average and the grade the server calculates, and lists it for the resident', async () => {
    const resident = residents[0]!;
    const saved = await doctor.post(`${SCREEN}/save-hypertension`, { archId: resident.id, values: screeningValues(resident.birthday) });
    expect(saved.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'hypertensionscreening', archId: resident.id, values: { sbpAvg: 146, dbpAvg: 92, bpLevel: '2', conclusion: '2' } },
    });
    expect(saved.body.data.screenId).toBe(saved.body.data.id);

    const listed = await doctor.get(`${SCREEN}/new-list?archId=${resident.id}&current=1&size=10`);
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toContain(saved.body.data.id);
    expect(listed.body.data).toMatchObject({ current: 1, size: 10 });
    // Exactly the contract's fields (src/shared/contract/followups-care.ts), in a save and a list.
    const fields = Object.keys(ScreenView.properties).sort();
    expect(Object.keys(saved.body.data).sort()).toEqual(fields);
    expect(Object.keys(listed.body.data.records[0]).sort()).toEqual(fields);
  });

  it('refuses an elevated first screening without a recheck date, naming the field', async () => {
    const resident = residents[0]!;
    const refused = await doctor.post(`${SCREEN}/save-hypertension`, {
      archId: resident.id,
      values: screeningValues(resident.birthday, { recheckDate: undefined }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, data: { field: 'recheckDate' } });
  });

  it('saves only its own form, needs the resident, and removes only screenings', async () => {
    const resident = residents[0]!;
    const wrong = await doctor.post(`${SCREEN}/save-hypertension`, {
      formCode: 'hypertensioninquiry',
      archId: resident.id,
      values: screeningValues(resident.birthday),
    });
    expect(wrong.body.msg).toBe('该接口只保存表单 hypertensionscreening');
    expect((await doctor.get(`${SCREEN}/new-list`)).status).toBe(400);

    const inquiry = await doctor.post(`${ASK}/save-or-update`, { archId: resident.id, values: inquiryValues(resident.birthday) });
    const screening = await doctor.post(`${SCREEN}/save-hypertension`, { archId: resident.id, values: screeningValues(resident.birthday) });
    // An inquiry's id is not a screening: nothing is removed, not even the screening named beside it.
    const mixed = await doctor.post(`${SCREEN}/remove`, { ids: `${screening.body.data.id},${inquiry.body.data.id}` });
    expect(mixed.status).toBe(404);
    expect(mixed.body.msg).toBe('筛查记录不存在');
    const removed = await doctor.post(`${SCREEN}/remove`, { ids: screening.body.data.id });
    expect(removed.body).toMatchObject({ success: true, data: true });
    const listed = await doctor.get(`${SCREEN}/new-list?archId=${resident.id}&size=200`);
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).not.toContain(screening.body.data.id);
  });
});

describe('高血压问诊 (useraskhypertension save-or-update, new-list, list, detail, remove)', () => {
  it('creates, updates with the id, reads back and lists an inquiry', async () => {
    const resident = residents[1]!;
    const created = await doctor.post(`${ASK}/save-or-update`, { archId: resident.id, values: inquiryValues(resident.birthday) });
    expect(created.body).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: 'hypertensioninquiry', values: { bpLevel: '2' } },
    });
    const { id, rowVersion } = created.body.data as { id: string; rowVersion: number };
    expect(created.body.data.askId).toBe(id);

    const updated = await doctor.post(`${ASK}/save-or-update`, {
      id,
      rowVersion,
      archId: resident.id,
      values: inquiryValues(resident.birthday, { sbp: 136, dbp: 84 }),
    });
    expect(updated.body).toMatchObject({ success: true, msg: '更新成功', data: { id, values: { bpLevel: '1' } } });

    const detail = await doctor.get(`${ASK}/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ id, askId: id, values: { sbp: 136, chiefComplaint: '头晕1周' } });
    const mine = await doctor.get(`${ASK}/new-list?archId=${resident.id}`);
    expect(mine.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const everyone = await doctor.get(`${ASK}/list?startDate=${today}&endDate=${today}&size=200`);
    expect(everyone.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    expect(everyone.body.data.records.every((r: { formCode: string }) => r.formCode === 'hypertensioninquiry')).toBe(true);

    expect((await doctor.post(`${ASK}/remove`, { ids: id })).body).toMatchObject({ success: true });
    expect((await doctor.get(`${ASK}/detail?id=${id}`)).status).toBe(404);
  });

  it('lists the tenant’s inquiries with the resident’s name, by the 问诊记录 screen’s date search (visitDate_dategt/_datelt)', async () => {
    const [first, second] = [residents[1]!, residents[0]!];
    const a = await doctor.post(`${ASK}/save-or-update`, { archId: first.id, values: inquiryValues(first.birthday) });
    const b = await doctor.post(`${ASK}/save-or-update`, { archId: second.id, values: inquiryValues(second.birthday) });
    const ids = (r: { body: { data: { records: { id: string }[] } } }) => r.body.data.records.map((x) => x.id);
    const day = `visitDate_dategt=${today}%2000:00:00&visitDate_datelt=${today}%2023:59:59`;
    const listed = await doctor.get(`${ASK}/list?${day}&size=200`);
    expect(ids(listed)).toEqual(expect.arrayContaining([a.body.data.id, b.body.data.id]));
    const name = await t.deps.db.selectFrom('user_archive').select('person_name').where('id', '=', first.id).executeTakeFirstOrThrow();
    const row = (listed.body.data.records as { id: string; personName: string }[]).find((r) => r.id === a.body.data.id);
    expect(row?.personName).toBe(name.person_name);
    expect(ids(await doctor.get(`${ASK}/list?visitDate_datelt=2000-01-01%2023:59:59&size=200`))).toEqual([]);
    expect((await doctor.get(`${ASK}/list?visitDate_dategt=yesterday`)).status).toBe(400);
    expect(ids(await otherTenant.get(`${ASK}/list?${day}&size=200`))).not.toContain(a.body.data.id);
  });

  it('hides an inquiry from another tenant and refuses what the form refuses', async () => {
    const resident = residents[1]!;
    const created = await doctor.post(`${ASK}/save-or-update`, { archId: resident.id, values: inquiryValues(resident.birthday) });
    const foreign = await otherTenant.get(`${ASK}/detail?id=${created.body.data.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('问诊记录不存在');
    expect((await otherTenant.post(`${ASK}/remove`, { ids: created.body.data.id })).status).toBe(404);
    // 无症状 together with a symptom is a blocking error of the form.
    const refused = await doctor.post(`${ASK}/save-or-update`, {
      archId: resident.id,
      values: inquiryValues(resident.birthday, { symptoms: ['1', '3'] }),
    });
    expect(refused.body.success).toBe(false);
    expect(refused.body.msg).toContain('选择“无症状”时不能再选其他症状');
    expect((await doctor.get(`${ASK}/detail?id=abc`)).status).toBe(400);
  });
});

/** A saved-and-accepted record of each form, from its own rule cases (the case that submits ok). */
const B = '/api/blade-iph-business';
const calls = [
  {
    name: '高血糖筛查',
    formCode: 'hyperglycemiascreening',
    save: 'diabetes/save-hyperglycemia',
    list: 'diabetes/new-list',
    remove: 'diabetes/remove',
    idKey: 'screenId',
    values: { visitDate: '2024-06-10', height: 168, weight: 70, typicalSymptoms: '1', fbg: 5.4, doctorSign: '王医生' },
  },
  {
    name: '乳腺癌筛查',
    formCode: 'breastscreening',
    save: 'breast/save-user-screen-breast',
    list: 'breast/new-list',
    detail: 'breast/detail?id=',
    remove: 'breast/remove',
    idKey: 'screenId',
    values: { visitDate: '2024-06-10', examOrg: '镇卫生院', cbe: '1', usBirads: '1', doctorSign: '王医生' },
  },
  {
    name: '宫颈癌筛查',
    formCode: 'cervicalscreening',
    save: 'userscreencervix/save-user-screen-cervix',
    list: 'userscreencervix/new-list',
    detail: 'userscreencervix/detail?screenId=',
    remove: 'userscreencervix/remove',
    idKey: 'screenId',
    values: { visitDate: '2024-06-10', examOrg: '镇卫生院', gynExam: '1', screenMethod: '1', hpvResult: '1', doctorSign: '王医生' },
  },
  {
    name: '高血糖问诊',
    formCode: 'diabetesinquiry',
    save: 'useraskhyperglycemia/save-or-update',
    list: 'useraskhyperglycemia/new-list',
    detail: 'useraskhyperglycemia/detail?id=',
    everyone: 'useraskhyperglycemia/list',
    remove: 'useraskhyperglycemia/remove',
    idKey: 'askId',
    values: {
      visitDate: '2024-06-10',
      sex: '1',
      symptoms: [],
      glycemiaHistory: '1',
      familyHistory: [],
      medication: '1',
      doctorSign: '李医生',
    },
  },
] as const;

describe.each(calls)('$name ($save, $list, $remove)', (c) => {
  it('saves its own form for the resident, lists and reads it back, refuses another form, removes it', async () => {
    const resident = residents[1]!;
    const saved = await doctor.post(`${B}/${c.save}`, { archId: resident.id, values: { ...c.values, birthDate: resident.birthday } });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({
      success: true,
      msg: '新增成功',
      data: { formCode: c.formCode, archId: resident.id },
    });
    const id = saved.body.data.id as string;
    expect(saved.body.data[c.idKey]).toBe(id);

    const listed = await doctor.get(`${B}/${c.list}?archId=${resident.id}&current=1&size=10`);
    expect(listed.body.data.records.map((r: { id: string }) => r.id)).toEqual([id]);
    if ('detail' in c) {
      expect((await doctor.get(`${B}/${c.detail}${id}`)).body.data).toMatchObject({ id, formCode: c.formCode });
      expect((await otherTenant.get(`${B}/${c.detail}${id}`)).status).toBe(404);
    }
    if ('everyone' in c) {
      // Every resident's inquiries in a visit-date range.
      expect(
        (await doctor.get(`${B}/${c.everyone}?startDate=2024-06-01&endDate=2024-06-30`)).body.data.records.map((r: { id: string }) => r.id),
      ).toContain(id);
      expect(
        (await doctor.get(`${B}/${c.everyone}?startDate=2024-07-01&endDate=2024-07-31`)).body.data.records.map((r: { id: string }) => r.id),
      ).not.toContain(id);
    }

    // Another form's code is refused; so is another tenant's resident.
    const wrong = await doctor.post(`${B}/${c.save}`, { formCode: 'hypertensionfollowup', archId: resident.id, values: c.values });
    expect(wrong.status).toBe(400);
    expect((await otherTenant.post(`${B}/${c.save}`, { archId: resident.id, values: c.values })).status).toBe(404);
    expect((await otherTenant.post(`${B}/${c.remove}?ids=${id}`)).status).toBe(404);

    expect((await doctor.post(`${B}/${c.remove}?ids=${id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${B}/${c.list}?archId=${resident.id}`)).body.data.records).toEqual([]);
  });
});
