// The form designer's server half: diff, impact replay, rollback, change notes, concurrent edits of
// a working copy, import of the analysts' files, cases kept with the form. PGlite, or PostgreSQL
// with TEST_PG_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_BUDGET } from '../services/form-replay';
import { RULE_BUDGET } from '../services/rule-budget';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { demoArchiveIds, loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';
const FIELD = '/api/blade-iph-business/formfield';
const RECORD = '/api/blade-iph-business/formrecord';
// The route declarations' refusal (server/http/route-access.ts), before the handler's own check.
const ADMIN_ONLY = '您没有权限执行此操作';

/** Version 1 of a small examination form. */
const v1 = {
  formCode: 'lungtest',
  formName: '肺功能检查表',
  version: 1,
  placement: { kind: 'exam', menu: { title: '肺功能检查', order: 90 } },
  sections: [{ id: 'basic', title: '基本信息' }],
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '检查日期', fieldType: 5, required: 1, section: 'basic' },
    { fieldProp: 'height', fieldLabel: '身高', fieldType: 4, unit: 'cm', section: 'basic' },
    { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4, unit: 'kg', section: 'basic' },
    {
      fieldProp: 'bmi',
      fieldLabel: '体质指数',
      fieldType: 4,
      section: 'basic',
      reckons: [{ id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' }],
    },
    { fieldProp: 'sbp', fieldLabel: '收缩压', fieldType: 4, max: 300, section: 'basic' },
    { fieldProp: 'smokeAmount', fieldLabel: '日吸烟量', fieldType: 4, section: 'basic' },
  ],
};

/**
 * Version 2: BMI rounded to one decimal, an anomaly and an error on the systolic pressure, the
 * smoking amount shown only when a height is filled, a new field, a new menu title.
 */
const v2 = {
  ...v1,
  formName: '肺功能检查表(2027)',
  placement: { kind: 'exam', menu: { title: '肺功能随访检查', order: 90 } },
  fields: [
    v1.fields[0],
    v1.fields[1],
    v1.fields[2],
    { ...v1.fields[3], reckons: [{ id: 'bmi.calc', kind: 'calc', tcontent: 'round(calcBmi(weight, height), 1)' }] },
    {
      ...v1.fields[4],
      max: 280,
      reckons: [
        { id: 'sbp.high', kind: 'check', tcontent: 'sbp >= 140', errMsg: '收缩压偏高' },
        { id: 'sbp.max', kind: 'error', tcontent: 'sbp > 250', errMsg: '收缩压不可能超过250' },
      ],
    },
    { ...v1.fields[5], reckons: [{ id: 'smokeAmount.show', kind: 'display', scontent: 'hasValue(height)' }] },
    { fieldProp: 'fev1', fieldLabel: 'FEV1', fieldType: 4, unit: 'L', section: 'basic' },
  ],
};

const cases = {
  formCode: 'lungtest',
  cases: [{ name: '体质指数', given: { visitDate: '2026-03-01', height: 170, weight: 65 }, expect: { values: { bmi: 22.49 } } }],
};

let t: TestApp;
let admin: Caller;
let admin2: Caller;
let doctor: Caller;
let otherAdmin: Caller;
let formId: string;
const records: Record<string, string> = {};

/** The designer list's 工作副本 column for the test form, as form/list answers it. */
const listedStatus = async () =>
  (await admin.get(`${F}/list?formCode=lungtest&current=1&size=10`)).body.data.records.find(
    (r: { formCode: string }) => r.formCode === 'lungtest',
  )?.workingStatus;

beforeAll(async () => {
  t = await createTestApp();
  // A second administrator of the demo tenant, 钱进, beside the seeded 赵敏.
  const seeded = await t.deps.db
    .selectFrom('blade_user')
    .selectAll()
    .where('tenant_id', '=', '100001')
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('blade_user')
    .values({ ...seeded, id: '2399', account: 'admin2', name: '钱进', real_name: '钱进' })
    .execute();
  admin = await loginAs(t.app, 'admin');
  admin2 = await loginAs(t.app, 'admin2');
  doctor = await loginAs(t.app, 'doctor');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
});
afterAll(() => t.close());

describe('change notes, diff and replay', () => {
  it('publishes version 1 with a change note and cases kept beside the document', async () => {
    const created = await admin.post(`${F}/submit`, { document: v1, cases });
    expect(created.body).toMatchObject({ success: true, data: { formCode: 'lungtest', rowVersion: 2, updateUserName: '赵敏' } });
    formId = created.body.data.id;
    expect((await admin.get(`${F}/detail?id=${formId}`)).body.data.cases).toEqual(cases);
    expect(await listedStatus()).toBe('unpublished');
    const long = await admin.post(`${F}/publish?id=${formId}&note=${'长'.repeat(501)}`);
    expect(long.status).toBe(400);
    expect(long.body.msg).toBe('参数[note]长度不能超过500');
    const published = await admin.post(`${F}/publish?id=${formId}`, { note: '首次发布' });
    expect(published.body).toMatchObject({ msg: '发布成功, 版本 1', data: { version: 1, created: true } });
    const stored = await t.deps.db
      .selectFrom('form_version')
      .select(['note', 'cases'])
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'lungtest')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ note: '首次发布', cases });
    expect(await listedStatus()).toBe('published');
  });

  it('keeps records filled under version 1', async () => {
    const [a1, a2, a3, a4, a5] = await demoArchiveIds(t.deps.db);
    const save = async (name: string, archId: string | undefined, values: Record<string, unknown>) => {
      t.advance(1000);
      const res = await doctor.post(`${RECORD}/submit`, { formCode: 'lungtest', archId, values: { visitDate: '2026-03-01', ...values } });
      expect(res.body.success, res.body.msg).toBe(true);
      expect(res.body.data.formVersion).toBe(1);
      records[name] = res.body.data.id;
    };
    await save('bmi', a1, { height: 170, weight: 65 });
    await save('anomaly', a2, { sbp: 150 });
    await save('hidden', a3, { smokeAmount: 10 });
    await save('unchanged', a4, {});
    await save('error', a5, { sbp: 260 });
  });

  it('diffs version 1 and the working copy in Chinese, the same once published as version 2', async () => {
    const detail = (await admin.get(`${F}/detail?id=${formId}`)).body.data;
    const saved = await admin.post(`${F}/submit`, { id: formId, document: v2, rowVersion: detail.rowVersion });
    expect(saved.body).toMatchObject({ success: true, data: { rowVersion: detail.rowVersion + 1 } });
    expect(await listedStatus()).toBe('changed');
    const diff = await admin.get(`${F}/diff?formCode=lungtest&from=1&to=working`);
    expect(diff.status).toBe(200);
    expect(diff.body.data.from).toBe(1);
    expect(diff.body.data.to).toBe('working');
    expect(diff.body.data.changes.map((c: { text: string }) => c.text)).toEqual([
      '表单名称由 "肺功能检查表" 改为 "肺功能检查表(2027)"',
      '放置设置改变：档案菜单标题由 "肺功能检查" 改为 "肺功能随访检查"',
      '字段 sbp（收缩压）的最大值由 300 改为 280',
      '新增字段 fev1（FEV1）',
      '规则 bmi.calc 的计算式由 "calcBmi(weight, height)" 改为 "round(calcBmi(weight, height), 1)"',
      '新增规则 sbp.high（异常提示，字段 sbp）',
      '新增规则 sbp.max（错误，字段 sbp）',
      '新增规则 smokeAmount.show（显示，字段 smokeAmount）',
    ]);
    expect(diff.body.data.changes[2]).toEqual({
      kind: 'field',
      op: 'changed',
      id: 'sbp',
      label: '收缩压',
      text: '字段 sbp（收缩压）的最大值由 300 改为 280',
      before: 300,
      after: 280,
    });
    // `to` defaults to the working copy; an unknown version is named.
    expect((await admin.get(`${F}/diff?formCode=lungtest&from=1`)).body.data.changes).toHaveLength(8);
    const missing = await admin.get(`${F}/diff?formCode=lungtest&from=9`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('表单 lungtest 没有版本 9');
    const bad = await admin.get(`${F}/diff?formCode=lungtest&from=1&to=latest`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数[to]格式不正确');
  });

  it('replays the working copy over the latest records and names what would change, newest first', async () => {
    const res = await admin.post(`${F}/replay?id=${formId}`);
    expect(res.status).toBe(200);
    const report = res.body.data;
    expect(report).toMatchObject({
      formCode: 'lungtest',
      workingVersion: 2,
      records: 5,
      changedRecords: 4,
      totals: { valueChanges: 1, newErrors: 1, newAnomalies: 2, hiddenFilled: 1 },
    });
    expect(report.items.map((i: { recordId: string }) => i.recordId)).toEqual([
      records.error,
      records.hidden,
      records.anomaly,
      records.bmi,
    ]);
    const byId = (id: string | undefined) => report.items.find((i: { recordId: string }) => i.recordId === id);
    const archive = await t.deps.db
      .selectFrom('user_archive')
      .select(['id', 'person_name'])
      .where('id', '=', (await demoArchiveIds(t.deps.db))[0]!)
      .executeTakeFirstOrThrow();
    expect(byId(records.bmi)).toEqual({
      recordId: records.bmi,
      archId: archive.id,
      personName: archive.person_name,
      visitDate: '2026-03-01',
      formVersion: 1,
      valueChanges: [{ field: 'bmi', label: '体质指数', before: 22.49, after: 22.5 }],
      newErrors: [],
      newAnomalies: [],
      hiddenFilled: [],
    });
    expect(byId(records.anomaly)).toMatchObject({
      valueChanges: [],
      newErrors: [],
      newAnomalies: [{ field: 'sbp', label: '收缩压', message: '收缩压偏高' }],
      hiddenFilled: [],
    });
    expect(byId(records.hidden)).toMatchObject({
      valueChanges: [],
      newErrors: [],
      newAnomalies: [],
      hiddenFilled: [{ field: 'smokeAmount', label: '日吸烟量', value: 10 }],
    });
    expect(byId(records.error)).toMatchObject({
      newErrors: [{ field: 'sbp', label: '收缩压', message: '收缩压不可能超过250' }],
      newAnomalies: [{ field: 'sbp', message: '收缩压偏高' }],
    });
    expect(byId(records.unchanged)).toBeUndefined();
    // limit takes the latest records only; out of range is refused.
    const three = (await admin.post(`${F}/replay?formCode=lungtest&limit=3`)).body.data;
    expect(three).toMatchObject({ records: 3, changedRecords: 2 });
    expect(three.items.map((i: { recordId: string }) => i.recordId)).toEqual([records.error, records.hidden]);
    expect((await admin.post(`${F}/replay?id=${formId}&limit=5001`)).body.msg).toBe('参数[limit]不能大于5000');
    expect((await admin.post(`${F}/replay?id=${formId}&limit=0`)).status).toBe(400);
  });

  it('holds the server for no replay: a spent rule budget refuses it, a spent time bound answers what was done (issue 22 §2)', async () => {
    const steps = RULE_BUDGET.steps;
    RULE_BUDGET.steps = 1;
    try {
      const refused = await admin.post(`${F}/replay?id=${formId}`);
      expect(refused.status).toBe(422);
      expect(refused.body.success).toBe(false);
    } finally {
      RULE_BUDGET.steps = steps;
    }
    const bound = { ...REPLAY_BUDGET };
    Object.assign(REPLAY_BUDGET, { sliceMs: 0, totalMs: 0 });
    try {
      const partial = (await admin.post(`${F}/replay?id=${formId}`)).body.data;
      expect(partial).toMatchObject({ stoppedEarly: true, records: 0 });
    } finally {
      Object.assign(REPLAY_BUDGET, bound);
    }
    expect((await admin.post(`${F}/replay?id=${formId}`)).body.data.stoppedEarly).toBeUndefined();
  });

  it('pages through more records than one page holds, in one pass', async () => {
    const ids = await demoArchiveIds(t.deps.db);
    const rows = Array.from({ length: 450 }, (_, i) => ({
      id: String(9_000_000_000 + i),
      tenant_id: '100001',
      form_code: 'lungtest',
      form_version: 1,
      arch_id: ids[i % ids.length]!,
      other_id: null,
      values: JSON.stringify({ visitDate: '2025-01-01', height: 160, weight: 50 + (i % 40) }),
      status: 1,
      acknowledgements: '[]',
      visit_date: '2025-01-01',
      next_visit_date: null,
      create_user: '1',
      create_user_name: '导入',
      // All at one instant: the order falls back on the id, across pages too.
      create_time: new Date('2025-01-01T08:00:00Z'),
      update_user: '1',
      update_user_name: '导入',
      update_time: new Date('2025-01-01T08:00:00Z'),
      row_version: 1,
    }));
    await t.deps.db.insertInto('form_record').values(rows).execute();
    const report = (await admin.post(`${F}/replay?id=${formId}&limit=5000`)).body.data;
    expect(report.records).toBe(455);
    const bulk = report.items.filter((i: { recordId: string }) => i.recordId.startsWith('9000'));
    expect(new Set(bulk.map((i: { recordId: string }) => i.recordId)).size).toBe(bulk.length);
    expect(bulk.map((i: { recordId: string }) => i.recordId)).toEqual(
      [...bulk.map((i: { recordId: string }) => i.recordId)].sort().reverse(),
    );
    await t.deps.db
      .deleteFrom('form_record')
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
  });
});

