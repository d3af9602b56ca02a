// 质量管理 (issue 34 "Quality management", "Roles", "Bad input"; decision 0034): the topics as data,
// a run on the job queue finding a planted inconsistent follow-up (150/95 marked 控制满意) with its
// values, whose records each role sees (team leader the team, cdc the institution, another tenant
// nothing), a run narrowed to a team or period, the do-quality-* checks, a rule that does not
// compile refused with the engine's message, and bad input.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loginChoosing } from '../../test-support/care-team-callers';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { plantBpMarkedSatisfied, Q, QUALITY_TEST_JOBS, runToEnd as runWith, type RunView as Run } from './quality-test-support';
import { compileTopic, loadTopics } from '../services/topics';

const F = '/api/blade-iph-business/userfollowup';
const TOPIC = 'gxy_bp_satisfied';
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let t: TestApp;
const c = {} as Record<'admin' | 'doctor' | 'nurse' | 'leader' | 'cdc' | 'multi' | 'otherAdmin', Caller>;
let archId = '';
let recordId = '';

beforeAll(async () => {
  t = await createTestApp({ jobs: QUALITY_TEST_JOBS });
  for (const account of ['admin', 'doctor', 'nurse', 'leader', 'cdc'] as const) c[account] = await loginAs(t.app, account);
  c.multi = await loginChoosing(t.app, 'multi', { 'dept-id': '2100', 'role-id': '2202' });
  c.otherAdmin = await loginAs(t.app, 'admin', '100002');
  // The planted record: 150/95 mmHg, yet 此次随访分类 控制满意 (the form's own anomaly acknowledged, as a user may).
  ({ archId, recordId } = await plantBpMarkedSatisfied(t, c.doctor));
}, 60_000);
afterAll(() => t?.close());

const runToEnd = (caller: Caller, body: Record<string, unknown>) => runWith(t, caller, body);

