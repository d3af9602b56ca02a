import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldNode, FieldView, FormDetail, ReckonView } from '../../../src/shared/contract/forms';
import { importBundledForms } from '../services/form-bundle';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';
const FIELD = '/api/blade-iph-business/formfield';
const RECKON = '/api/blade-iph-business/formfieldreckon';

/** A small form an administrator builds: weight and height, BMI calculated, an obesity check. */
const bmiForm = {
  formCode: 'bmitest',
  formName: '体质指数测试表',
  version: 1,
  fields: [
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, required: 1, unit: 'cm' },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, required: 1, unit: 'kg' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      reckons: [{ id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' }],
    },
  ],
};

/** The bundled form codes: every schemas/*.json but the app's dialog forms (kind dialog, never imported), sorted as the list answers them. */
const BUNDLED = fs
  .readdirSync(path.join(process.cwd(), 'schemas'))
  .filter(
    (f) =>
      f.endsWith('.json') &&
      (JSON.parse(fs.readFileSync(path.join(process.cwd(), 'schemas', f), 'utf8')) as { placement?: { kind?: string } }).placement?.kind !==
        'dialog',
  )
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
});
afterAll(() => t.close());

describe('bundled forms', () => {
  it('are published as version 1 in every tenant at start, readable by any logged-in user', async () => {
    const res = await doctor.get(`${F}/version?formCode=hypertensionfollowup`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ formCode: 'hypertensionfollowup', formName: '高血压患者随访服务记录表', version: 1 });
    expect(res.body.data.fields.find((f: { fieldProp: string }) => f.fieldProp === 'bmi').reckons[0].id).toBe('bmi.calc');
    const list = await doctor.get(`${F}/listForm`);
    // Every file of schemas/, at version 1, and nothing else.
    expect(list.body.data.map((f: { formCode: string; version: number }) => [f.formCode, f.version])).toEqual(
      BUNDLED.map((code) => [code, 1]),
    );
    expect((await otherAdmin.get(`${F}/version?formCode=diabetesfollowup`)).body.data.version).toBe(1);
    const missing = await doctor.get(`${F}/version?formCode=hypertensionfollowup&version=9`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('表单 hypertensionfollowup 没有版本 9');
  });

  it('serves columns with dictionary options and rules in both shapes', async () => {
    const columns = (await doctor.get(`${FIELD}/field-columns?formCode=hypertensionfollowup`)).body.data;
    expect(columns.find((c: { prop: string }) => c.prop === 'visitMethod')).toMatchObject({
      label: '随访方式',
      bizCode: 'fu_method',
      dicData: [
        { value: '1', label: '门诊' },
        { value: '2', label: '家庭' },
        { value: '3', label: '电话' },
      ],
    });
    const raw = (await doctor.get(`${FIELD}/field-columns?formCode=hypertensionfollowup&convert=0`)).body.data;
    expect(raw.find((c: { prop: string }) => c.prop === 'visitMethod').dicData).toBeUndefined();
    const rules = (await doctor.get(`${FIELD}/field-reckons?formCode=hypertensionfollowup`)).body.data;
    expect(rules.find((r: { id: string }) => r.id === 'stopReason.req')).toEqual({
      id: 'stopReason.req',
      kind: 'required',
      field: 'stopReason',
      when: 'outcome == "3"',
      message: '请选择终止管理原因',
    });
    const rows = (await doctor.get(`${FIELD}/field-reckons?formCode=hypertensionfollowup&convert=0`)).body.data;
    expect(rows.find((r: { reckonId: string }) => r.reckonId === 'stopReason.req')).toMatchObject({
      fieldProp: 'stopReason',
      scontent: 'outcome == "3"',
    });
  });
});

