// Issue 30, the server half: a form's world (the dictionaries it names, its crowd labels, the codes
// its rules compare with) checked at publish, the dictionaries it carries created in the tenant,
// cases and dictionaries part of a version, forms:push's base, what import reports, and the
// dictionary lists the designer and forms:pull read. PGlite, or PostgreSQL with TEST_PG_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-scope';
import { SERVER_CODEMAPS } from '../services/codemaps';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from './form-test-support';

const F = '/api/blade-iph-business/form';

/** An outside COPD follow-up: dictionaries the tenant lacks, one it has, one empty, the platform's, a code map's, a crowd label it lacks. */
const copd = {
  formCode: 'copdtest',
  formName: '慢阻肺随访',
  version: 1,
  placement: { kind: 'exam', appliesTo: { crowdLabels: ['copd'] }, menu: { title: '慢阻肺随访', order: 95 } },
  fields: [
    { fieldProp: 'visitDate', fieldLabel: '随访日期', fieldType: 5, required: 1 },
    { fieldProp: 'symptoms', fieldLabel: '症状', fieldType: 7, bizCode: 'copd_symptom', required: 1 },
    { fieldProp: 'cough', fieldLabel: '咳嗽', fieldType: 2, bizCode: 'copd_cough' },
    { fieldProp: 'place', fieldLabel: '随访地点', fieldType: 1, bizCode: 'copd_place' },
    { fieldProp: 'card', fieldLabel: '证件类型', fieldType: 1, bizCode: 'card_type' },
    { fieldProp: 'method', fieldLabel: '随访方式', fieldType: 1, bizCode: 'fu_method' },
    {
      fieldProp: 'coughNote',
      fieldLabel: '咳嗽说明',
      fieldType: 3,
      reckons: [{ id: 'coughNote.show', kind: 'display', scontent: 'cough == "9"' }],
    },
  ],
};

const carried = {
  copd_symptom: {
    name: '慢阻肺症状',
    items: [
      { value: '1', label: '无症状' },
      { value: '2', label: '咳嗽' },
      { value: '99', label: '其他' },
    ],
  },
  copd_place: {
    name: '随访地点',
    items: [
      { value: '1', label: '门诊' },
      { value: '2', label: '家中' },
    ],
  },
  copd_cough: {
    name: '咳嗽',
    items: [
      { value: '1', label: '没有' },
      { value: '9', label: '其他' },
    ],
  },
  crowd_label: { name: '人群标签', items: [{ value: 'copd', label: '慢阻肺' }] },
};

const copdCases = {
  formCode: 'copdtest',
  cases: [{ name: '随访', given: { visitDate: '2026-03-01', symptoms: ['1'] }, expect: { hidden: ['coughNote'] } }],
};

let t: TestApp;
let admin: Caller;
let doctor: Caller;
let otherAdmin: Caller;
let formId: string;

/** A dictionary row of a tenant, written as the dictionary screens would. */
const dictRow = (tenant: string, id: string, parentId: string, code: string, key: string, value: string, sort = 0) => ({
  id,
  tenant_id: tenant,
  parent_id: parentId,
  code,
  dict_key: key,
  dict_value: value,
  sort,
  remark: '',
  is_sealed: 0,
});

const tenantRows = (code: string) =>
  withTenant('100001', () =>
    t.deps.db
      .selectFrom('blade_dict_biz')
      .select(['parent_id', 'dict_key', 'dict_value'])
      .where('tenant_id', '=', '100001')
      .where('code', '=', code)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
  );

const detail = async () => (await admin.get(`${F}/detail?id=${formId}`)).body.data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  doctor = await loginAs(t.app, 'doctor');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  // The tenant's own cough dictionary, an empty place dictionary; another tenant's secret one.
  await withTenant('100001', () =>
    t.deps.db
      .insertInto('blade_dict_biz')
      .values([
        dictRow('100001', '880001', '0', 'copd_cough', '-1', '咳嗽程度'),
        dictRow('100001', '880002', '880001', 'copd_cough', '1', '无', 1),
        dictRow('100001', '880003', '880001', 'copd_cough', '2', '偶尔', 2),
        dictRow('100001', '880004', '0', 'copd_place', '-1', '随访地点'),
      ])
      .execute(),
  );
  await withTenant('100002', () =>
    t.deps.db
      .insertInto('blade_dict_biz')
      .values([
        dictRow('100002', '880101', '0', 'other_secret', '-1', '别家的字典'),
        dictRow('100002', '880102', '880101', 'other_secret', '1', '甲', 1),
      ])
      .execute(),
  );
});
afterAll(() => t.close());

