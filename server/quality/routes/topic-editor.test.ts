// 质量管理's topic editor (decision 0042): a save compiles first and is refused with the engine's
// message by rule and case, nothing stored; a tenant's override is what the list, a run and
// do-quality-* use; removing it reverts to the file; another tenant sees none of it; editing needs
// the 编辑专题 button (4430), which a team leader lacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { plantBpMarkedSatisfied, Q, QUALITY_TEST_JOBS, runToEnd as runWith } from './quality-test-support';

const T = `${Q}/topic`;
const F = '/api/blade-iph-business/userfollowup';
const TOPIC = 'gxy_bp_satisfied';
const NEW_TOPIC = 'gxy_sbp_over_145';

let t: TestApp;
const c = {} as Record<'admin' | 'doctor' | 'leader' | 'cdc' | 'otherAdmin', Caller>;
let recordId = '';

/** The file's topic with its rule replaced: systolic ≥ 145 marked 控制满意 (the planted 150/95 fails it). */
const override = (when = 'followupClass == "1" and sbp >= 145', extra: Record<string, unknown> = {}) => ({
  code: TOPIC,
  name: '高血压随访：收缩压≥145评为控制满意',
  qualityType: 'hypertension',
  queryType: 'logic',
  form: 'hypertensionfollowup',
  source: '本机构质控要求',
  rules: [{ id: 'sbp145_satisfied', when, message: '收缩压≥145mmHg，不应评为控制满意' }],
  cases: [
    { name: '150/95 控制满意', values: { followupClass: '1', sbp: 150, dbp: 95 }, fails: ['sbp145_satisfied'] },
    { name: '140/85 控制满意', values: { followupClass: '1', sbp: 140, dbp: 85 }, fails: [] },
  ],
  ...extra,
});

interface Detail {
  document: { code: string; rules: { id: string; when: string; message: string }[] };
  origin: 'file' | 'tenant';
  hasFile: boolean;
  version: number | null;
  updateUserName: string;
}
const detail = async (caller: Caller, code = TOPIC) => (await caller.get(`${T}/detail?code=${code}`)).body.data as Detail;
const topicRules = async (caller: Caller, code = TOPIC) => {
  const list = (await caller.get(`${Q}/list?size=200`)).body.data as { records: { code: string; rules: { id: string }[] }[] };
  return list.records.find((r) => r.code === code)?.rules.map((r) => r.id);
};

beforeAll(async () => {
  t = await createTestApp({ jobs: QUALITY_TEST_JOBS });
  for (const account of ['admin', 'doctor', 'leader', 'cdc'] as const) c[account] = await loginAs(t.app, account);
  c.otherAdmin = await loginAs(t.app, 'admin', '100002');
  ({ recordId } = await plantBpMarkedSatisfied(t, c.doctor));
}, 60_000);
afterAll(() => t?.close());

const runToEnd = (caller: Caller, code: string) => runWith(t, caller, { code });

