// 随访报告 (userfollowupreport): the resource document's list, detail, remove and (closed) submit, and the
// named calls — generating from follow-up records, saving the text, the second person's decision —
// with their bad inputs, the author-cannot-approve rule, approved-cannot-edit/remove and the tenant wall.
// Also userfollowup/deleted (followups/): which records were removed, by whom and when.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';

const c = careTeamCallers();
const R = '/api/blade-iph-business/userfollowupreport';
const F = '/api/blade-iph-business/userfollowup';

let archIds: string[] = [];
async function followUp(caller: Caller, overrides: Record<string, unknown> = {}, acknowledgements: string[] = []): Promise<string> {
  if (archIds.length === 0) archIds = await demoArchiveIds(c.app().deps.db, 'hypertension');
  const saved = await caller.post(`${F}/high-blood-pressure-follow-up`, {
    archId: archIds[0],
    values: goodHypertensionValues(overrides),
    acknowledgements,
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return saved.body.data.followId as string;
}

/** The report table's row as stored (all tenants: the test reads as the system). */
async function stored(id: string) {
  const { rows } = await sql<{ state: number; conclusion: string; is_deleted: number; row_version: number }>`
    select state, conclusion, is_deleted, row_version from iph_followup_report where id = ${id}`.execute(c.app().deps.db);
  return rows[0];
}

describe('generating a report from a follow-up record', () => {
  it('keeps the form, the visit, the findings as labels and the acknowledged anomalies, state 待审核', async () => {
    const followId = await followUp(c.doctor, { sbp: 185, dbp: 112, followupClass: '2' }, ['bp.urgent']);
    const res = await c.doctor.get(`${R}/gen-report?followId=${followId}`);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('报告已生成');
    const report = res.body.data;
    expect(report).toMatchObject({
      followId,
      archId: archIds[0],
      formName: expect.any(String),
      visitDate: '2024-06-10',
      state: 0,
      authorName: '张伟',
    });
    const snapshot = JSON.parse(report.snapshot);
    expect(snapshot).toMatchObject({ formName: report.formName, visitDate: '2024-06-10', doctorName: '张伟' });
    const method = snapshot.findings.find((f: { prop: string }) => f.prop === 'visitMethod');
    expect(method).toMatchObject({ label: '随访方式', text: '门诊' });
    expect(snapshot.findings.find((f: { prop: string }) => f.prop === 'sbp').text).toMatch(/^185/);
    expect(snapshot.anomalies).toEqual([{ field: 'sbp', label: '收缩压', message: '血压≥180/110mmHg, 请处理后紧急转诊' }]);

    // A second call answers the same report; the generic list and detail show it.
    const again = await c.doctor.get(`${R}/gen-report?followId=${followId}`);
    expect(again.body).toMatchObject({ msg: '该随访记录已生成报告', data: { id: report.id } });
    expect((await c.doctor.get(`${R}/detail?id=${report.id}`)).body.data).toMatchObject({ id: report.id, state: 0 });
    // Spec 001's detail(id, followId): the id decides; a report by its record is gen-report's or list's (followId_equal).
    expect((await c.doctor.get(`${R}/detail?id=${report.id}&followId=${followId}`)).body.data).toMatchObject({ id: report.id, followId });
    expect((await c.doctor.get(`${R}/detail?followId=${followId}`)).status).toBe(400);
    const listed = (await c.leader.get(`${R}/list?state_equal=0&followId_equal=${followId}`)).body.data;
    expect(listed.records.map((r: { id: string }) => r.id)).toEqual([report.id]);
    const ofResident = (await c.nurse.get(`${R}/list-report?archId=${archIds[0]}`)).body.data as { id: string }[];
    expect(ofResident.map((r) => r.id)).toContain(report.id);
  });

  it('refuses bad input to gen-report and list-report', async () => {
    expect((await c.doctor.get(`${R}/gen-report`)).status).toBe(400);
    expect((await c.doctor.get(`${R}/gen-report?followId=abc`)).status).toBe(400);
    const missing = await c.doctor.get(`${R}/gen-report?followId=999999999`);
    expect(missing).toMatchObject({ status: 404, body: { msg: '随访记录不存在：999999999' } });
    expect((await c.doctor.get(`${R}/list-report`)).status).toBe(400);
    expect((await c.doctor.get(`${R}/list-report?archId=999999999`)).body.msg).toBe('档案不存在');
    expect((await c.cdc.get(`${R}/gen-report?followId=1`)).status).toBe(403);
  });

  it('generates several in one transaction, skipping and counting those already reported; all or none', async () => {
    const a = await followUp(c.doctor, { visitDate: '2024-06-11' });
    const b = await followUp(c.doctor, { visitDate: '2024-06-12' });
    await c.doctor.get(`${R}/gen-report?followId=${a}`);
    const res = await c.doctor.post(`${R}/gen-reports`, { ids: [a, b] });
    expect(res.body).toMatchObject({ success: true, data: { generated: 1, skipped: 1, skippedIds: [a] } });
    expect(res.body.msg).toBe('已生成1份报告，1条随访记录已有报告，已跳过');
    // An unknown record fails the whole call: the good one gets no report.
    const d = await followUp(c.doctor, { visitDate: '2024-06-13' });
    const bad = await c.doctor.post(`${R}/gen-reports?ids=${d},999999998`);
    expect(bad.status).toBe(404);
    expect((await c.doctor.get(`${R}/list?followId_equal=${d}`)).body.data.total).toBe(0);
    expect((await c.doctor.post(`${R}/gen-reports`, { ids: [] })).body.msg).toBe('请选择至少一条随访记录');
    expect((await c.doctor.post(`${R}/gen-reports?ids=x`)).status).toBe(400);
  });
});

describe('saving and approving', () => {
  async function pendingReport(author: Caller = c.doctor) {
    const followId = await followUp(author, { visitDate: '2024-07-01' });
    const res = await author.get(`${R}/gen-report?followId=${followId}`);
    return res.body.data as { id: string; rowVersion: number };
  }

  it('saves the conclusion and advice over the version read, with the dialog’s rules', async () => {
    const r = await pendingReport();
    expect((await c.doctor.post(`${R}/save-report`, { id: r.id, conclusion: '控制满意' })).status).toBe(428);
    expect((await c.doctor.post(`${R}/save-report`, { id: r.id, rowVersion: r.rowVersion, conclusion: '  ' })).body.msg).toBe(
      '请输入随访结论',
    );
    const saved = await c.doctor.post(`${R}/save-report`, {
      id: r.id,
      rowVersion: r.rowVersion,
      conclusion: '控制满意',
      advice: '低盐饮食',
    });
    expect(saved.body).toMatchObject({
      msg: '保存成功',
      data: { conclusion: '控制满意', advice: '低盐饮食', rowVersion: r.rowVersion + 1 },
    });
    const stale = await c.doctor.post(`${R}/save-report`, { id: r.id, rowVersion: r.rowVersion, conclusion: '旧' });
    expect(stale.status).toBe(409);
    expect((await c.doctor.post(`${R}/save-report`, { conclusion: 'x' })).status).toBe(400);
    expect((await c.doctor.post(`${R}/save-report`, { id: r.id, rowVersion: 2, conclusion: 'x'.repeat(1001) })).status).toBe(400);
    expect((await c.doctor.post(`${R}/save-report`, { id: '999999997', rowVersion: 1, conclusion: 'x' })).status).toBe(404);
  });

  it('refuses the author’s own approval; another person approves; then it is neither edited nor removed', async () => {
    const r = await pendingReport();
    const own = await c.doctor.post(`${R}/approve-report/${r.id}/1/${r.rowVersion}`, {});
    expect(own).toMatchObject({ status: 403, body: { msg: '不能审核自己生成的报告' } });
    expect((await c.doctor.post(`${R}/approve-reports?ids=${r.id}`, { state: '1' })).body.msg).toBe('不能审核自己生成的报告');
    expect((await stored(r.id))?.state).toBe(0);

    expect((await c.leader.post(`${R}/approve-report/${r.id}/3/${r.rowVersion}`, {})).body.msg).toBe('审核结果应为 1（通过）或 2（退回）');
    expect((await c.leader.post(`${R}/approve-report/${r.id}/1/${r.rowVersion + 5}`, {})).status).toBe(409);
    expect((await c.leader.post(`${R}/approve-report/x/1/1`, {})).status).toBe(400);
    const approved = await c.leader.post(`${R}/approve-report/${r.id}/1/${r.rowVersion}`, { opinion: '同意' });
    expect(approved.body).toMatchObject({ msg: '审核通过', data: { state: 1, approveUserName: '王强', approveOpinion: '同意' } });
    const status = (await c.doctor.get(`${R}/get-report-status/${r.id}`)).body.data;
    expect(status).toMatchObject({ id: r.id, state: 1, stateText: '已审核', authorName: '张伟', approveUserName: '王强' });
    expect(status.approveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const version = approved.body.data.rowVersion as number;
    expect((await c.doctor.post(`${R}/save-report`, { id: r.id, rowVersion: version, conclusion: '改' })).body.msg).toBe(
      '已审核的报告不能修改',
    );
    const removal = await c.doctor.post(`${R}/remove?ids=${r.id}`);
    expect(removal).toMatchObject({ status: 400, body: { msg: '已审核的报告不能删除' } });
    expect((await c.leader.post(`${R}/approve-report/${r.id}/1/${version}`, {})).body.msg).toBe('报告已审核，只能审核待审核的报告');
    expect(await stored(r.id)).toMatchObject({ state: 1, conclusion: '', is_deleted: 0 });
  });

  it('sends back with an opinion; the author edits it back to 待审核; another doctor approves several at once', async () => {
    const r = await pendingReport();
    expect((await c.leader.post(`${R}/approve-reports?ids=${r.id}`, { state: 2 })).body.msg).toBe('退回报告时请填写审核意见');
    const back = await c.leader.post(`${R}/approve-reports?ids=${r.id}`, { state: '2', opinion: '请补充用药情况' });
    expect(back.body).toMatchObject({ msg: '已退回', data: { approved: 1, reports: [{ state: 2, approveOpinion: '请补充用药情况' }] } });
    const v = back.body.data.reports[0].rowVersion as number;
    const edited = await c.doctor.post(`${R}/save-report`, { id: r.id, rowVersion: v, conclusion: '已补充' });
    expect(edited.body.data).toMatchObject({ state: 0, conclusion: '已补充' });

    const other = await pendingReport();
    // 刘洋 (multi), another doctor of the team, approves both in one call.
    const both = await c.multi.post(`${R}/approve-reports`, { ids: [r.id, other.id], state: 1 });
    expect(both.body).toMatchObject({ success: true, data: { approved: 2 } });
    expect((await c.multi.post(`${R}/approve-reports`, { ids: [] })).body.msg).toBe('请选择至少一份报告');
    expect((await c.multi.post(`${R}/approve-reports?ids=1,a`)).status).toBe(400);
    expect((await c.cdc.post(`${R}/approve-reports?ids=${r.id}`)).status).toBe(403);
  });

  it('approves several all or none: one the caller wrote stops the others', async () => {
    const mine = await pendingReport(c.leader);
    const theirs = await pendingReport(c.doctor);
    const res = await c.leader.post(`${R}/approve-reports?ids=${theirs.id},${mine.id}`, { state: 1 });
    expect(res).toMatchObject({ status: 403, body: { msg: '不能审核自己生成的报告' } });
    expect((await stored(theirs.id))?.state).toBe(0);
  });

  it('removes a pending report through the document; the generic submit is closed to every seeded role', async () => {
    const r = await pendingReport();
    expect((await c.doctor.post(`${R}/submit`, { id: r.id, rowVersion: r.rowVersion, state: 1 })).status).toBe(403);
    expect((await c.admin.post(`${R}/submit`, { id: r.id, rowVersion: r.rowVersion, state: 1 })).status).toBe(403);
    expect((await c.doctor.post(`${R}/remove?ids=${r.id}`)).body).toMatchObject({ success: true, msg: '删除成功' });
    expect((await c.doctor.get(`${R}/get-report-status/${r.id}`)).status).toBe(404);
    expect((await c.doctor.get(`${R}/get-report-status/abc`)).status).toBe(400);
  });

  it('answers another tenant’s report as absent and changes nothing', async () => {
    const r = await pendingReport();
    const o = c.otherAdmin;
    expect((await o.get(`${R}/detail?id=${r.id}`)).status).toBe(404);
    expect((await o.get(`${R}/get-report-status/${r.id}`)).status).toBe(404);
    expect((await o.post(`${R}/save-report`, { id: r.id, rowVersion: r.rowVersion, conclusion: '外' })).status).toBe(404);
    expect((await o.post(`${R}/approve-report/${r.id}/1/${r.rowVersion}`, {})).status).toBe(404);
    expect((await o.post(`${R}/approve-reports?ids=${r.id}`, { state: 1 })).status).toBe(404);
    expect((await o.post(`${R}/remove?ids=${r.id}`)).status).toBe(404);
    expect((await o.get(`${R}/list`)).body.data.total).toBe(0);
    expect(await stored(r.id)).toMatchObject({ state: 0, conclusion: '', is_deleted: 0, row_version: r.rowVersion });
  });
});

describe('userfollowup/deleted', () => {
  it('answers which of the ids were removed, by whom and when; live and unknown ids are left out', async () => {
    const kept = await followUp(c.doctor, { visitDate: '2024-08-01' });
    const gone = await followUp(c.doctor, { visitDate: '2024-08-02' });
    expect((await c.doctor.post(`${F}/remove?ids=${gone}`)).body.success).toBe(true);
    const res = await c.nurse.get(`${F}/deleted?ids=${kept},${gone},999999996`);
    expect(res.body.data).toEqual([
      {
        id: gone,
        formCode: expect.any(String),
        archId: archIds[0],
        removeUser: '2302',
        removeUserName: '张伟',
        removeTime: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    expect((await c.otherAdmin.get(`${F}/deleted?ids=${gone}`)).body.data).toEqual([]);
    expect((await c.doctor.get(`${F}/deleted`)).body).toMatchObject({ code: 400, msg: '请提供要查询的随访记录ID（ids）' });
    expect((await c.doctor.get(`${F}/deleted?ids=1,x`)).status).toBe(400);
    expect((await c.cdc.get(`${F}/deleted?ids=${gone}`)).status).toBe(403);
  });
});