describe('rollback', () => {
  it('publishes version 1’s content as version 3; records keep opening with their own version', async () => {
    const second = await admin.post(`${F}/publish?id=${formId}&note=${encodeURIComponent('体质指数保留一位小数')}`);
    expect(second.body.data).toMatchObject({ version: 2, created: true });
    expect((await admin.get(`${F}/diff?formCode=lungtest&from=1&to=2`)).body.data.changes).toHaveLength(8);
    const [, , , , , a6] = await demoArchiveIds(t.deps.db);
    const underV2 = await doctor.post(`${RECORD}/submit`, {
      formCode: 'lungtest',
      archId: a6,
      values: { visitDate: '2026-04-01', height: 170, weight: 65, smokeAmount: 5 },
    });
    expect(underV2.body.data).toMatchObject({ formVersion: 2, values: { bmi: 22.5 } });

    const rolled = await admin.post(`${F}/rollback?formCode=lungtest&version=1&note=${encodeURIComponent('新规则待复核')}`);
    expect(rolled.status).toBe(200);
    expect(rolled.body).toMatchObject({
      msg: '已回退到版本 1, 发布为版本 3',
      data: { formCode: 'lungtest', version: 3, created: true, rolledBackTo: 1 },
    });
    expect((await admin.get(`${F}/diff?formCode=lungtest&from=1&to=3`)).body.data.changes).toEqual([]);
    // The working copy is what is live now.
    expect((await admin.get(`${F}/diff?formCode=lungtest&from=3&to=working`)).body.data.changes).toEqual([]);
    expect((await admin.get(`${F}/detail?id=${formId}`)).body.data).toMatchObject({ version: 3, formName: '肺功能检查表', cases });
    const versions = (await admin.get(`${F}/versions?formCode=lungtest`)).body.data;
    expect(versions.map((v: { version: number; source: string; note: string | null }) => [v.version, v.source, v.note])).toEqual([
      [3, 'rollback', '回退到版本 1：新规则待复核'],
      [2, 'publish', '体质指数保留一位小数'],
      [1, 'publish', '首次发布'],
    ]);

    // Old records open with their own version's document, new ones get version 3.
    const old = (await doctor.get(`${RECORD}/detail?id=${underV2.body.data.id}&withForm=1`)).body.data;
    expect(old).toMatchObject({ formVersion: 2, values: { bmi: 22.5 }, document: { version: 2, formName: '肺功能检查表(2027)' } });
    expect((await doctor.get(`${RECORD}/detail?id=${records.bmi}&withForm=1`)).body.data).toMatchObject({
      formVersion: 1,
      document: { version: 1 },
    });
    const [a7] = (await demoArchiveIds(t.deps.db)).slice(6);
    const fresh = await doctor.post(`${RECORD}/submit`, {
      formCode: 'lungtest',
      archId: a7,
      values: { visitDate: '2026-05-01', height: 170, weight: 65 },
    });
    expect(fresh.body.data).toMatchObject({ formVersion: 3, values: { bmi: 22.49 } });

    // Rolling back to what is already live writes nothing; an unknown version is named.
    const again = await admin.post(`${F}/rollback?formCode=lungtest&version=3`);
    expect(again.body).toMatchObject({ msg: '版本 3 与当前版本内容相同, 当前版本仍为 3', data: { version: 3, created: false } });
    const missing = await admin.post(`${F}/rollback?formCode=lungtest&version=8`);
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('表单 lungtest 没有版本 8');
  });
});

