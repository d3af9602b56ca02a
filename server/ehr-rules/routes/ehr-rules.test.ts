// 健康档案规则 (spec 002 §7 ehrproject, ehr, assehr, assehrrul; spec 001 §3 "EHR definition"): four
// resource documents served by the generic routes, and their named calls in server/ehr-rules/ — the
// project tree, a resident's newest indicator values, the batch update of assessment indicators and
// the copy of assessment rules.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';

const B = '/api/blade-iph-business';
type Node = { title: string; parentId: string; children: Node[] };
let t: TestApp;
let admin: Caller;
let otherAdmin: Caller;
let doctor: Caller;
let cdc: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
  doctor = await loginAs(t.app, 'doctor');
  cdc = await loginAs(t.app, 'cdc');
});
afterAll(() => t?.close());

async function archiveOf(tenantId: string): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`select id from user_archive where tenant_id = ${tenantId} and is_deleted = 0 order by id limit 1`.execute(t.deps.db);
  return rows[0]!.id;
}

/** What every family must refuse: an unknown sort, a filter on an unlisted column, a change without or over a stale version, another tenant's row. */
async function refusesBadInputs(family: string, good: Record<string, unknown>, change: Record<string, unknown>) {
  const A = `${B}/${family}`;
  const created = await admin.post(`${A}/submit`, good);
  expect(created.body.msg, JSON.stringify(created.body)).toBe('新增成功');
  const { id } = created.body.data as { id: string };
  const sort = await admin.get(`${A}/list?ascs=password`);
  expect(sort.status).toBe(400);
  expect(sort.body.msg).toBe('不支持按 password 排序');
  const filter = await admin.get(`${A}/list?tenant_id=100002`);
  expect(filter.status).toBe(400);
  expect(filter.body.msg).toBe('不支持的查询条件: tenant_id');
  expect((await admin.post(`${A}/submit`, { id, ...change })).status).toBe(428);
  expect((await admin.post(`${A}/submit`, { id, rowVersion: 1, ...change })).body.data.rowVersion).toBe(2);
  const stale = await admin.post(`${A}/submit`, { id, rowVersion: 1, ...change });
  expect(stale.status).toBe(409);
  expect(stale.body.data).toMatchObject({ rowVersion: 2 });
  expect((await otherAdmin.post(`${A}/submit`, { id, rowVersion: 2, ...change })).status).toBe(404);
  expect((await otherAdmin.post(`${A}/remove?ids=${id}`)).status).toBe(404);
  expect((await otherAdmin.get(`${A}/detail?id=${id}`)).status).toBe(404);
  const still = await admin.get(`${A}/detail?id=${id}`);
  expect(still.body.data).toMatchObject({ rowVersion: 2 });
  expect((await doctor.get(`${A}/list`)).status).toBe(403);
  expect((await doctor.post(`${A}/submit`, good)).status).toBe(403);
  return id;
}