interface Failure {
  recordId: string;
  archId: string;
  ruleId: string;
  message: string;
  doctorName: string;
  values: { field: string; label: string; value: unknown }[];
}
const failures = async (caller: Caller, query = '') => {
  const res = await caller.get(`${Q}/list/${TOPIC}?size=200${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { records: Failure[]; total: number; run: Run | null };
};

describe('topics', () => {
  it('lists the topics from quality/*.json, filtered by group and kind, with their last run', async () => {
    const all = (await c.cdc.get(`${Q}/list`)).body.data as {
      records: { code: string; queryType: string; qualityType: string; source: string; rules: unknown[] }[];
      total: number;
    };
    expect(all.total).toBeGreaterThanOrEqual(8);
    const bp = all.records.find((r) => r.code === TOPIC)!;
    expect(bp).toMatchObject({ qualityType: 'hypertension', queryType: 'logic', formCode: 'hypertensionfollowup', lastRun: null });
    expect(bp.source).toContain('国家基本公共卫生服务规范（第三版）');
    const logic = (await c.cdc.get(`${Q}/list?query_type=logic&quality_type=hypertension`)).body.data as {
      records: { code: string; qualityType: string; queryType: string }[];
    };
    expect(logic.records.map((r) => r.code)).toContain(TOPIC);
    expect(logic.records.every((r) => r.qualityType === 'hypertension' && r.queryType === 'logic')).toBe(true);
    expect((await c.leader.get(`${Q}/list`)).status).toBe(200);
  });

  it('a doctor or nurse (no 质量管理 menu) is refused the list and the run', async () => {
    expect((await c.doctor.get(`${Q}/list`)).status).toBe(403);
    expect((await c.nurse.get(`${Q}/list/${TOPIC}`)).status).toBe(403);
    expect((await c.doctor.post(`${Q}/run`, { code: TOPIC })).status).toBe(403);
  });
});

describe('a run', () => {
  it('a team leader runs the topic on the queue: the planted record fails with the rule and the values that failed it', async () => {
    const run = await runToEnd(c.leader, { code: TOPIC });
    expect(run).toMatchObject({ status: 2, statusText: '已完成', progress: 100 });
    expect(run.checked).toBe(run.total);
    expect(run.failedRecords).toBeGreaterThanOrEqual(1);
    const page = await failures(c.leader);
    expect(page.run?.id).toBe(run.id);
    const mine = page.records.find((r) => r.recordId === recordId)!;
    expect(mine).toMatchObject({
      archId,
      ruleId: 'bp_high_but_satisfied',
      message: '血压≥140/90mmHg，此次随访分类不应为“控制满意”',
      doctorName: '张伟',
    });
    expect(mine.values).toEqual(
      expect.arrayContaining([
        { field: 'sbp', label: '收缩压', value: 150 },
        { field: 'dbp', label: '舒张压', value: 95 },
        { field: 'followupClass', label: '此次随访分类', value: '1', text: '控制满意' },
      ]),
    );
    // The topic list shows the run's counts.
    const topics = (await c.leader.get(`${Q}/list?quality_type=hypertension`)).body.data as {
      records: { code: string; lastRun: Run | null }[];
    };
    expect(topics.records.find((r) => r.code === TOPIC)?.lastRun).toMatchObject({ id: run.id, failedRecords: run.failedRecords });
  });

  it('cdc runs over the institution; a leader sees only the team, another tenant nothing', async () => {
    const db = t.deps.db;
    // The resident moves to the second team: the first team's leader no longer sees the record, cdc does.
    await sql`update user_archive set team_id = '2402', team_name = '家庭医生二团队' where id = ${archId}`.execute(db);
    try {
      const cdcRun = await runToEnd(c.cdc, { code: TOPIC });
      expect((await failures(c.cdc)).records.some((r) => r.recordId === recordId)).toBe(true);
      const leaderRun = await runToEnd(c.leader, { code: TOPIC });
      expect((await failures(c.leader)).records.some((r) => r.recordId === recordId)).toBe(false);
      // Even reading cdc's run, the leader sees only the team's failures.
      expect((await failures(c.leader, `&runId=${cdcRun.id}`)).records.some((r) => r.recordId === recordId)).toBe(false);
      expect(leaderRun.total).toBeLessThan(cdcRun.total);
      // Another tenant: its own topics, none of this tenant's runs or records.
      const other = await failures(c.otherAdmin);
      expect(other.run).toBeNull();
      expect(other.records).toEqual([]);
      expect((await c.otherAdmin.get(`${Q}/run-detail?id=${cdcRun.id}`)).status).toBe(400);
    } finally {
      await sql`update user_archive set team_id = '2401', team_name = '家庭医生一团队' where id = ${archId}`.execute(db);
    }
  });

  it('a run narrowed to a team or a period checks only those records', async () => {
    const otherTeam = await runToEnd(c.cdc, { code: TOPIC, teamId: '2402' });
    expect((await failures(c.cdc)).records.some((r) => r.recordId === recordId)).toBe(false);
    const before = await runToEnd(c.cdc, { code: TOPIC, dateFrom: '2020-01-01', dateTo: '2026-05-19' });
    expect((await failures(c.cdc)).records.some((r) => r.recordId === recordId)).toBe(false);
    const inPeriod = await runToEnd(c.cdc, { code: TOPIC, dateFrom: '2026-05-20', dateTo: '2026-05-20', doctorId: '2302' });
    expect(inPeriod.total).toBeGreaterThanOrEqual(1);
    expect((await failures(c.cdc)).records.map((r) => r.recordId)).toContain(recordId);
    expect(otherTeam.status).toBe(2);
    expect(before.status).toBe(2);
  });

  it('refuses an unknown topic, bad dates and a period ending before it starts', async () => {
    const unknown = await c.cdc.post(`${Q}/run`, { code: 'no_such_topic' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('质控专题不存在');
    expect((await c.cdc.get(`${Q}/list/no_such_topic`)).body.msg).toBe('质控专题不存在');
    expect((await c.cdc.post(`${Q}/run`, { code: TOPIC, dateFrom: 'yesterday' })).status).toBe(400);
    const backwards = await c.cdc.post(`${Q}/run`, { code: TOPIC, dateFrom: '2026-05-20', dateTo: '2026-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('结束日期不能早于开始日期');
    expect((await c.cdc.post(`${Q}/run`, { code: 'Bad Code' })).status).toBe(400);
    expect((await c.cdc.get(`${Q}/run-detail?id=abc`)).status).toBe(400);
  });
});

describe('do-quality-*: the given records checked now', () => {
  it('do-quality-followup answers the record’s failures; a nurse (not her resident) gets none', async () => {
    const res = await c.doctor.post(`${F}/do-quality-followup?ids=${recordId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = res.body.data as { recordId: string; topicCode: string; ruleId: string }[];
    expect(found).toEqual(
      expect.arrayContaining([expect.objectContaining({ recordId, topicCode: TOPIC, ruleId: 'bp_high_but_satisfied' })]),
    );
    // The body form {ids: [...]} too.
    expect(((await c.leader.post(`${F}/do-quality-followup`, { ids: [recordId] })).body.data as unknown[]).length).toBe(found.length);
    expect((await c.nurse.post(`${F}/do-quality-followup?ids=${recordId}`)).body.data).toEqual([]);
    expect((await c.otherAdmin.post(`${F}/do-quality-followup?ids=${recordId}`)).body.data).toEqual([]);
  });

  it('do-quality-archives checks the archive topics; do-quality-arch-other the cases’ records', async () => {
    const db = t.deps.db;
    await sql`update user_archive set phone = '' where id = ${archId}`.execute(db);
    const res = await c.doctor.post(`/api/blade-iph-business/userarchives/do-quality-archives?ids=${archId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ archId, topicCode: 'da_completeness', ruleId: 'phone_missing', message: '未填写本人电话' }),
      ]),
    );
    const other = await c.doctor.post(`/api/blade-iph-business/userarchivesother/do-quality-arch-other`, { otherIds: '1' });
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual([]);
  });

  it('refuses missing or malformed ids', async () => {
    const none = await c.doctor.post(`${F}/do-quality-followup`);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('参数[ids]不能为空');
    const bad = await c.doctor.post(`${F}/do-quality-followup?ids=1,x`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('参数[ids]格式不正确');
    expect((await c.doctor.post('/api/blade-iph-business/userarchivesother/do-quality-arch-other')).body.msg).toBe(
      '参数[otherIds]不能为空',
    );
    expect((await c.cdc.post(`${F}/do-quality-followup?ids=1`)).status).toBe(200);
  });
});

describe('a rule that does not compile', () => {
  const topic = (when: string) => ({
    code: 'bad_topic',
    name: '坏专题',
    qualityType: 'hypertension',
    queryType: 'logic',
    form: 'hypertensionfollowup',
    rules: [{ id: 'broken', when, message: '—' }],
  });
  const form = JSON.parse(readFileSync(path.join(ROOT, 'schemas/hypertensionfollowup.json'), 'utf8')) as never;

  it('is refused with the engine’s message: a syntax error, an unknown field; a bad file shape too', () => {
    expect(compileTopic('quality/bad_topic.json', topic('sbp >= 140 || dbp >= 90'), form).problems).toEqual([
      expect.objectContaining({ ruleId: 'broken', message: expect.stringContaining("'||' 不可用, 逻辑或请写 or") }),
    ]);
    expect(compileTopic('quality/bad_topic.json', topic('pulse > 100'), form).problems).toEqual([
      expect.objectContaining({ ruleId: 'broken', message: '未知的字段: pulse' }),
    ]);
    expect(compileTopic('quality/bad_topic.json', topic('sbp >= 140'), form).topic?.code).toBe('bad_topic');
    expect(compileTopic('quality/x.json', { ...topic('true'), queryType: 'speed' }, form).problems[0]?.message).toContain('queryType');
  });

  it('is left out at load, the others kept', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'quality-'));
    mkdirSync(path.join(root, 'quality'));
    mkdirSync(path.join(root, 'schemas'));
    copyFileSync(path.join(ROOT, 'schemas/hypertensionfollowup.json'), path.join(root, 'schemas/hypertensionfollowup.json'));
    copyFileSync(path.join(ROOT, 'quality/gxy_bp_satisfied.json'), path.join(root, 'quality/gxy_bp_satisfied.json'));
    writeFileSync(path.join(root, 'quality/bad_topic.json'), JSON.stringify(topic('nosuch == 1')));
    const loaded = loadTopics(root);
    expect(loaded.topics.map((x) => x.code)).toEqual([TOPIC]);
    expect(loaded.problems).toEqual([{ file: 'quality/bad_topic.json', ruleId: 'broken', message: '未知的字段: nosuch' }]);
  });
});
