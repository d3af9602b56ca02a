// 质量管理 against the tenant's published form (issue 34; decision 0041): a topic whose rules name a
// field the tenant's newest version of the form lacks says so — 不适用 when no rule can run, the
// rules left out named when some can — instead of failing every record (a removed field is never
// filled) or none (a rule over it never fires).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { plantBpMarkedSatisfied, Q, QUALITY_TEST_JOBS, runToEnd as runWith } from './quality-test-support';

const F = '/api/blade-iph-business/userfollowup';
const FORM = 'hypertensionfollowup';

let t: TestApp;
let cdc: Caller;
let doctor: Caller;
let recordId = '';

interface Topic {
  code: string;
  applicable: boolean;
  notice: string;
}
interface Run {
  id: string;
  status: number;
  statusText: string;
  checked: number;
  total: number;
  errorMsg: string;
  formVersion: number | null;
  skippedRules: { ruleId: string; fields: string[]; text: string }[];
}

/** Publishes a version of the form without the named fields, as a designer who removed them would. */
async function publishWithout(fields: string[]): Promise<number> {
  const latest = (
    await sql<{ version: number; document: unknown }>`select version, document from form_version
      where tenant_id = '100001' and form_code = ${FORM} order by version desc limit 1`.execute(t.deps.db)
  ).rows[0]!;
  const doc = (typeof latest.document === 'string' ? JSON.parse(latest.document) : latest.document) as {
    fields: { fieldProp: string }[];
  };
  const version = Number(latest.version) + 1;
  const stored = { ...doc, version, fields: doc.fields.filter((f) => !fields.includes(f.fieldProp)) };
  await sql`insert into form_version (id, tenant_id, form_code, version, document, content_hash, source, published_at)
    values (${`9${Date.now()}`}, '100001', ${FORM}, ${version}, ${JSON.stringify(stored)}::jsonb, ${`test-${version}`}, 'publish', now())`.execute(
    t.deps.db,
  );
  return version;
}

const topics = async (caller: Caller) => (await caller.get(`${Q}/list?size=100`)).body.data.records as Topic[];

const runToEnd = (caller: Caller, code: string) => runWith<Run>(t, caller, { code });

beforeAll(async () => {
  t = await createTestApp({ jobs: QUALITY_TEST_JOBS });
  [cdc, doctor] = [await loginAs(t.app, 'cdc'), await loginAs(t.app, 'doctor')];
  // 150/95 mmHg marked 控制满意: gxy_bp_satisfied's failure while the form has 此次随访分类.
  ({ recordId } = await plantBpMarkedSatisfied(t, doctor));
}, 60_000);
afterAll(() => t?.close());

describe('quality topics against the tenant’s published form version', { timeout: 60_000 }, () => {
  it('while the form has every field a topic reads, the topic applies and its run finds the planted record', async () => {
    const topic = (await topics(cdc)).find((x) => x.code === 'gxy_bp_satisfied')!;
    expect(topic).toMatchObject({ applicable: true, notice: '' });
    const run = await runToEnd(cdc, 'gxy_bp_satisfied');
    expect(run).toMatchObject({ statusText: '已完成', skippedRules: [] });
    expect(run.formVersion).toBeGreaterThan(0);
    const listed = (await cdc.get(`${Q}/list/gxy_bp_satisfied?runId=${run.id}&size=100`)).body.data.records as { recordId: string }[];
    expect(listed.map((r) => r.recordId)).toContain(recordId);
  });

  it('a version without a field a topic’s only rule reads makes it 不适用, said with the field, and nothing is read', async () => {
    const version = await publishWithout(['followupClass', 'weight']);
    const topic = (await topics(cdc)).find((x) => x.code === 'gxy_bp_satisfied')!;
    expect(topic.applicable).toBe(false);
    expect(topic.notice).toContain('不适用');
    expect(topic.notice).toContain(`v${version}`);
    expect(topic.notice).toContain('规则引用了不存在的字段');
    expect(topic.notice).toContain('followupClass');

    const run = await runToEnd(cdc, 'gxy_bp_satisfied');
    expect(run).toMatchObject({ status: 4, statusText: '不适用', checked: 0, total: 0, formVersion: version });
    expect(run.errorMsg).toContain('followupClass');
    expect(run.skippedRules).toEqual([expect.objectContaining({ ruleId: 'bp_high_but_satisfied', fields: ['followupClass'] })]);
    const page = (await cdc.get(`${Q}/list/gxy_bp_satisfied?runId=${run.id}`)).body.data as { records: unknown[]; run: Run };
    expect(page.records).toEqual([]);
    expect(page.run.statusText).toBe('不适用');

    // do-quality-followup leaves the topic out too: the planted record no longer fails a rule the form cannot carry.
    const checked = (await doctor.post(`${F}/do-quality-followup`, { ids: [recordId] })).body.data as { topicCode: string }[];
    expect(checked.map((f) => f.topicCode)).not.toContain('gxy_bp_satisfied');
  });

  it('a topic some of whose rules still apply runs them and names the rules left out', async () => {
    const topic = (await topics(cdc)).find((x) => x.code === 'gxy_completeness')!;
    expect(topic.applicable).toBe(true);
    expect(topic.notice).toContain('以下规则未执行');
    expect(topic.notice).toContain('weight_missing');
    const run = await runToEnd(cdc, 'gxy_completeness');
    expect(run.statusText).toBe('已完成');
    expect(run.checked).toBeGreaterThan(0);
    expect(run.skippedRules.map((r) => r.ruleId)).toEqual(['weight_missing']);
    expect(run.skippedRules[0]!.text).toContain('weight（');
    const listed = (await cdc.get(`${Q}/list/gxy_completeness?runId=${run.id}&size=100`)).body.data.records as { ruleId: string }[];
    expect(listed.every((r) => r.ruleId !== 'weight_missing')).toBe(true);

    // A topic over other fields of the same form is untouched.
    expect((await topics(cdc)).find((x) => x.code === 'gxy_next_visit_interval')).toMatchObject({ applicable: true, notice: '' });
  });
});