describe('form/dictionary-world', () => {
  it('lists the tenant’s dictionaries, then the platform’s, then the code maps, never another tenant’s; administrators only', async () => {
    const res = await admin.get(`${F}/dictionary-world`);
    expect(res.status).toBe(200);
    const world = res.body.data as { code: string; name: string; source: string; items: { value: string; label: string }[] }[];
    const byCode = new Map(world.map((d) => [d.code, d]));
    expect(byCode.get('copd_cough')).toEqual({
      code: 'copd_cough',
      name: '咳嗽程度',
      source: 'tenant',
      items: [
        { value: '1', label: '无' },
        { value: '2', label: '偶尔' },
      ],
    });
    expect(byCode.get('copd_place')).toMatchObject({ source: 'tenant', items: [] });
    expect(byCode.get('card_type')).toMatchObject({
      name: '证件类型',
      source: 'platform',
      items: expect.arrayContaining([{ value: '1', label: '居民身份证' }]),
    });
    expect(byCode.get('crowd_label')).toMatchObject({ source: 'codemap', items: SERVER_CODEMAPS.codemapOptions('crowd_label') });
    expect(byCode.get('fu_method')).toMatchObject({ source: 'codemap' });
    expect(byCode.has('other_secret')).toBe(false);
    const sources = world.map((d) => d.source);
    expect(sources.indexOf('platform')).toBeGreaterThan(sources.lastIndexOf('tenant'));
    expect(sources.indexOf('codemap')).toBeGreaterThan(sources.lastIndexOf('platform'));

    const other = (await otherAdmin.get(`${F}/dictionary-world`)).body.data as { code: string; source: string }[];
    expect(other.find((d) => d.code === 'other_secret')).toMatchObject({ source: 'tenant' });
    expect(other.some((d) => d.code === 'copd_cough')).toBe(false);
    expect((await doctor.get(`${F}/dictionary-world`)).status).toBe(403);
  });
});

