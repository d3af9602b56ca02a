import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';

const R = '/api/blade-iph-business/formrecord';
const F = '/api/blade-iph-business/form';

let t: TestApp;
let doctor: Caller;
let nurse: Caller;
let admin: Caller;
let otherTenant: Caller;
let archIds: string[];

const submit = (caller: Caller, body: object, headers?: Record<string, string>) => caller.post(`${R}/submit`, body, headers);
const newRecord = (values: Record<string, unknown>, extra: object = {}) => ({
  formCode: 'hypertensionfollowup',
  archId: archIds[0],
  values,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  [doctor, nurse, admin, otherTenant] = await Promise.all([
    loginAs(t.app, 'doctor'),
    loginAs(t.app, 'nurse'),
    loginAs(t.app, 'admin'),
    loginAs(t.app, 'admin', '100002'),
  ]);
  archIds = await demoArchiveIds(t.deps.db);
});
afterAll(() => t.close());

describe('server-side validation of a submit', () => {
  it('saves a valid follow-up with the calculations applied, at the latest version', async () => {
    const res = await submit(doctor, newRecord(goodHypertensionValues({ age: 99, bmi: 1 })));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, msg: '新增成功' });
    expect(res.body.data).toMatchObject({
      formCode: 'hypertensionfollowup',
      formVersion: 1,
      archId: archIds[0],
      rowVersion: 1,
      status: 1,
      acknowledgements: [],
      createUserName: '张伟',
    });
    // The client's calculated values are not trusted: the engine's are stored.
    // 132/84: 正常高值 (guideline: 120–139 and/or 80–89), below the 140/90 target.
    expect(res.body.data.values).toMatchObject({ age: 60, bmi: 24.98, bpLevel: '1', bpControl: '1' });
  });

  it('refuses an empty required field, naming the field in Chinese', async () => {
    const { sbp: _sbp, ...values } = goodHypertensionValues();
    const res = await submit(doctor, newRecord(values));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 400,
      success: false,
      msg: '收缩压不能为空',
      data: { stage: 'fields', field: 'sbp', fieldLabel: '收缩压', ruleId: null },
    });
  });

  it('names the rule of a conditional requirement and of an error rule', async () => {
    const ended = await submit(doctor, newRecord(goodHypertensionValues({ outcome: '3', nextVisitDate: null })));
    expect(ended.status).toBe(400);
    expect(ended.body.msg).toBe('请选择终止管理原因（规则 stopReason.req）');
    expect(ended.body.data).toMatchObject({ field: 'stopReason', fieldLabel: '终止管理原因', ruleId: 'stopReason.req' });
    const withReason = await submit(doctor, newRecord(goodHypertensionValues({ outcome: '3', stopReason: '1', nextVisitDate: null })));
    expect(withReason.status).toBe(200);

    const backwards = await submit(doctor, newRecord(goodHypertensionValues({ nextVisitDate: '2024-01-01' })));
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('下次随访日期应晚于随访日期（字段 下次随访日期，规则 nextVisitDate.after）');
    expect(backwards.body.data).toMatchObject({ stage: 'errors', field: 'nextVisitDate', ruleId: 'nextVisitDate.after' });
  });

  it('refuses a visit dated after today or before the resident was born (the field’s own date bounds)', async () => {
    const future = await submit(doctor, newRecord(goodHypertensionValues({ visitDate: '2099-01-01', nextVisitDate: '2099-03-01' })));
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ msg: '随访日期不能晚于今天', data: { stage: 'fields', field: 'visitDate', ruleId: null } });
    // Born on the archive's birthday; the day before is refused even when the caller sends an
    // earlier birthDate with the values (the server reads the archive, not the request).
    const { birthday } = await t.deps.db
      .selectFrom('user_archive')
      .select('birthday')
      .where('id', '=', archIds[0]!)
      .executeTakeFirstOrThrow();
    const dayBefore = new Date(Date.parse(`${birthday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const unborn = await submit(
      doctor,
      newRecord(goodHypertensionValues({ birthDate: '1900-01-01', visitDate: dayBefore, nextVisitDate: birthday })),
    );
    expect(unborn.status).toBe(400);
    expect(unborn.body).toMatchObject({ msg: '随访日期不能早于出生日期', data: { stage: 'fields', field: 'visitDate' } });
  });

  it('refuses a code outside the field’s dictionary', async () => {
    const res = await submit(doctor, newRecord(goodHypertensionValues({ visitMethod: '9' })));
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ stage: 'fields', field: 'visitMethod' });
    expect(res.body.msg).toMatch(/随访方式/);
  });

  it('asks about anomalies until each is acknowledged, then stores the acknowledgement', async () => {
    const values = goodHypertensionValues({ sbp: 185, dbp: 112, followupClass: '2' });
    const first = await submit(doctor, newRecord(values));
    expect(first.status).toBe(400);
    expect(first.body.data.stage).toBe('anomalies');
    expect(first.body.data.prompt).toBe('有异常是否保存?');
    expect(first.body.data.anomalies).toEqual([
      { ruleId: 'bp.urgent', field: 'sbp', fieldLabel: '收缩压', message: '血压≥180/110mmHg, 请处理后紧急转诊' },
    ]);
    expect(first.body.msg).toBe('有异常是否保存?（血压≥180/110mmHg, 请处理后紧急转诊）');

    const wrongAck = await submit(doctor, newRecord(values, { acknowledgements: ['bmi.obese'] }));
    expect(wrongAck.body.data.stage).toBe('anomalies');

    const saved = await submit(doctor, newRecord(values, { acknowledgements: ['bp.urgent'] }));
    expect(saved.status).toBe(200);
    expect(saved.body.data.acknowledgements).toEqual([
      expect.objectContaining({
        prompt: '有异常是否保存?',
        answer: 'yes',
        ruleIds: ['bp.urgent'],
        userId: '2302',
        userName: '张伟',
        anomalies: [{ ruleId: 'bp.urgent', field: 'sbp', message: '血压≥180/110mmHg, 请处理后紧急转诊' }],
      }),
    ]);
    const detail = await doctor.get(`${R}/detail?id=${saved.body.data.id}`);
    expect(detail.body.data.acknowledgements[0].ruleIds).toEqual(['bp.urgent']);
  });

  it('refuses an archive the tenant does not have', async () => {
    const res = await submit(doctor, { formCode: 'hypertensionfollowup', archId: '999999', values: goodHypertensionValues() });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('档案不存在');
    expect((await submit(doctor, { formCode: 'nosuchform', archId: archIds[0], values: {} })).body.msg).toBe('表单 nosuchform 尚未发布');
  });
});

describe('row versions', () => {
  it('refuses a save based on a row version someone else has already changed', async () => {
    const created = (await submit(doctor, newRecord(goodHypertensionValues()))).body.data;
    const byNurse = await submit(nurse, { id: created.id, rowVersion: 1, values: goodHypertensionValues({ heartRate: 80 }) });
    expect(byNurse.body).toMatchObject({ success: true, msg: '更新成功', data: { rowVersion: 2, updateUserName: '李娜' } });
    const stale = await submit(doctor, { id: created.id, rowVersion: 1, values: goodHypertensionValues({ heartRate: 90 }) });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 409,
      success: false,
      msg: '该记录已被他人修改，请刷新后重试（您填写的内容已保留为草稿）',
      data: { stage: 'stale', rowVersion: 2, updateUserName: '李娜' },
    });
    expect((await doctor.get(`${R}/detail?id=${created.id}`)).body.data.values.heartRate).toBe(80);
    const missing = await submit(doctor, { id: created.id, values: goodHypertensionValues() });
    expect(missing.body.msg).toBe('参数[rowVersion]不能为空');
  });
});

describe('client request ids', () => {
  it('turns ten identical concurrent submits into one record with one answer', async () => {
    const body = { formCode: 'hypertensionfollowup', archId: archIds[1], values: goodHypertensionValues({ heartRate: 66 }) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(doctor, body, { 'request-id': 'retry-0001' })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    for (const a of answers) expect(a.body.data).toEqual(answers[0]!.body.data);
    const stored = await t.deps.db
      .selectFrom('form_record')
      .select('id')
      .where('tenant_id', '=', '100001')
      .where('arch_id', '=', archIds[1]!)
      .execute();
    expect(stored).toHaveLength(1);
    // The id may also ride in the body; a later retry still gets the first answer.
    const again = await submit(doctor, { ...body, clientRequestId: 'retry-0001' });
    expect(again.body.data).toEqual(answers[0]!.body.data);
  });

  it('keeps no answer for a refused submit, so the corrected retry saves', async () => {
    const { sbp: _sbp, ...bad } = goodHypertensionValues();
    expect((await submit(doctor, newRecord(bad), { 'request-id': 'retry-0002' })).status).toBe(400);
    expect((await submit(doctor, newRecord(goodHypertensionValues()), { 'request-id': 'retry-0002' })).status).toBe(200);
  });
});

describe('a client request id belongs to one user, one call and one content (issue 22 §5)', () => {
  it('never hands another user, call or content the first record; a true retry gets the same one', async () => {
    const key = { 'request-id': 'shared-key-0001' };
    const first = await submit(doctor, newRecord(goodHypertensionValues()), key);
    expect(first.status).toBe(200);
    // Another user with the same id saves their own record, for their own resident.
    const byNurse = await submit(nurse, { ...newRecord(goodHypertensionValues({ heartRate: 71 })), archId: archIds[4] }, key);
    expect(byNurse.status).toBe(200);
    expect(byNurse.body.data.id).not.toBe(first.body.data.id);
    expect(byNurse.body.data).toMatchObject({ archId: archIds[4], values: { heartRate: 71 } });
    // The same user, the same id, another call: its own record too.
    const other = await doctor.post(
      '/api/blade-iph-business/userfollowup/submit',
      { ...newRecord(goodHypertensionValues()), archId: archIds[5] },
      key,
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data.id).not.toBe(first.body.data.id);
    // The same id with other content is refused, and nothing is saved.
    const before = await t.deps.db.selectFrom('form_record').select('id').where('tenant_id', '=', '100001').execute();
    const changed = await submit(doctor, newRecord(goodHypertensionValues({ heartRate: 99 })), key);
    expect(changed.status).toBe(422);
    expect(changed.body.msg).toBe('请求编号已用于另一份内容：同一请求编号只能用于重试同一次提交');
    expect(await t.deps.db.selectFrom('form_record').select('id').where('tenant_id', '=', '100001').execute()).toHaveLength(before.length);
    // A retry of exactly the first content answers with the first record.
    const retry = await submit(doctor, newRecord(goodHypertensionValues()), key);
    expect(retry.body.data).toEqual(first.body.data);
  });
});

describe('history and versions', () => {
  it('writes a history row for create, update and remove', async () => {
    const created = (await submit(doctor, newRecord(goodHypertensionValues()))).body.data;
    await submit(nurse, { id: created.id, rowVersion: 1, values: goodHypertensionValues({ weight: 70 }) });
    expect((await doctor.post(`${R}/remove?ids=${created.id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${R}/detail?id=${created.id}`)).status).toBe(404);
    const history = (await doctor.get(`${R}/history?id=${created.id}`)).body.data;
    expect(
      history.map((h: { action: string; rowVersion: number; updateUserName: string; changeSource: string; requestUri: string }) => [
        h.action,
        h.rowVersion,
        h.updateUserName,
        h.changeSource,
        h.requestUri,
      ]),
    ).toEqual([
      ['remove', 3, '张伟', 'SYS', '/blade-iph-business/formrecord/remove'],
      ['update', 2, '李娜', 'SYS', '/blade-iph-business/formrecord/submit'],
      ['create', 1, '张伟', 'SYS', '/blade-iph-business/formrecord/submit'],
    ]);
    expect(history[1].payload.values.weight).toBe(70);
    expect(history[2].payload.values.weight).toBe(68);
  });

  it('opens and re-validates an old record with its own version after a new one is published', async () => {
    const old = (await submit(doctor, newRecord(goodHypertensionValues({ heartRate: null })))).body.data;
    expect(old.formVersion).toBe(1);
    // The administrator makes heart rate required and publishes version 2.
    const form = (await admin.get(`${F}/list?formCode=hypertensionfollowup`)).body.data.records[0];
    const heartRate = (await admin.get(`/api/blade-iph-business/formfield/list?formId=${form.id}&fieldProp=heartRate`)).body.data
      .records[0];
    await admin.post('/api/blade-iph-business/formfield/submit', { ...heartRate, required: 1 });
    expect((await admin.post(`${F}/publish?id=${form.id}`)).body.data.version).toBe(2);

    const opened = (await doctor.get(`${R}/detail?id=${old.id}&withForm=1`)).body.data;
    expect(opened.formVersion).toBe(1);
    expect(opened.document.version).toBe(1);
    expect(opened.document.fields.find((f: { fieldProp: string }) => f.fieldProp === 'heartRate').required).toBeUndefined();
    // Saved again under its own version 1: heart rate is still optional for it.
    expect(
      (await submit(doctor, { id: old.id, rowVersion: 1, values: goodHypertensionValues({ heartRate: null, weight: 69 }) })).status,
    ).toBe(200);

    const fresh = await submit(doctor, newRecord(goodHypertensionValues({ heartRate: null })));
    expect(fresh.status).toBe(400);
    expect(fresh.body.msg).toBe('心率不能为空');
    const pinned = await submit(doctor, newRecord(goodHypertensionValues({ heartRate: null }), { formVersion: 1 }));
    expect(pinned.body.data.formVersion).toBe(1);
    expect((await submit(doctor, newRecord(goodHypertensionValues()))).body.data.formVersion).toBe(2);
  });

  it('lists records page by page, newest visit first', async () => {
    await submit(
      doctor,
      newRecord(goodHypertensionValues({ visitDate: '2025-01-05', nextVisitDate: '2025-04-05' }), { archId: archIds[2] }),
    );
    await submit(
      doctor,
      newRecord(goodHypertensionValues({ visitDate: '2025-04-06', nextVisitDate: '2025-07-06' }), { archId: archIds[2] }),
    );
    const page = (await doctor.get(`${R}/list?archId=${archIds[2]}&size=1&current=1`)).body.data;
    expect(page).toMatchObject({ total: 2, size: 1, current: 1, pages: 2 });
    expect(page.records[0].values.visitDate).toBe('2025-04-06');
    const range = (await doctor.get(`${R}/list?archId=${archIds[2]}&visitDate_datele=2025-02-01`)).body.data;
    expect(range.records.map((r: { values: { visitDate: string } }) => r.values.visitDate)).toEqual(['2025-01-05']);
  });
});

describe('tenant isolation', () => {
  it('answers not found to another tenant for every record id and leaves the record as it was', async () => {
    const mine = (await submit(doctor, newRecord(goodHypertensionValues()))).body.data;
    expect((await otherTenant.get(`${R}/detail?id=${mine.id}`)).status).toBe(404);
    expect((await otherTenant.get(`${R}/history?id=${mine.id}`)).status).toBe(404);
    expect((await otherTenant.post(`${R}/remove?ids=${mine.id}`)).status).toBe(404);
    expect((await submit(otherTenant, { id: mine.id, rowVersion: 1, values: goodHypertensionValues({ weight: 50 }) })).status).toBe(404);
    expect((await otherTenant.get(`${R}/list?archId=${archIds[0]}`)).body.data.total).toBe(0);
    expect(
      (await submit(otherTenant, { formCode: 'hypertensionfollowup', archId: archIds[0], values: goodHypertensionValues() })).body.msg,
    ).toBe('档案不存在');
    const after = (await doctor.get(`${R}/detail?id=${mine.id}`)).body.data;
    expect(after).toEqual(mine);
  });
});