describe('editing and publishing (administrators only)', () => {
  let formId: string;

  it('creates a form from a document, then edits its fields and rules one by one', async () => {
    const created = await admin.post(`${F}/submit`, { document: bmiForm });
    expect(created.status).toBe(200);
    expect(created.body.msg).toBe('新增成功');
    formId = created.body.data.id;
    expect(created.body.data).toMatchObject({ formCode: 'bmitest', formName: '体质指数测试表', version: 0 });
    const again = await admin.post(`${F}/submit`, { formCode: 'bmitest', formName: '重复' });
    expect(again.body.msg).toBe('表单编号已存在: bmitest');

    const detail = await doctor.get(`${F}/detail?id=${formId}`);
    expect(detail.body.data.document.fields.map((f: { fieldProp: string }) => f.fieldProp)).toEqual(['height', 'weight', 'bmi']);

    const field = await admin.post(`${FIELD}/submit`, {
      formId,
      fieldProp: 'waist',
      fieldLabel: '腰围',
      fieldType: 4,
      ext: { unit: 'cm' },
    });
    expect(field.body).toMatchObject({ success: true, msg: '新增成功', data: { fieldProp: 'waist', sort: 3, ext: '{"unit":"cm"}' } });
    const duplicate = await admin.post(`${FIELD}/submit`, { formId, fieldProp: 'waist', fieldLabel: '腰围2', fieldType: 4 });
    expect(duplicate.body.msg).toBe('字段名已存在: waist');
    const badRegExp = await admin.post(`${FIELD}/submit`, { formId, fieldProp: 'code', fieldLabel: '编号', fieldType: 3, regExp: '([' });
    expect(badRegExp.body.msg).toBe('编号的正则表达式不正确');

    const rule = await admin.post(`${RECKON}/submit`, {
      formId,
      fieldProp: 'bmi',
      reckonId: 'bmi.obese',
      kind: 'check',
      tcontent: 'bmi >= 28',
      errMsg: '体质指数≥28, 属肥胖',
    });
    expect(rule.body).toMatchObject({ success: true, data: { reckonId: 'bmi.obese', kind: 'check' } });
    const noField = await admin.post(`${RECKON}/submit`, { formId, fieldProp: 'nothere', reckonId: 'x.calc', tcontent: '1' });
    expect(noField.body.msg).toBe('表单没有字段 nothere');

    const tree = (await doctor.get(`${FIELD}/tree?formId=${formId}`)).body.data;
    expect(
      tree.map((n: { fieldProp: string; children: { reckonId: string }[] }) => [n.fieldProp, n.children.map((c) => c.reckonId)]),
    ).toEqual([
      ['height', []],
      ['weight', []],
      ['bmi', ['bmi.calc', 'bmi.obese']],
      ['waist', []],
    ]);
    expect((await doctor.get(`${FIELD}/field-list?formId=${formId}`)).body.data).toHaveLength(4);
    const page = (await doctor.get(`${FIELD}/list?formId=${formId}&current=2&size=3`)).body.data;
    expect(page).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(page.records.map((r: { fieldProp: string }) => r.fieldProp)).toEqual(['waist']);
    const rules = (await doctor.get(`${RECKON}/list?formId=${formId}`)).body.data;
    expect(rules.total).toBe(2);
    expect((await doctor.get(`${RECKON}/detail?id=${rule.body.data.id}`)).body.data.errMsg).toBe('体质指数≥28, 属肥胖');
    expect((await doctor.get(`${FIELD}/detail?id=${field.body.data.id}`)).body.data.fieldLabel).toBe('腰围');
    // Exactly the contract's fields (src/shared/contract/forms.ts), in a save, a detail and the tree.
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(field.body.data)).toEqual(keys(FieldView.properties));
    expect(keys(rule.body.data)).toEqual(keys(ReckonView.properties));
    expect(keys((await doctor.get(`${RECKON}/detail?id=${rule.body.data.id}`)).body.data)).toEqual(keys(ReckonView.properties));
    expect(keys(tree[0])).toEqual(keys(FieldNode.properties));
    expect(keys((await doctor.get(`${F}/detail?id=${formId}`)).body.data)).toEqual(keys(FormDetail.properties));
  });

  it('refuses a document that does not compile, with the engine’s message, and writes no version', async () => {
    const bad = await admin.post(`${RECKON}/submit`, {
      formId,
      fieldProp: 'waist',
      reckonId: 'waist.calc',
      kind: 'calc',
      tcontent: 'height * ratio',
    });
    expect(bad.status).toBe(200);
    const refused = await admin.post(`${F}/publish?id=${formId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      '表单未通过校验, 不能发布: 错误: 规则 waist.calc, 字段 ratio, 表达式 "height * ratio": 未知的字段: ratio',
    );
    expect((await doctor.get(`${F}/versions?formCode=bmitest`)).body.data).toEqual([]);
    const js = await admin.post(`${F}/createJsContent?id=${formId}`);
    expect(js.status).toBe(400);
    await admin.post(`${RECKON}/remove?ids=${bad.body.data.id}`);
  });

  it('does not let other roles change or publish forms', async () => {
    const publish = await doctor.post(`${F}/publish?id=${formId}`);
    expect(publish.status).toBe(403);
    expect(publish.body.msg).toBe('您没有权限执行此操作');
    expect((await doctor.post(`${F}/submit`, { id: formId, formName: '改名' })).status).toBe(403);
    expect((await doctor.post(`${FIELD}/submit`, { formId, fieldProp: 'x', fieldLabel: 'x', fieldType: 3 })).status).toBe(403);
    expect((await doctor.post(`${RECKON}/remove?ids=1`)).status).toBe(403);
    expect((await doctor.post(`${F}/remove?ids=${formId}`)).status).toBe(403);
    expect((await doctor.post(`${F}/copy?id=${formId}`)).status).toBe(403);
  });

  it('publishes immutable versions: an old version’s document never changes', async () => {
    const first = await admin.post(`${F}/publish?id=${formId}`);
    expect(first.body).toMatchObject({ success: true, msg: '发布成功, 版本 1', data: { formCode: 'bmitest', version: 1, created: true } });
    const v1 = (await doctor.get(`${F}/version?formCode=bmitest&version=1`)).body.data;
    expect(v1.fields.map((f: { fieldProp: string }) => f.fieldProp)).toEqual(['height', 'weight', 'bmi', 'waist']);

    const unchanged = await admin.post(`${F}/publish?formCode=bmitest`);
    expect(unchanged.body).toMatchObject({ msg: '表单内容没有变化, 当前版本仍为 1', data: { version: 1, created: false } });

    const { rowVersion } = (await admin.get(`${F}/detail?id=${formId}`)).body.data;
    await admin.post(`${F}/submit`, { id: formId, formName: '体质指数测试表(修订)', rowVersion });
    const obese = (await doctor.get(`${RECKON}/list?formId=${formId}&fieldProp=bmi`)).body.data.records.find(
      (r: { reckonId: string }) => r.reckonId === 'bmi.obese',
    );
    await admin.post(`${RECKON}/submit`, { ...obese, tcontent: 'bmi >= 30', errMsg: '体质指数≥30' });
    const second = await admin.post(`${F}/publish?id=${formId}`);
    expect(second.body.data).toMatchObject({ version: 2, created: true });

    expect((await doctor.get(`${F}/version?formCode=bmitest&version=1`)).body.data).toEqual(v1);
    const latest = (await doctor.get(`${F}/version?formCode=bmitest`)).body.data;
    expect(latest).toMatchObject({ version: 2, formName: '体质指数测试表(修订)' });
    expect(latest.fields[2].reckons[1]).toMatchObject({ id: 'bmi.obese', tcontent: 'bmi >= 30' });
    const versions = (await doctor.get(`${F}/versions?formCode=bmitest`)).body.data;
    expect(
      versions.map((v: { version: number; source: string; publishedByName: string }) => [v.version, v.source, v.publishedByName]),
    ).toEqual([
      [2, 'publish', '赵敏'],
      [1, 'publish', '赵敏'],
    ]);
    // The database itself refuses to rewrite a version.
    await expect(sql`update form_version set form_code = 'x' where form_code = 'bmitest'`.execute(t.deps.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from form_version where form_code = 'bmitest'`.execute(t.deps.db)).rejects.toThrow(/immutable/);
  });

  it('gives the compiled document as ES module text, copies and removes forms', async () => {
    const js = await doctor.post(`${F}/createJsContent?id=${formId}`);
    expect(js.status).toBe(200);
    const text: string = js.body.data;
    expect(text.startsWith('// bmitest 体质指数测试表(修订)\nexport default {')).toBe(true);
    const doc = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf(';')));
    expect(doc.fields).toHaveLength(4);

    const copy = await admin.post(`${F}/copy?id=${formId}`);
    expect(copy.body.data).toMatchObject({ formCode: 'bmitest_copy', formName: '体质指数测试表(修订)(副本)', version: 0 });
    expect((await admin.post(`${F}/copy?id=${formId}`)).body.data.formCode).toBe('bmitest_copy2');
    expect((await doctor.get(`${F}/detail?id=${copy.body.data.id}`)).body.data.document.fields).toHaveLength(4);

    const listed = (await doctor.get(`${F}/list?formCode=bmitest&size=10`)).body.data;
    expect(listed.records.map((f: { formCode: string }) => f.formCode)).toEqual(['bmitest', 'bmitest_copy', 'bmitest_copy2']);
    // The bundled forms, bmitest and its two copies.
    expect((await doctor.get(`${F}/newList`)).body.data.length).toBe(BUNDLED.length + 3);

    expect((await admin.post(`${F}/remove?ids=${copy.body.data.id}`)).body.msg).toBe('删除成功');
    expect((await doctor.get(`${F}/detail?id=${copy.body.data.id}`)).status).toBe(404);
    // The removed working copy had no versions; bmitest's versions stay readable after its own removal.
    await admin.post(`${F}/remove?ids=${formId}`);
    expect((await doctor.get(`${F}/version?formCode=bmitest&version=1`)).status).toBe(200);
  });

  it('moves a renamed field’s rules with it and removes them with the field', async () => {
    const form = (await admin.post(`${F}/submit`, { document: { ...bmiForm, formCode: 'renametest' } })).body.data;
    const fields = (await doctor.get(`${FIELD}/field-list?formId=${form.id}`)).body.data;
    const bmi = fields.find((f: { fieldProp: string }) => f.fieldProp === 'bmi');
    expect((await admin.post(`${FIELD}/submit`, { ...bmi, fieldProp: 'bodyMassIndex' })).body.msg).toBe('更新成功');
    const rules = (await doctor.get(`${RECKON}/list?formId=${form.id}`)).body.data.records;
    expect(rules.map((r: { fieldProp: string; reckonId: string }) => [r.fieldProp, r.reckonId])).toEqual([['bodyMassIndex', 'bmi.calc']]);
    expect((await admin.post(`${FIELD}/remove`, { ids: bmi.id })).body.msg).toBe('删除成功');
    expect((await doctor.get(`${RECKON}/list?formId=${form.id}`)).body.data.total).toBe(0);
    expect(
      (await doctor.get(`${F}/detail?id=${form.id}`)).body.data.document.fields.map((f: { fieldProp: string }) => f.fieldProp),
    ).toEqual(['height', 'weight']);
  });

  it('keeps each tenant’s forms apart', async () => {
    const own = await admin.post(`${F}/submit`, { formCode: 'tenanta', formName: '甲的表' });
    const id = own.body.data.id;
    expect((await otherAdmin.get(`${F}/detail?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${F}/publish?id=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${F}/remove?ids=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${F}/submit`, { id, formName: '改', rowVersion: own.body.data.rowVersion })).status).toBe(404);
    expect((await otherAdmin.get(`${FIELD}/tree?formId=${id}`)).status).toBe(404);
    expect((await otherAdmin.post(`${FIELD}/submit`, { formId: id, fieldProp: 'x', fieldLabel: 'x', fieldType: 3 })).status).toBe(404);
    expect((await otherAdmin.get(`${F}/versions?formCode=bmitest`)).body.data).toEqual([]);
    const field = (await admin.post(`${FIELD}/submit`, { formId: id, fieldProp: 'a', fieldLabel: '甲', fieldType: 3 })).body.data;
    const rule = (await admin.post(`${RECKON}/submit`, { formId: id, fieldProp: 'a', reckonId: 'a.req', kind: 'required' })).body.data;
    const calls = [
      otherAdmin.post(`${F}/copy?id=${id}`),
      otherAdmin.post(`${F}/createJsContent?id=${id}`),
      otherAdmin.get(`${FIELD}/detail?id=${field.id}`),
      otherAdmin.get(`${FIELD}/field-list?formId=${id}`),
      otherAdmin.post(`${FIELD}/submit`, { id: field.id, formId: id, fieldProp: 'b', fieldLabel: '乙', fieldType: 3 }),
      otherAdmin.post(`${FIELD}/remove?ids=${field.id}`),
      otherAdmin.get(`${RECKON}/detail?id=${rule.id}`),
      otherAdmin.post(`${RECKON}/submit`, { id: rule.id, formId: id, fieldProp: 'a', reckonId: 'x' }),
      otherAdmin.post(`${RECKON}/remove?ids=${rule.id}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await otherAdmin.get(`${FIELD}/list?formId=${id}`)).body.data.total).toBe(0);
    expect((await otherAdmin.get(`${F}/list?formCode=tenanta`)).body.data.total).toBe(0);
    expect((await admin.get(`${F}/detail?id=${id}`)).body.data).toMatchObject({
      formName: '甲的表',
      document: { fields: [{ fieldProp: 'a', fieldLabel: '甲', reckons: [{ id: 'a.req', kind: 'required' }] }] },
    });
  });
});

describe('importing the bundled files at start', () => {
  let app: TestApp;
  let root: string;
  const versionsOf = async (tenantId: string) =>
    (
      await app.deps.db
        .selectFrom('form_version')
        .select(['version', 'content_hash'])
        .where('tenant_id', '=', tenantId)
        .where('form_code', '=', 'hypertensionfollowup')
        .orderBy('version')
        .execute()
    ).map((r) => r.version);

  beforeAll(async () => {
    app = await createTestApp();
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'phw-forms-'));
    fs.mkdirSync(path.join(root, 'schemas'));
    fs.mkdirSync(path.join(root, 'rules'));
    for (const f of ['schemas/hypertensionfollowup.json', 'rules/hypertensionfollowup.rules.json'])
      fs.copyFileSync(path.resolve(f), path.join(root, f));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes nothing when restarted with the same files', async () => {
    const again = await importBundledForms(app.deps.db, root, new Date());
    expect(again.created).toEqual([]);
    expect(await versionsOf('100001')).toEqual([1]);
  });

  it('stores a changed file as a new version in every tenant, never rewriting the old one, once', async () => {
    const v1 = await app.deps.db
      .selectFrom('form_version')
      .select('document')
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'hypertensionfollowup')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    const file = path.join(root, 'schemas/hypertensionfollowup.json');
    const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...doc, formName: '高血压患者随访服务记录表(2027版)' }));
    const changed = await importBundledForms(app.deps.db, root, new Date());
    expect(changed.created).toEqual([
      { tenantId: '000000', formCode: 'hypertensionfollowup', version: 2 },
      { tenantId: '100001', formCode: 'hypertensionfollowup', version: 2 },
      { tenantId: '100002', formCode: 'hypertensionfollowup', version: 2 },
    ]);
    const after = await app.deps.db
      .selectFrom('form_version')
      .select('document')
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'hypertensionfollowup')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect(after.document).toEqual(v1.document);
    const working = await app.deps.db
      .selectFrom('form')
      .select(['form_name', 'version'])
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'hypertensionfollowup')
      .executeTakeFirstOrThrow();
    expect(working).toEqual({ form_name: '高血压患者随访服务记录表(2027版)', version: 2 });
    expect((await importBundledForms(app.deps.db, root, new Date())).created).toEqual([]);
    expect(await versionsOf('100001')).toEqual([1, 2]);
  });

  it('does not undo an administrator’s publish at the next start', async () => {
    const a = await loginAs(app.app, 'admin');
    const form = (await a.get(`${F}/list?formCode=hypertensionfollowup`)).body.data.records[0];
    await a.post(`${F}/submit`, { id: form.id, formName: '本院高血压随访表', rowVersion: form.rowVersion });
    expect((await a.post(`${F}/publish?id=${form.id}`)).body.data.version).toBe(3);
    expect((await importBundledForms(app.deps.db, root, new Date())).created).toEqual([]);
    expect((await a.get(`${F}/version?formCode=hypertensionfollowup`)).body.data).toMatchObject({
      version: 3,
      formName: '本院高血压随访表',
    });
  });

  it('skips a file that does not compile and says why', async () => {
    fs.writeFileSync(
      path.join(root, 'schemas/broken.json'),
      JSON.stringify({
        formCode: 'broken',
        formName: '坏表',
        version: 1,
        fields: [{ fieldProp: 'a', fieldLabel: 'A', fieldType: 4, reckons: [{ id: 'a.calc', kind: 'calc', tcontent: 'b + 1' }] }],
      }),
    );
    const result = await importBundledForms(app.deps.db, root, new Date());
    expect(result.created).toEqual([]);
    expect(result.skipped).toEqual([
      { file: 'schemas/broken.json', reason: '错误: schemas/broken.json, 规则 a.calc, 字段 b, 表达式 "b + 1": 未知的字段: b' },
    ]);
  });
});