describe('publishing against the tenant’s world', () => {
  it('refuses a form naming a missing dictionary, an empty one, an unknown crowd label and a code its rule compares with, naming each', async () => {
    const created = await admin.post(`${F}/submit`, { document: copd });
    expect(created.body.success).toBe(true);
    formId = created.body.data.id;
    const refused = await admin.post(`${F}/publish?id=${formId}`);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      [
        '表单未通过校验, 不能发布: 字段 症状 (symptoms) 的字典 copd_symptom 不存在：请在业务字典中新建，或随表单提供字典',
        '字段 随访地点 (place) 的字典 copd_place 没有字典项：这个字段无法选择',
        '适用人群标签 copd 不在人群标签字典 (crowd_label) 中：这张表单不会出现在任何居民档案里',
        '规则 coughNote.show 使用的编码 "9" 不在字段 咳嗽 (cough) 的字典 copd_cough 中',
      ].join('；'),
    );
    expect((await admin.get(`${F}/versions?formCode=copdtest`)).body.data).toEqual([]);
  });

  it('keeps the dictionaries a working copy carries (form/submit, form/detail), checked as a dictionaries file', async () => {
    const before = await detail();
    expect(before.dictionaries).toBeNull();
    const bad = await admin.post(`${F}/submit`, {
      id: formId,
      rowVersion: before.rowVersion,
      dictionaries: { copd_place: { name: '地点' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^字典格式不正确: /);
    const saved = await admin.post(`${F}/submit`, { id: formId, rowVersion: before.rowVersion, dictionaries: carried });
    expect(saved.body.data.rowVersion).toBe(before.rowVersion + 1);
    expect((await detail()).dictionaries).toEqual(carried);
  });

  it('publishes with the carried dictionaries and creates what the tenant lacks, keeping its labels and the code map’s', async () => {
    const published = await admin.post(`${F}/publish?id=${formId}`, { note: '首次发布' });
    expect(published.body).toMatchObject({ success: true, msg: '发布成功, 版本 1', data: { version: 1, created: true } });
    const symptom = await tenantRows('copd_symptom');
    expect(symptom.map((r) => [r.parent_id === '0' ? 'parent' : 'item', r.dict_key, r.dict_value])).toEqual([
      ['parent', '-1', '慢阻肺症状'],
      ['item', '1', '无症状'],
      ['item', '2', '咳嗽'],
      ['item', '99', '其他'],
    ]);
    expect((await tenantRows('copd_place')).filter((r) => r.parent_id === '880004').map((r) => r.dict_key)).toEqual(['1', '2']);
    // The tenant's own label of 1 stays; 9 is added.
    expect((await tenantRows('copd_cough')).filter((r) => r.parent_id !== '0').map((r) => [r.dict_key, r.dict_value])).toEqual([
      ['1', '无'],
      ['2', '偶尔'],
      ['9', '其他'],
    ]);
    // crowd_label was a code map: the tenant's copy replaces it, so it holds every label it had and copd.
    const labels = (await tenantRows('crowd_label'))
      .filter((r) => r.parent_id !== '0')
      .map((r) => ({ value: r.dict_key, label: r.dict_value }));
    expect(labels).toEqual([...(SERVER_CODEMAPS.codemapOptions('crowd_label') ?? []), { value: 'copd', label: '慢阻肺' }]);
    const world = (await admin.get(`${F}/dictionary-world`)).body.data as { code: string; source: string }[];
    expect(world.find((d) => d.code === 'crowd_label')).toMatchObject({ source: 'tenant' });
    // Another tenant's world is untouched.
    const other = (await otherAdmin.get(`${F}/dictionary-world`)).body.data as { code: string; source: string }[];
    expect(other.find((d) => d.code === 'crowd_label')).toMatchObject({ source: 'codemap' });
    expect(other.some((d) => d.code === 'copd_symptom')).toBe(false);

    const stored = await t.deps.db
      .selectFrom('form_version')
      .select('dictionaries')
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'copdtest')
      .where('version', '=', 1)
      .executeTakeFirstOrThrow();
    expect(stored.dictionaries).toEqual(carried);

    // A copy carries them too (its cases would name the old code: they stay behind).
    const copy = (await admin.post(`${F}/copy?id=${formId}`)).body.data;
    expect((await admin.get(`${F}/detail?id=${copy.id}`)).body.data).toMatchObject({
      formCode: 'copdtest_copy',
      dictionaries: carried,
      cases: null,
    });
  });

  it('answers form/version-dictionaries with the business dictionaries the form names, not the code maps', async () => {
    const res = await admin.get(`${F}/version-dictionaries?formCode=copdtest`);
    expect(res.status).toBe(200);
    const dicts = res.body.data as Record<string, { name: string; items: { value: string; label: string }[] }>;
    expect(Object.keys(dicts).sort()).toEqual(['card_type', 'copd_cough', 'copd_place', 'copd_symptom', 'crowd_label']);
    expect(dicts.copd_cough).toEqual({
      name: '咳嗽程度',
      items: [
        { value: '1', label: '无' },
        { value: '2', label: '偶尔' },
        { value: '9', label: '其他' },
      ],
    });
    expect(dicts.crowd_label).toEqual({ name: '人群标签', items: [{ value: 'copd', label: '慢阻肺' }] });
    expect((await admin.get(`${F}/version-dictionaries?formCode=copdtest&version=1`)).body.data).toEqual(dicts);
    expect((await admin.get(`${F}/version-dictionaries?formCode=copdtest&version=7`)).status).toBe(404);
    expect((await doctor.get(`${F}/version-dictionaries?formCode=copdtest`)).status).toBe(403);
    // A form naming only code maps travels without a dictionaries file.
    expect((await admin.get(`${F}/version-dictionaries?formCode=hypertensionfollowup`)).body.data).toBeNull();
  });

  it('publishes a cases-only change as a new version, and nothing when nothing changed', async () => {
    const { rowVersion } = await detail();
    expect((await admin.post(`${F}/submit`, { id: formId, rowVersion, cases: copdCases })).body.success).toBe(true);
    const published = await admin.post(`${F}/publish?id=${formId}`, { note: '加入用例' });
    expect(published.body).toMatchObject({ msg: '发布成功, 版本 2', data: { version: 2, created: true } });
    expect((await admin.get(`${F}/version-cases?formCode=copdtest`)).body.data).toEqual(copdCases);
    const again = await admin.post(`${F}/publish?id=${formId}`);
    expect(again.body).toMatchObject({ msg: '表单内容没有变化, 当前版本仍为 2', data: { created: false } });
    const listed = (await admin.get(`${F}/list?formCode=copdtest`)).body.data.records[0];
    expect(listed.workingStatus).toBe('published');
  });
});

describe('forms:push through form/import', () => {
  const text = (v: unknown) => JSON.stringify(v, null, 2);
  const files = (doc: object) => [
    { name: 'schemas/copdtest.json', text: text(doc) },
    { name: 'rules/copdtest.dicts.json', text: text({ formCode: 'copdtest', dictionaries: carried }) },
  ];

  it('refuses a push from a version older than the latest with 409 naming what was published since, changing nothing', async () => {
    const before = await detail();
    const res = await admin.post(`${F}/import`, { files: files({ ...copd, formName: '慢阻肺随访(改)' }), baseVersion: 1 });
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(
      /^表单 copdtest 在你拉取的版本 1 之后已发布：版本 2（赵敏 \d{4}-\d\d-\d\d \d\d:\d\d：加入用例）：请先 npm run forms:pull 合并后再推送$/,
    );
    expect(res.body.data).toMatchObject({ latestVersion: 2, since: [{ version: 2, publishedByName: '赵敏', note: '加入用例' }] });
    expect(await detail()).toMatchObject({ rowVersion: before.rowVersion, formName: '慢阻肺随访' });
  });

  it('saves a push from the latest version; refuses one over unpublished changes unless overwriteDraft', async () => {
    const pushed = await admin.post(`${F}/import`, { files: files({ ...copd, formName: '慢阻肺随访(改)' }), baseVersion: 2 });
    expect(pushed.status).toBe(200);
    expect(pushed.body.data).toMatchObject({ formName: '慢阻肺随访(改)', fieldCount: 7, ruleCount: 1, problems: [] });
    // Now the working copy differs from version 2: the next push would overwrite it.
    const before = await detail();
    const draft = await admin.post(`${F}/import`, { files: files({ ...copd, formName: '慢阻肺随访(三)' }), baseVersion: 2 });
    expect(draft.status).toBe(409);
    expect(draft.body.msg).toMatch(
      /^表单 copdtest 有未发布的修改（赵敏 \d{4}-\d\d-\d\d \d\d:\d\d 保存）：推送会覆盖它。请先在表单设计中发布或放弃这些修改，或加 --overwrite-draft$/,
    );
    expect(draft.body.data).toMatchObject({ updateUserName: '赵敏' });
    expect(await detail()).toMatchObject({ rowVersion: before.rowVersion, formName: '慢阻肺随访(改)' });
    const over = await admin.post(`${F}/import`, {
      files: files({ ...copd, formName: '慢阻肺随访(三)' }),
      baseVersion: 2,
      overwriteDraft: true,
    });
    expect(over.status).toBe(200);
    expect((await detail()).formName).toBe('慢阻肺随访(三)');
  });

  it('refuses a push of a pulled form the server no longer has; creates a new one from base 0', async () => {
    const doc = { ...copd, formCode: 'copdgone', placement: undefined };
    const gone = await admin.post(`${F}/import`, { files: [{ name: 'schemas/copdgone.json', text: text(doc) }], baseVersion: 3 });
    expect(gone.status).toBe(409);
    expect(gone.body.msg).toMatch(/^表单 copdgone 已不在服务器上（你拉取的是版本 3）/);
    expect((await admin.get(`${F}/list?formCode=copdgone`)).body.data.total).toBe(0);
    const made = await admin.post(`${F}/import`, { files: [{ name: 'schemas/copdgone.json', text: text(doc) }], baseVersion: 0 });
    expect(made.status).toBe(200);
    expect(made.body.msg).toMatch(/^导入成功（已新建表单，尚未发布）/);
  });
});

describe('what form/import reports', () => {
  it('counts what it read and names each dictionary’s state, the placement and what a publish would refuse', async () => {
    const doc = {
      ...copd,
      formCode: 'copdimport',
      fields: [
        ...copd.fields.filter((f) => f.fieldProp !== 'coughNote'),
        { fieldProp: 'smoke', fieldLabel: '吸烟', fieldType: 1, bizCode: 'copd_missing' },
        { fieldProp: 'home', fieldLabel: '居住', fieldType: 1, bizCode: 'copd_new' },
      ],
    };
    const dicts = {
      formCode: 'copdimport',
      dictionaries: {
        copd_cough: {
          name: '咳嗽',
          items: [
            { value: '1', label: '没有' },
            { value: '3', label: '经常' },
          ],
        },
        copd_new: { name: '居住', items: [{ value: '1', label: '独居' }] },
      },
    };
    const res = await admin.post(`${F}/import`, {
      files: [
        { name: 'schemas/copdimport.json', text: JSON.stringify(doc) },
        { name: 'rules/copdimport.dicts.json', text: JSON.stringify(dicts) },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('导入成功（已新建表单，尚未发布）：8 个字段、0 条规则、0 个用例；1 个问题须在发布前解决');
    const data = res.body.data;
    expect(data).toMatchObject({ formCode: 'copdimport', fieldCount: 8, ruleCount: 0, caseCount: 0, hasPlacement: true });
    const byCode = new Map((data.dictionaries as { code: string }[]).map((d) => [d.code, d]));
    expect(byCode.get('copd_cough')).toEqual({
      code: 'copd_cough',
      state: 'tenant',
      newItems: 1,
      labelDifferences: ['1: 文件 没有 / 租户 无'],
    });
    expect(byCode.get('copd_new')).toEqual({ code: 'copd_new', state: 'files', newItems: 1, labelDifferences: [] });
    expect(byCode.get('copd_missing')).toEqual({ code: 'copd_missing', state: 'missing', newItems: 0, labelDifferences: [] });
    expect(byCode.get('card_type')).toMatchObject({ state: 'tenant' });
    expect(byCode.get('crowd_label')).toMatchObject({ state: 'tenant' });
    expect(data.problems).toEqual([
      { severity: 'error', text: '字段 吸烟 (smoke) 的字典 copd_missing 不存在：请在业务字典中新建，或随表单提供字典' },
    ]);
    // Saved all the same, with the file's dictionaries, and not published.
    const saved = (await admin.get(`${F}/detail?id=${data.id}`)).body.data;
    expect(saved.dictionaries).toEqual(dicts.dictionaries);
    expect((await admin.post(`${F}/publish?id=${data.id}`)).body.msg).toBe(`表单未通过校验, 不能发布: ${data.problems[0].text}`);
  });
});

describe('rollback with the dictionaries and cases of the version', () => {
  it('publishes version 1 again with its dictionaries and without version 2’s cases, and makes them the working copy’s', async () => {
    const rolled = await admin.post(`${F}/rollback?formCode=copdtest&version=1`);
    expect(rolled.body).toMatchObject({ msg: '已回退到版本 1, 发布为版本 3', data: { version: 3, created: true } });
    expect((await admin.get(`${F}/version-cases?formCode=copdtest`)).body.data).toBeNull();
    expect(await detail()).toMatchObject({ formName: '慢阻肺随访', cases: null, dictionaries: carried });
    const stored = await t.deps.db
      .selectFrom('form_version')
      .select('dictionaries')
      .where('tenant_id', '=', '100001')
      .where('form_code', '=', 'copdtest')
      .where('version', '=', 3)
      .executeTakeFirstOrThrow();
    expect(stored.dictionaries).toEqual(carried);
  });
});