describe('ehrproject (检查检验项目)', () => {
  it('keeps a tenant’s project tree with the dialog’s rules and refuses bad inputs', async () => {
    await refusesBadInputs('ehrproject', { projType: 3, projCode: 'CT', projName: 'CT 检查' }, { projName: '计算机断层扫描' });
    expect((await admin.post(`${B}/ehrproject/submit`, { projType: 3, projCode: 'CT', projName: '重复' })).body.msg).toBe('项目编码已存在');
    expect((await admin.post(`${B}/ehrproject/submit`, { projType: 1, projName: '无编码' })).body.msg).toBe('请输入项目编码');
    expect((await admin.post(`${B}/ehrproject/submit`, { projType: 4, projCode: 'X', projName: 'x' })).status).toBe(400);
    const parent = await admin.post(`${B}/ehrproject/submit`, { projType: 1, projCode: 'X', projName: 'x', parentId: '999' });
    expect(parent.body.msg).toBe('上级项目不存在');
  });

  it('answers the tree of the caller’s tenant and one level at a time', async () => {
    const lab = (await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'LAB', projName: '检验', sort: 1 })).body.data.id;
    const blood = (await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'XCG', projName: '血常规', parentId: lab })).body
      .data.id;
    await admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'WBC', projName: '白细胞', parentId: blood });
    await admin.post(`${B}/ehrproject/submit`, { projType: 1, projCode: 'BP', projName: '血压' });

    const tree = (await doctor.get(`${B}/ehrproject/tree?proj_type=2`)).body.data as Node[];
    expect(tree.map((n) => n.title)).toEqual(['检验']);
    expect(tree[0]).toMatchObject({ parentId: '0', key: lab, value: lab, hasChildren: true, projType: 2 });
    expect(tree[0]!.children[0]).toMatchObject({ title: '血常规', parentId: lab, hasChildren: true });
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ title: '白细胞', hasChildren: false, children: [] });
    const all = (await admin.get(`${B}/ehrproject/tree?tenantId=100001`)).body.data as { title: string }[];
    expect(all.map((n) => n.title)).toEqual(expect.arrayContaining(['检验', '血压']));
    const other = await admin.get(`${B}/ehrproject/tree?tenantId=100002&proj_type=2`);
    expect(other.status).toBe(403);
    expect((await admin.get(`${B}/ehrproject/tree?proj_type=9`)).status).toBe(400);
    expect((await otherAdmin.get(`${B}/ehrproject/tree`)).body.data).toEqual([]);

    const roots = (await doctor.get(`${B}/ehrproject/lazy-list`)).body.data as { title: string; hasChildren: boolean }[];
    expect(roots.find((n) => n.title === '检验')).toMatchObject({ hasChildren: true, children: [] });
    const level = (await admin.get(`${B}/ehrproject/lazy-list?parentId=${lab}`)).body.data as { title: string }[];
    expect(level.map((n) => n.title)).toEqual(['血常规']);
    expect((await otherAdmin.get(`${B}/ehrproject/lazy-list?parentId=${lab}`)).body.data).toEqual([]);
    expect((await admin.get(`${B}/ehrproject/lazy-list?parentId=abc`)).status).toBe(400);

    // A project with live children is not removed (the document's removeBlockedBy); the tree is unchanged.
    const refused = await admin.post(`${B}/ehrproject/remove?ids=${lab}`);
    expect([refused.status, refused.body.msg]).toEqual([400, '请先删除该项目的下级项目']);
    expect(((await admin.get(`${B}/ehrproject/tree?proj_type=2`)).body.data as { title: string }[]).map((n) => n.title)).toEqual(['检验']);
  });
});

describe('ehr (健康档案指标)', () => {
  it('keeps indicators with their range rule and refuses bad inputs', async () => {
    await refusesBadInputs(
      'ehr',
      { ehrCode: 'hba1c', ehrName: '糖化血红蛋白', unit: '%', normalLow: 4, normalHigh: 6 },
      { unit: 'mmol/mol' },
    );
    const range = await admin.post(`${B}/ehr/submit`, { ehrCode: 'glu', ehrName: '空腹血糖', normalLow: 7, normalHigh: 3.9 });
    expect(range.body.msg).toBe('正常上限不能小于正常下限');
    expect((await admin.post(`${B}/ehr/submit`, { ehrCode: '1glu', ehrName: '空腹血糖' })).status).toBe(400);
    expect((await admin.post(`${B}/ehr/submit`, { ehrCode: 'glu', ehrName: '空腹血糖', projectId: '42' })).body.msg).toBe('所属项目不存在');
    const listed = await admin.get(`${B}/ehr/list?ehrName_like=血红&descs=ehrCode`);
    expect(listed.body.data.records.map((r: { ehrCode: string }) => r.ehrCode)).toEqual(['hba1c']);
  });

  it('answers a resident’s newest values, judged against the range when asked, for the caller’s tenant only', async () => {
    const project = (await admin.post(`${B}/ehrproject/submit`, { projType: 1, projCode: 'BPM', projName: '血压测量' })).body.data.id;
    await admin.post(`${B}/ehr/submit`, {
      ehrCode: 'sbp',
      ehrName: '收缩压',
      unit: 'mmHg',
      normalLow: 90,
      normalHigh: 139,
      projectId: project,
    });
    await admin.post(`${B}/ehr/submit`, { ehrCode: 'dbp', ehrName: '舒张压', unit: 'mmHg', normalLow: 60, normalHigh: 89 });
    await admin.post(`${B}/ehr/submit`, { ehrCode: 'note', ehrName: '备注', valueType: 2 });
    const arch = await archiveOf('100001');
    const put = (code: string, value: string, at: string) =>
      sql`insert into iph_ehr_value (id, tenant_id, arch_id, ehr_code, value, measure_time, source)
        values (${`${code}${at.replace(/\D/g, '')}`}, '100001', ${arch}, ${code}, ${value}, ${at}, '1')`.execute(t.deps.db);
    await put('sbp', '128', '2026-01-05T08:00:00Z');
    await put('sbp', '150', '2026-03-01T08:00:00Z');
    await put('dbp', '55', '2026-03-01T08:00:00Z');

    const one = await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'sbp', arch_id: arch, hasRules: 1 });
    expect(one.body.data).toMatchObject({
      ehrCode: 'sbp',
      ehrName: '收缩压',
      unit: 'mmHg',
      value: '150',
      judgement: '偏高',
      normalHigh: 139,
    });
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'sbp', arch_id: arch })).body.data.judgement).toBeNull();
    const none = await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'note', arch_id: arch, hasRules: true });
    expect(none.body.data).toMatchObject({ value: null, measureTime: null, judgement: null });
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'nothing', arch_id: arch })).status).toBe(404);
    expect((await doctor.post(`${B}/ehr/detail-arch`, { ehr_code: 'sbp' })).status).toBe(400);

    const many = await admin.post(`${B}/ehr/detail-archs`, { arch_id: arch, ehr_s: 'dbp, sbp,unknown,dbp', backRule: '1' });
    expect(many.body.data.map((v: { ehrCode: string; judgement: string }) => [v.ehrCode, v.judgement])).toEqual([
      ['dbp', '偏低'],
      ['sbp', '偏高'],
    ]);
    expect((await admin.post(`${B}/ehr/detail-archs`, { arch_id: arch, ehr_s: ' , ' })).body.msg).toBe('请至少指定一个指标编码');
    expect((await admin.post(`${B}/ehr/detail-archs`, { arch_id: arch, ehr_s: 'sbp;drop' })).body.msg).toBe('指标编码 sbp;drop 格式不正确');

    // Another tenant's resident: 404; a role without archives: 403.
    const foreign = '990000000000000001';
    await sql`insert into user_archive select * from jsonb_populate_record(null::user_archive,
      (select to_jsonb(a) || jsonb_build_object('id', ${foreign}::text, 'tenant_id', '100002') from user_archive a where id = ${arch}))`.execute(
      t.deps.db,
    );
    expect((await admin.post(`${B}/ehr/detail-arch`, { ehr_code: 'sbp', arch_id: foreign })).status).toBe(404);
    expect((await otherAdmin.post(`${B}/ehr/detail-archs`, { arch_id: arch, ehr_s: 'sbp' })).status).toBe(404);
    expect((await cdc.post(`${B}/ehr/detail-arch`, { ehr_code: 'sbp', arch_id: arch })).status).toBe(403);
  });
});