describe('reading a topic and the forms', () => {
  it('detail answers the file’s topic for a tenant without its own; forms list the record forms with their fields', async () => {
    expect(await detail(c.cdc)).toMatchObject({ origin: 'file', hasFile: true, version: null, document: { code: TOPIC } });
    expect((await detail(c.leader)).document.rules[0]?.id).toBe('bp_high_but_satisfied');
    const forms = (await c.admin.get(`${T}/forms`)).body.data as { code: string; name: string; fields: { fieldProp: string }[] }[];
    expect(forms[0]).toMatchObject({ code: 'archive', name: '居民健康档案' });
    const bp = forms.find((f) => f.code === 'hypertensionfollowup')!;
    expect(bp.fields.map((f) => f.fieldProp)).toEqual(expect.arrayContaining(['sbp', 'dbp', 'followupClass', 'recordDate']));
    // Administration dialogs are not record forms.
    expect(forms.some((f) => f.code === 'adminuser')).toBe(false);
    const unknown = await c.cdc.get(`${T}/detail?code=no_such_topic`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('质控专题不存在');
  });
});

describe('check and submit compile first', () => {
  it('check answers the engine’s message by rule and each case’s result, saving nothing', async () => {
    const broken = await c.cdc.post(`${T}/check`, override('sbp >= 145 || dbp >= 90'));
    expect(broken.status, JSON.stringify(broken.body)).toBe(200);
    expect(broken.body.data).toMatchObject({ ok: false, cases: [] });
    expect(broken.body.data.problems).toEqual([
      { ruleId: 'sbp145_satisfied', caseIndex: null, message: expect.stringContaining("'||' 不可用, 逻辑或请写 or") },
    ]);
    const good = await c.cdc.post(`${T}/check`, override());
    expect(good.body.data).toMatchObject({ ok: true, problems: [] });
    expect(good.body.data.cases).toEqual([
      { name: '150/95 控制满意', expected: ['sbp145_satisfied'], got: ['sbp145_satisfied'], passed: true },
      { name: '140/85 控制满意', expected: [], got: [], passed: true },
    ]);
    expect((await detail(c.cdc)).origin).toBe('file');
  });

  it('submit refuses, with the message, a rule that does not compile, an unknown form or field, a duplicate rule id, an empty message, a failing case — nothing stored', async () => {
    const refused = async (body: Record<string, unknown>, text: string) => {
      const res = await c.cdc.post(`${T}/submit`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toContain(text);
      return res.body;
    };
    const syntax = await refused(override('sbp >= 145 || dbp >= 90'), '规则 sbp145_satisfied：表达式语法错误');
    expect(syntax.msg).toContain("'||' 不可用, 逻辑或请写 or");
    expect(syntax.data.problems[0]).toMatchObject({ ruleId: 'sbp145_satisfied' });
    await refused(override('pulse > 100'), '规则 sbp145_satisfied：未知的字段: pulse');
    await refused(override(undefined, { form: 'nosuchform' }), '表单 nosuchform 不存在');
    const rule = { id: 'r1', when: 'sbp >= 145', message: '收缩压高' };
    await refused(override(undefined, { rules: [rule, rule], cases: [] }), '规则 r1：规则 id 重复');
    await refused(override(undefined, { rules: [{ ...rule, message: ' ' }], cases: [] }), '每条规则须有 id、when 与 message');
    const wrongCase = await refused(
      override(undefined, { cases: [{ name: '130/80', values: { followupClass: '1', sbp: 130, dbp: 80 }, fails: ['sbp145_satisfied'] }] }),
      '用例 1（130/80）：应不通过的规则 sbp145_satisfied，实际不通过 无',
    );
    expect(wrongCase.data.problems[0]).toMatchObject({ caseIndex: 0 });
    await refused(override(undefined, { code: 'edit' }), '专题编号 edit 为系统保留');
    // Nothing was stored: still the file's topic, in the list too.
    expect(await detail(c.cdc)).toMatchObject({ origin: 'file', version: null });
    expect(await topicRules(c.cdc)).toEqual(['bp_high_but_satisfied']);
    // Malformed input: the route's own 400.
    expect((await c.cdc.post(`${T}/submit`, { ...override(), code: 'Bad Code' })).status).toBe(400);
    expect((await c.cdc.post(`${T}/submit`, { ...override(), rules: 'x' })).status).toBe(400);
  });
});

describe('a tenant’s override', () => {
  it('is saved, seen by the list, a run and do-quality-*; another tenant keeps the file’s; a stale version is refused', async () => {
    const saved = await c.cdc.post(`${T}/submit`, override());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.msg).toBe('保存成功');
    expect(saved.body.data).toMatchObject({ origin: 'tenant', hasFile: true, version: 1, updateUserName: expect.any(String) });
    expect(await topicRules(c.leader)).toEqual(['sbp145_satisfied']);
    const listed = (await c.leader.get(`${Q}/list?size=200`)).body.data as { records: { code: string; origin: string }[] };
    expect(listed.records.find((r) => r.code === TOPIC)?.origin).toBe('tenant');
    expect(listed.records.find((r) => r.code === 'da_completeness')?.origin).toBe('file');
    // A run uses the tenant's rule: the planted 150/95 fails it.
    expect((await runToEnd(c.cdc, TOPIC)).status).toBe(2);
    const failures = (await c.cdc.get(`${Q}/list/${TOPIC}?size=200`)).body.data as { records: { recordId: string; ruleId: string }[] };
    expect(failures.records).toEqual(expect.arrayContaining([expect.objectContaining({ recordId, ruleId: 'sbp145_satisfied' })]));
    expect(failures.records.some((r) => r.ruleId === 'bp_high_but_satisfied')).toBe(false);
    const now = (await c.doctor.post(`${F}/do-quality-followup?ids=${recordId}`)).body.data as { topicCode: string; ruleId: string }[];
    expect(now).toEqual(expect.arrayContaining([expect.objectContaining({ topicCode: TOPIC, ruleId: 'sbp145_satisfied' })]));
    // Another tenant: the file's topic, untouched.
    expect(await detail(c.otherAdmin)).toMatchObject({ origin: 'file', version: null });
    expect(await topicRules(c.otherAdmin)).toEqual(['bp_high_but_satisfied']);
    // A save from an editor that read the file's topic (or an older version) is refused: someone saved since.
    const stale = await c.admin.post(`${T}/submit`, override());
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('质控专题已被他人修改，请刷新后再保存');
    const next = await c.admin.post(`${T}/submit`, { ...override(), name: '改名', version: 1 });
    expect(next.body.data).toMatchObject({ version: 2, document: { name: '改名' } });
  });

  it('a new code adds a topic for this tenant only', async () => {
    const added = await c.cdc.post(`${T}/submit`, override(undefined, { code: NEW_TOPIC }));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ origin: 'tenant', hasFile: false, version: 1 });
    expect(await topicRules(c.cdc, NEW_TOPIC)).toEqual(['sbp145_satisfied']);
    expect(await topicRules(c.otherAdmin, NEW_TOPIC)).toBeUndefined();
    expect((await c.otherAdmin.get(`${T}/detail?code=${NEW_TOPIC}`)).status).toBe(404);
    expect((await c.otherAdmin.post(`${Q}/run`, { code: NEW_TOPIC })).status).toBe(404);
  });

  it('remove reverts an override to the file and removes a new topic; a file-only code or another tenant’s is refused, nothing removed', async () => {
    const fileOnly = await c.cdc.post(`${T}/remove?ids=${NEW_TOPIC},da_completeness`);
    expect(fileOnly.status).toBe(400);
    expect(fileOnly.body.msg).toBe('质控专题 da_completeness 是文件版本，没有本机构的修改可恢复');
    expect((await detail(c.cdc, NEW_TOPIC)).origin).toBe('tenant');
    // Tenant B cannot remove tenant A's topic: for B it does not exist.
    expect((await c.otherAdmin.post(`${T}/remove?ids=${NEW_TOPIC}`)).status).toBe(404);
    const removed = await c.cdc.post(`${T}/remove`, { ids: [TOPIC, NEW_TOPIC] });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect([...(removed.body.data as string[])].sort()).toEqual([TOPIC, NEW_TOPIC].sort());
    expect(await detail(c.cdc)).toMatchObject({ origin: 'file', version: null });
    expect(await topicRules(c.cdc)).toEqual(['bp_high_but_satisfied']);
    // The topic's page after the revert: the file's rule, beside the run made with the override.
    const page = await c.cdc.get(`${Q}/list/${TOPIC}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect((page.body.data as { topic: { rules: { id: string }[] } }).topic.rules.map((r) => r.id)).toEqual(['bp_high_but_satisfied']);
    expect((await c.cdc.get(`${T}/detail?code=${NEW_TOPIC}`)).status).toBe(404);
    // Saved anew after its removal (a new row, version 1 again): the list reads the new document, not the one compiled before.
    const again = await c.cdc.post(`${T}/submit`, override(undefined, { code: NEW_TOPIC, name: '重新新增' }));
    expect(again.body.data).toMatchObject({ version: 1, document: { name: '重新新增' } });
    const listed = (await c.cdc.get(`${Q}/list?size=200`)).body.data as { records: { code: string; name: string }[] };
    expect(listed.records.find((r) => r.code === NEW_TOPIC)?.name).toBe('重新新增');
    expect((await c.cdc.post(`${T}/remove?ids=${NEW_TOPIC}`)).status).toBe(200);
    expect((await c.cdc.post(`${T}/remove`)).body.msg).toBe('参数[ids]不能为空');
    expect((await c.cdc.post(`${T}/remove?ids=A,b`)).body.msg).toBe('参数[ids]格式不正确');
  });
});

describe('permission', () => {
  it('a team leader (no 编辑专题) reads but may not check, save or remove; a doctor may not read', async () => {
    expect((await c.leader.get(`${T}/detail?code=${TOPIC}`)).status).toBe(200);
    expect((await c.leader.post(`${T}/check`, override())).status).toBe(403);
    expect((await c.leader.post(`${T}/submit`, override())).status).toBe(403);
    expect((await c.leader.post(`${T}/remove?ids=${TOPIC}`)).status).toBe(403);
    expect((await c.leader.get(`${T}/forms`)).status).toBe(403);
    expect((await c.doctor.get(`${T}/detail?code=${TOPIC}`)).status).toBe(403);
    expect((await detail(c.cdc)).origin).toBe('file');
  });
});