describe('two administrators editing one working copy', () => {
  it('refuses the second save made from the same copy with 409 naming the first, and loses nothing', async () => {
    const seenByA = (await admin.get(`${F}/detail?id=${formId}`)).body.data;
    const seenByB = (await admin2.get(`${F}/list?formCode=lungtest`)).body.data.records[0];
    expect(seenByB.rowVersion).toBe(seenByA.rowVersion);

    const first = await admin.post(`${F}/submit`, { id: formId, formName: '肺功能检查表(赵)', rowVersion: seenByA.rowVersion });
    expect(first.body).toMatchObject({ success: true, data: { rowVersion: seenByA.rowVersion + 1, updateUserName: '赵敏' } });
    const second = await admin2.post(`${F}/submit`, {
      id: formId,
      formName: '肺功能检查表(钱)',
      remark: '钱的备注',
      rowVersion: seenByB.rowVersion,
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/^该表单已被他人修改（赵敏 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d），请刷新后重试$/);
    expect(second.body.data).toEqual({
      rowVersion: seenByA.rowVersion + 1,
      updateUserName: '赵敏',
      updateTime: first.body.data.updateTime,
    });
    expect((await admin2.get(`${F}/detail?id=${formId}`)).body.data).toMatchObject({
      formName: '肺功能检查表(赵)',
      remark: null,
      rowVersion: seenByA.rowVersion + 1,
    });

    // A field edit counts as a change of the working copy too.
    const fields = (await admin2.get(`${FIELD}/field-list?formId=${formId}`)).body.data;
    const height = fields.find((f: { fieldProp: string }) => f.fieldProp === 'height');
    expect((await admin2.post(`${FIELD}/submit`, { ...height, fieldLabel: '身高(cm)' })).body.success).toBe(true);
    const stale = await admin.post(`${F}/submit`, { id: formId, document: v1, rowVersion: seenByA.rowVersion + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toContain('钱进');
    expect((await admin.get(`${F}/detail?id=${formId}`)).body.data.document.fields[1].fieldLabel).toBe('身高(cm)');

    // Without rowVersion nothing is saved: 428, the working copy as it was.
    const blind = await admin.post(`${F}/submit`, { id: formId, formName: '肺功能检查表' });
    expect(blind.status).toBe(428);
    expect(blind.body.msg).toBe('参数[rowVersion]不能为空：请先读取表单再修改');
    expect((await admin.get(`${F}/detail?id=${formId}`)).body.data).toMatchObject({
      rowVersion: seenByA.rowVersion + 2,
      formName: '肺功能检查表(赵)',
    });
  });

  it('lets exactly one of two saves sent at the same moment through', async () => {
    const { rowVersion } = (await admin.get(`${F}/detail?id=${formId}`)).body.data;
    const [a, b] = await Promise.all([
      admin.post(`${F}/submit`, { id: formId, remark: '甲', rowVersion }),
      admin2.post(`${F}/submit`, { id: formId, remark: '乙', rowVersion }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? '甲' : '乙';
    expect((await admin.get(`${F}/detail?id=${formId}`)).body.data).toMatchObject({ remark: winner, rowVersion: rowVersion + 1 });
  });
});

describe('import of the analysts’ files', () => {
  const lines = (v: unknown) => JSON.stringify(v, null, 2);
  const doc = {
    formCode: 'lungimport',
    formName: '导入的肺功能表',
    version: 1,
    fields: [
      { fieldProp: 'height', fieldLabel: '身高', fieldType: 4 },
      { fieldProp: 'weight', fieldLabel: '体重', fieldType: 4 },
      { fieldProp: 'bmi', fieldLabel: '体质指数', fieldType: 4 },
    ],
  };
  const rules = { formCode: 'lungimport', rules: [{ id: 'bmi.calc', kind: 'calc', field: 'bmi', tcontent: 'calcBmi(weight, height)' }] };
  const importCases = {
    formCode: 'lungimport',
    cases: [{ name: '正常', given: { height: 170, weight: 65 }, expect: { values: { bmi: 22.49 } } }],
  };

  it('refuses a bad file naming file, line and property, and creates nothing', async () => {
    const bad = { ...doc, fields: [doc.fields[0], { ...doc.fields[1], fieldType: 9 }, doc.fields[2]] };
    const text = lines(bad);
    const line = text.split('\n').findIndex((l) => l.includes('"fieldType": 9')) + 1;
    const res = await admin.post(`${F}/import`, { files: [{ name: 'schemas/lungimport.json', text }] });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`表单文件有误: schemas/lungimport.json 第${line}行 /fields/1/fieldType: 必须是 1…8 之一`);
    expect(res.body.data.problems).toEqual([
      {
        file: 'schemas/lungimport.json',
        line,
        column: 7,
        path: '/fields/1/fieldType',
        message: '必须是 1…8 之一',
        text: `schemas/lungimport.json 第${line}行 /fields/1/fieldType: 必须是 1…8 之一`,
      },
    ]);

    const syntax = await admin.post(`${F}/import`, {
      files: [{ name: 'schemas/lungimport.json', text: '{\n  "formCode": "lungimport",\n  "fields": [,]\n}' }],
    });
    expect(syntax.body.msg).toBe(
      '表单文件有误: schemas/lungimport.json 第3行第14列: JSON 格式不正确：意外的字符 ","，应为一个值（对象、数组、字符串、数字、true、false 或 null）',
    );
    const strayRule = await admin.post(`${F}/import`, {
      files: [
        { name: 'schemas/lungimport.json', text: lines(doc) },
        {
          name: 'rules/lungimport.rules.json',
          text: lines({ ...rules, rules: [...rules.rules, { id: 'x.calc', kind: 'calc', field: 'fev1', tcontent: '1' }] }),
        },
      ],
    });
    expect(strayRule.body.msg).toBe('表单文件有误: rules/lungimport.rules.json 第13行 /rules/1/field: 规则 x.calc 指向表单没有的字段 fev1');
    expect((await admin.get(`${F}/list?formCode=lungimport`)).body.data.total).toBe(0);
  });

  it('refuses a form over 2 MB or 2,000 fields', async () => {
    const big = await admin.post(`${F}/import`, {
      files: [{ name: 'schemas/lungimport.json', text: lines({ ...doc, description: 'x'.repeat(2 * 1024 * 1024) }) }],
    });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('表单过大：schemas/lungimport.json 有 2.0 MB，最多 2.0 MB');
    const many = { ...doc, fields: Array.from({ length: 2001 }, (_, i) => ({ fieldProp: `f${i}`, fieldLabel: `字段${i}`, fieldType: 3 })) };
    expect((await admin.post(`${F}/import`, { files: [{ name: 'schemas/lungimport.json', text: JSON.stringify(many) }] })).body.msg).toBe(
      '表单过大：表单 lungimport 有 2001 个字段，最多 2000 个',
    );
    expect((await admin.post(`${F}/submit`, { document: many })).body.msg).toBe('表单过大：表单文档 有 2001 个字段，最多 2000 个');
  });

  it('creates the working copy with the rules merged and the cases kept, not published; then updates it', async () => {
    const files = [
      { name: 'schemas/lungimport.json', text: lines(doc) },
      { name: 'rules/lungimport.rules.json', text: lines(rules) },
      { name: 'rules/lungimport.cases.json', text: lines(importCases) },
    ];
    const res = await admin.post(`${F}/import`, { files });
    expect(res.body).toMatchObject({
      success: true,
      msg: '导入成功（已新建表单，尚未发布）：3 个字段、1 条规则、1 个用例；表单没有放置位置（placement），发布后不会出现在任何菜单',
      data: { formCode: 'lungimport', version: 0, fieldCount: 3, ruleCount: 1, caseCount: 1 },
    });
    const detail = (await admin.get(`${F}/detail?id=${res.body.data.id}`)).body.data;
    expect(detail.document.fields[2].reckons).toEqual([{ id: 'bmi.calc', kind: 'calc', tcontent: 'calcBmi(weight, height)' }]);
    expect(detail.cases).toEqual(importCases);
    expect((await admin.get(`${F}/versions?formCode=lungimport`)).body.data).toEqual([]);

    const duplicate = await admin.post(`${F}/import`, { files });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.msg).toBe('表单编号已存在: lungimport');

    const renamed = [{ name: 'schemas/lungimport.json', text: lines({ ...doc, formName: '导入的肺功能表(二)' }) }];
    const updated = await admin.post(`${F}/import`, { files: renamed, id: res.body.data.id, rowVersion: detail.rowVersion });
    expect(updated.body).toMatchObject({
      success: true,
      msg: '导入成功（已更新工作副本，尚未发布）：3 个字段、0 条规则、0 个用例；表单没有放置位置（placement），发布后不会出现在任何菜单',
      data: { formName: '导入的肺功能表(二)', rowVersion: detail.rowVersion + 1, ruleCount: 0 },
    });
    // Cases not among the files are kept; a stale import is refused like a stale save.
    expect((await admin.get(`${F}/detail?id=${res.body.data.id}`)).body.data.cases).toEqual(importCases);
    expect((await admin.post(`${F}/import`, { files: renamed, id: res.body.data.id, rowVersion: detail.rowVersion })).status).toBe(409);

    // Published, the version carries the cases.
    expect((await admin.post(`${F}/publish?id=${res.body.data.id}`)).body.data.version).toBe(1);
    const stored = await t.deps.db
      .selectFrom('form_version')
      .select('cases')
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'lungimport')
      .executeTakeFirstOrThrow();
    expect(stored.cases).toEqual(importCases);
  });

  it('refuses cases of another form and a document that fails the meta-schema, in Chinese', async () => {
    const { rowVersion } = (await admin.get(`${F}/detail?id=${formId}`)).body.data;
    const wrong = await admin.post(`${F}/submit`, { id: formId, rowVersion, cases: { ...cases, formCode: 'other' } });
    expect(wrong.body.msg).toBe('用例的表单编号 other 与表单编号 lungtest 不一致');
    const badCases = await admin.post(`${F}/submit`, { id: formId, rowVersion, cases: { formCode: 'lungtest' } });
    expect(badCases.body.msg).toBe('用例格式不正确: /: 缺少必填属性 cases');
    const badDoc = await admin.post(`${F}/submit`, {
      document: { ...doc, formCode: 'x1', fields: [{ fieldProp: 'a', fieldLabel: 'A', fieldType: 0 }] },
    });
    expect(badDoc.body.msg).toBe('表单文档格式不正确: /fields/0/fieldType: 必须是 1…8 之一');
  });
});

describe('publishing a working copy whose rules read a deleted field', () => {
  it('refuses with every rule that still reads it, and replay refuses the same way', async () => {
    const copy = (await admin.post(`${F}/copy?id=${formId}`)).body.data;
    await admin.post(`${F}/submit`, { id: copy.id, rowVersion: copy.rowVersion, document: { ...v2, formCode: copy.formCode } });
    const height = (await admin.get(`${FIELD}/field-list?formId=${copy.id}`)).body.data.find(
      (f: { fieldProp: string }) => f.fieldProp === 'height',
    );
    expect((await admin.post(`${FIELD}/remove?ids=${height.id}`)).body.success).toBe(true);
    const refused = await admin.post(`${F}/publish?id=${copy.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      '表单未通过校验, 不能发布: 错误: 规则 bmi.calc, 字段 height, 表达式 "round(calcBmi(weight, height), 1)": 未知的字段: height；错误: 规则 smokeAmount.show, 字段 height, 表达式 "hasValue(height)": 未知的字段: height',
    );
    const replay = await admin.post(`${F}/replay?id=${copy.id}`);
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(refused.body.msg);
  });
});

describe('who may call', () => {
  it('answers 403 to a doctor on every designer call', async () => {
    const calls = [
      doctor.get(`${F}/diff?formCode=lungtest&from=1&to=2`),
      doctor.post(`${F}/replay?id=${formId}`),
      doctor.post(`${F}/rollback?formCode=lungtest&version=1`),
      doctor.post(`${F}/import`, { files: [{ name: 'schemas/lungtest.json', text: JSON.stringify(v1) }] }),
      doctor.post(`${F}/publish?id=${formId}&note=x`),
      doctor.post(`${F}/submit`, { id: formId, formName: '改', rowVersion: 1 }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe(ADMIN_ONLY);
    }
  });

  it('keeps another tenant’s administrator out of this tenant’s form', async () => {
    const diff = await otherAdmin.get(`${F}/diff?formCode=lungtest&from=1&to=2`);
    expect(diff.status).toBe(404);
    expect(diff.body.msg).toBe('表单 lungtest 没有版本 1');
    expect((await otherAdmin.get(`${F}/diff?formCode=lungtest&from=1&to=working`)).status).toBe(404);
    const replay = await otherAdmin.post(`${F}/replay?id=${formId}`);
    expect(replay.status).toBe(404);
    expect(replay.body.msg).toBe('表单不存在');
    expect((await otherAdmin.post(`${F}/replay?formCode=lungtest`)).status).toBe(404);
    expect((await otherAdmin.post(`${F}/rollback?formCode=lungtest&version=1`)).status).toBe(404);
    expect(
      (
        await otherAdmin.post(`${F}/import`, {
          files: [{ name: 'schemas/lungtest.json', text: JSON.stringify(v1) }],
          id: formId,
          rowVersion: 1,
        })
      ).status,
    ).toBe(404);
    expect((await otherAdmin.get(`${F}/versions?formCode=lungtest`)).body.data).toEqual([]);
  });
});