describe('assehr (评估指标)', () => {
  it('keeps the indicators an assessment weighs and refuses bad inputs', async () => {
    await refusesBadInputs('assehr', { assCode: 'hbp', ehrCode: 'sbp', weight: 2 }, { weight: 3 });
    expect((await admin.post(`${B}/assehr/submit`, { assCode: 'hbp', ehrCode: 'sbp' })).body.msg).toBe('该评估已包含此指标');
    expect((await admin.post(`${B}/assehr/submit`, { assCode: 'hbp', ehrCode: 'x', weight: -1 })).status).toBe(400);
  });

  it('changes several rows at once, all or nothing', async () => {
    const a = (await admin.post(`${B}/assehr/submit`, { assCode: 'dm', ehrCode: 'glu', sort: 1 })).body.data;
    const b = (await admin.post(`${B}/assehr/submit`, { assCode: 'dm', ehrCode: 'hba1c', sort: 2 })).body.data;
    const done = await admin.post(`${B}/assehr/updates`, [
      { id: a.id, rowVersion: 1, sort: 2 },
      { id: b.id, rowVersion: 1, sort: 1, weight: 5 },
    ]);
    expect(done.body.msg).toBe('更新成功');
    expect(done.body.data.map((r: { sort: number; rowVersion: number }) => [r.sort, r.rowVersion])).toEqual([
      [2, 2],
      [1, 2],
    ]);
    const unchanged = async () =>
      (await admin.get(`${B}/assehr/list?assCode=dm&ascs=sort`)).body.data.records.map((r: { ehrCode: string; rowVersion: number }) => [
        r.ehrCode,
        r.rowVersion,
      ]);
    const before = await unchanged();
    // The second row stale: the first is not changed either.
    const stale = await admin.post(`${B}/assehr/updates`, [
      { id: a.id, rowVersion: 2, sort: 9 },
      { id: b.id, rowVersion: 1, sort: 8 },
    ]);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toMatch(/^第2行: /);
    expect(await unchanged()).toEqual(before);
    expect((await admin.post(`${B}/assehr/updates`, [{ id: a.id, sort: 1 }])).status).toBe(428);
    expect(
      (
        await admin.post(`${B}/assehr/updates`, [
          { id: a.id, rowVersion: 2, ehrCode: 'glu' },
          { id: b.id, rowVersion: 2, ehrCode: 'glu' },
        ])
      ).body.msg,
    ).toBe('第2行: 该评估已包含此指标');
    expect((await admin.post(`${B}/assehr/updates`, [{ assCode: 'dm', ehrCode: 'tg' }])).body.msg).toBe(
      '批量修改只改已有的行: 每行须有 id',
    );
    expect((await admin.post(`${B}/assehr/updates`, [])).body.msg).toBe('请至少修改一行');
    expect(
      (
        await admin.post(`${B}/assehr/updates`, [
          { id: a.id, rowVersion: 2 },
          { id: a.id, rowVersion: 2 },
        ])
      ).status,
    ).toBe(400);
    expect((await otherAdmin.post(`${B}/assehr/updates`, [{ id: a.id, rowVersion: 2, sort: 7 }])).status).toBe(404);
    expect((await doctor.post(`${B}/assehr/updates`, [{ id: a.id, rowVersion: 2, sort: 7 }])).status).toBe(403);
    expect(await unchanged()).toEqual(before);
  });
});

describe('assehrrul (评估规则)', () => {
  const rule = { assCode: 'hbp', ruleName: '血压偏高', ruleExpr: 'sbp >= 140 or dbp >= 90', resultLevel: '3', message: '建议复查' };

  it('keeps an assessment’s rules and refuses bad inputs; remove takes ids and cus', async () => {
    const id = await refusesBadInputs('assehrrul', rule, { message: '建议两周内复查' });
    expect((await admin.post(`${B}/assehrrul/submit`, { ...rule, resultLevel: null })).body.msg).toBe('请选择结果等级');
    expect((await admin.post(`${B}/assehrrul/remove?ids=${id}&cus=1`)).body.msg).toBe('删除成功');
    expect((await admin.get(`${B}/assehrrul/detail?id=${id}`)).status).toBe(404);
  });

  it('copies the rules of one assessment to another, checking each expression with the form rules’ sandbox', async () => {
    await admin.post(`${B}/ehr/submit`, { ehrCode: 'tc', ehrName: '总胆固醇', normalLow: 0, normalHigh: 5.2 });
    await admin.post(`${B}/ehr/submit`, { ehrCode: 'ldl', ehrName: '低密度脂蛋白', normalLow: 0, normalHigh: 3.4 });
    await admin.post(`${B}/assehrrul/submit`, {
      assCode: 'lipid',
      ruleName: '血脂正常',
      ruleExpr: 'tc < 5.2 and ldl < 3.4',
      resultLevel: '1',
      sort: 1,
    });
    await admin.post(`${B}/assehrrul/submit`, { assCode: 'lipid', ruleName: '血脂偏高', ruleExpr: 'tc >= 6.2', resultLevel: '3', sort: 2 });

    const copied = await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=lipid2&source=lipid`);
    expect(copied.body).toMatchObject({ msg: '已复制 2 条规则', data: true });
    const rows = (await admin.get(`${B}/assehrrul/list?assCode_equal=lipid2`)).body.data.records as {
      ruleName: string;
      resultLevel: string;
    }[];
    expect(rows.map((r) => [r.ruleName, r.resultLevel])).toEqual([
      ['血脂正常', '1'],
      ['血脂偏高', '3'],
    ]);

    expect((await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=lipid2&source=lipid`)).body.msg).toBe(
      '评估 lipid2 已有规则, 请先删除后再复制',
    );
    expect((await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=lipid&source=lipid`)).body.msg).toBe('目标评估不能与源评估相同');
    const unknown = await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=x&source=nothing`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('评估 nothing 没有可复制的规则');
    expect((await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=x`)).body.msg).toBe('请指定源评估');
    expect((await otherAdmin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=x&source=lipid`)).status).toBe(404);
    expect((await doctor.post(`${B}/assehrrul/copy-ass-ehr-rule?target=x&source=lipid`)).status).toBe(403);

    // A broken expression is refused with the sandbox's parse message, nothing copied.
    await admin.post(`${B}/assehrrul/submit`, { assCode: 'broken', ruleName: '坏规则', ruleExpr: 'tc >= (6.2', resultLevel: '3' });
    const broken = await admin.post(`${B}/assehrrul/copy-ass-ehr-rule?target=fixed&source=broken`, {});
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/^规则「坏规则」的表达式有误: 表达式语法错误 \[1:\d+\] 缺少右括号/);
    expect((await admin.get(`${B}/assehrrul/list?assCode_equal=fixed`)).body.data.total).toBe(0);
  });
});
