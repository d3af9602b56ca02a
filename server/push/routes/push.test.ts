// The push outbox against a stand-in of the regional system (server/test-support/regional-stand-in.ts):
// a row written with the record's save, retried with back-off until the stand-in takes it, timeouts
// and garbage kept as reasons, a dead letter after the last attempt, 重新上报 and 清除错误, another
// tenant's rows out of sight, and bad input refused in Chinese.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant-scope';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { startRegionalStandIn, type RegionalStandIn } from '../../test-support/regional-stand-in';
import { demoArchiveIds, goodHypertensionValues, loginAs, type Caller } from '../../forms/routes/form-test-support';
import { PUSH_TEST_JOBS, pushTestSettings, rowOf, settleSeededRows, U, waitRow } from './push-test-support';

let t: TestApp;
let gw: RegionalStandIn;
let doctor: Caller;
let otherTenant: Caller;
let cdc: Caller;
let archIds: string[];

beforeAll(async () => {
  gw = await startRegionalStandIn();
  t = await createTestApp({ jobs: PUSH_TEST_JOBS, push: pushTestSettings(gw.url) });
  await settleSeededRows(t.deps.db);
  [doctor, otherTenant, cdc] = await Promise.all([loginAs(t.app, 'doctor'), loginAs(t.app, 'admin', '100002'), loginAs(t.app, 'cdc')]);
  const hypertensive = await demoArchiveIds(t.deps.db, 'hypertension');
  archIds = [...hypertensive, ...(await demoArchiveIds(t.deps.db)).filter((id) => !hypertensive.includes(id))];
});
afterAll(async () => {
  await t.close();
  await gw.close();
});

/** Saves a hypertension follow-up; answers the record id and its outbox row id. */
async function saveFollowup(archId: string, values = goodHypertensionValues()): Promise<{ recordId: string; outboxId: string }> {
  const saved = await doctor.post(`${U}/userfollowup/high-blood-pressure-follow-up`, { archId, values });
  expect(saved.body.success, saved.body.msg).toBe(true);
  const recordId = String(saved.body.data.id);
  return { recordId, outboxId: `GW:followup:${recordId}` };
}

const deliveriesOf = (key: string) => gw.deliveries.filter((k) => k === key).length;

describe('the push outbox', () => {
  it('writes the row with the save, fails twice, retries with back-off, then reports (已上报) once', async () => {
    gw.mode = 'ok';
    gw.failNext = 2;
    const times: number[] = [];
    const { recordId, outboxId } = await saveFollowup(archIds[0]!);
    // The row is there as soon as the save answers: written by the save's own transaction.
    const first = await rowOf(doctor, outboxId);
    expect(first).toMatchObject({ kind: 'followup', system: 'GW', systemName: '公卫系统', formCode: 'hypertensionfollowup' });
    expect(first!.idempotencyKey).toBe(`GW:${recordId}:v1`);
    const key = first!.idempotencyKey as string;
    const watch = (async () => {
      while (times.length < 3) {
        const k = await gw.nextDelivery();
        if (k === key) times.push(Date.now());
      }
    })();
    const failed = await waitRow(doctor, outboxId, (r) => r.state === 3);
    expect(failed).toMatchObject({
      stateText: '失败',
      gwStatus: '2',
      gwMsg: '公卫系统返回错误（HTTP 500：服务繁忙，请稍后重试）',
      attempts: 1,
    });
    expect(failed!.nextTryTime).not.toBe('');
    const done = await waitRow(doctor, outboxId, (r) => r.state === 2);
    expect(done).toMatchObject({ stateText: '已上报', gwStatus: '1', gwMsg: '', attempts: 3 });
    await watch;
    // Back-off: the first retry after ≥ 1 s, the second after ≥ 2 s (pg-boss doubles the delay).
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1900);
    expect(deliveriesOf(key)).toBe(3);
    expect(gw.recordsOf(recordId)).toBe(1);
    expect(done!.externalId).toBe(gw.records.get(key)!.externalId);
    // What the stand-in received: the record's values under its idempotency key.
    expect(gw.records.get(key)!.body).toMatchObject({ idempotencyKey: key, formCode: 'hypertensionfollowup', recordId, version: 1 });
  }, 30_000);

  it('keeps the record unchanged when the system times out or answers garbage, marks the reason and retries', async () => {
    gw.mode = 'timeout';
    const { recordId, outboxId } = await saveFollowup(archIds[1]!);
    const before = (await doctor.get(`${U}/userfollowup/detail?id=${recordId}`)).body.data;
    const timedOut = await waitRow(doctor, outboxId, (r) => r.state === 3);
    expect(timedOut).toMatchObject({ stateText: '失败', gwMsg: '公卫系统响应超时（1.5秒）' });
    gw.mode = 'garbage';
    const garbage = await waitRow(doctor, outboxId, (r) => r.attempts === 2 && r.state === 3);
    expect(garbage).toMatchObject({ gwMsg: '公卫系统返回无法识别的应答（HTTP 200）' });
    const after = (await doctor.get(`${U}/userfollowup/detail?id=${recordId}`)).body.data;
    expect(after.rowVersion).toBe(before.rowVersion);
    expect(after.values).toEqual(before.values);
    gw.mode = 'ok';
    expect(await waitRow(doctor, outboxId, (r) => r.state === 2)).toMatchObject({ stateText: '已上报', attempts: 3 });
    expect(gw.recordsOf(recordId)).toBe(1);
  }, 30_000);

  it('stops after the last attempt (终止), and 重新上报 after the system recovers reports it', async () => {
    gw.mode = 'ok';
    gw.failNext = 1000;
    const { recordId, outboxId } = await saveFollowup(archIds[2]!);
    const dead = await waitRow(doctor, outboxId, (r) => r.state === 4);
    expect(dead).toMatchObject({ stateText: '终止', gwStatus: '2', attempts: 3 });
    expect(dead!.gwMsg).toBe('公卫系统返回错误（HTTP 500：服务繁忙，请稍后重试）（已尝试3次，不再自动重试）');
    // Nothing more is tried on its own.
    const tried = deliveriesOf(dead!.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveriesOf(dead!.idempotencyKey)).toBe(tried);
    gw.failNext = 0;
    const again = await doctor.post(`${U}/userfollowup/all-reported-push`, { ids: [outboxId] });
    expect(again.body).toMatchObject({ success: true, msg: '已重新上报1条记录', data: { changed: 1, ids: [outboxId] } });
    expect(await waitRow(doctor, outboxId, (r) => r.state === 2)).toMatchObject({ stateText: '已上报', attempts: 1, gwMsg: '' });
    expect(gw.recordsOf(recordId)).toBe(1);
    // A row already reported is not pushed again.
    expect((await doctor.post(`${U}/userfollowup/all-reported-push`, { ids: [outboxId] })).body).toMatchObject({
      msg: '没有可重新上报的记录',
    });
  }, 30_000);

  it('清除错误 stops a failed row (已清除, gwStatus back to 未上报); only failed rows are cleared', async () => {
    gw.mode = 'refuse';
    const { outboxId } = await saveFollowup(archIds[3]!);
    const refused = await waitRow(doctor, outboxId, (r) => r.state === 3);
    expect(refused!.gwMsg).toBe('公卫系统拒绝上报：身份证号校验不通过');
    const cleared = await doctor.post(`${U}/userinfomain/remove-gw-status`, { ids: outboxId });
    expect(cleared.body).toMatchObject({ success: true, msg: '已清除错误1条记录' });
    expect(await rowOf(doctor, outboxId)).toMatchObject({ state: 5, stateText: '已清除', gwStatus: '0', gwMsg: '' });
    // update-submit-error-gw-status pushes it again.
    gw.mode = 'ok';
    expect((await doctor.post(`${U}/userinfomain/update-submit-error-gw-status`, { ids: [outboxId] })).body.data.changed).toBe(1);
    expect(await waitRow(doctor, outboxId, (r) => r.state === 2)).toMatchObject({ stateText: '已上报' });
    expect((await doctor.post(`${U}/userinfomain/remove-gw-status`, { ids: [outboxId] })).body.msg).toBe('没有可清除错误的记录');
  }, 30_000);

  it('a system not configured keeps its rows waiting with the reason (基卫: push_to_jw)', async () => {
    const pushed = await doctor.post(`${U}/userinfomain/push_to_jw`, { ids: [archIds[4]] });
    expect(pushed.body).toMatchObject({ success: true, msg: '已提交上报1条档案' });
    const id = `JW:archive:${archIds[4]}`;
    await new Promise((resolve) => setTimeout(resolve, 800));
    const list = await doctor.get(`${U}/userfollowup/archives-submit-status?system=JW`);
    const row = list.body.data.records.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ state: 0, stateText: '待上报', gwStatus: '0', systemName: '基卫系统', formName: '个人基本信息' });
    expect(row.gwMsg).toBe('基卫系统未配置上报地址（JW_PUSH_URL），配置后自动上报');
    const need = await doctor.get(`${U}/userfollowupvoucher/list-need-report-data?kind=archive&size=200`);
    expect(need.body.data.records.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('counts pushes per form for 随访提交状态', async () => {
    const counts = await doctor.get(`${U}/userfollowup/init-gw-statistics?startDate=2000-01-01`);
    const htn = counts.body.data.find((c: { formCode: string }) => c.formCode === 'hypertensionfollowup');
    expect(htn).toMatchObject({ formName: expect.any(String) });
    expect(htn.done).toBeGreaterThanOrEqual(4);
    expect(htn.total).toBe(htn.waiting + htn.running + htn.done + htn.failed + htn.dead + htn.cleared);
    // The spec's POST, with its body.
    const posted = await doctor.post(`${U}/userfollowup/init-gw-statistics`, { types: 'followup', date: '2000-01-01' });
    expect(posted.body.data).toEqual(counts.body.data);
  });

  it('keeps every tenant to its own rows', async () => {
    const { outboxId } = await saveFollowup(archIds[5]!);
    await waitRow(doctor, outboxId, (r) => r.state === 2);
    const theirs = await otherTenant.get(`${U}/pushoutbox/list?size=200`);
    expect(theirs.body.data.records.map((r: { id: string }) => r.id)).not.toContain(outboxId);
    const again = await otherTenant.post(`${U}/userfollowup/all-reported-push`, { ids: [outboxId] });
    expect(again.body.data.changed).toBe(0);
    const cleared = await otherTenant.post(`${U}/userinfomain/remove-gw-status`, { ids: [outboxId] });
    expect(cleared.body.data.changed).toBe(0);
    const stats = await otherTenant.get(`${U}/userfollowup/init-gw-statistics?tenantIds=100001`);
    expect(stats.status).toBe(403);
    expect(stats.body.msg).toBe('无权查看其他机构的上报统计');
    // Row-level security too: the other tenant's scope sees none of this tenant's rows.
    const seen = await withTenant('100002', () =>
      sql<{ n: number }>`select count(*)::int as n from iph_push_outbox where id = ${outboxId}`.execute(t.appDb),
    );
    expect(seen.rows[0]!.n).toBe(0);
    // Disease control has no 上报管理.
    expect((await cdc.get(`${U}/pushoutbox/list`)).status).toBe(403);
  });

  it('refuses bad input with a Chinese message', async () => {
    const noIds = await doctor.post(`${U}/userinfomain/remove-gw-status`, {});
    expect(noIds.status).toBe(400);
    expect(noIds.body.msg).toBe('参数[ids]不能为空');
    const badId = await doctor.post(`${U}/userfollowup/all-reported-push`, { ids: 'DROP TABLE' });
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toBe('上报记录编号不正确：DROP TABLE');
    const unknown = await doctor.post('/api/blade-gw-helper/gw/helper/push-public-health-data', { identity: '110101190001010000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('未找到该证件号的居民档案');
    const noIdentity = await doctor.post('/api/blade-gw-helper/gw/helper/push-public-health-data', {});
    expect(noIdentity.body.msg).toBe('参数[identity]不能为空');
    const badState = await doctor.get(`${U}/pushoutbox/list?state=9`);
    expect(badState.status).toBe(400);
    const badTypes = await doctor.get(`${U}/userfollowup/init-gw-statistics?types=contract`);
    expect(badTypes.body.msg).toBe('参数[types]不正确：contract（可选 followup、archive）');
    const noArchive = await doctor.post(`${U}/userinfomain/push_to_jw`, { ids: ['999999999'] });
    expect(noArchive.status).toBe(404);
    expect(noArchive.body.msg).toBe('档案不存在：999999999');
    // Counted at the database: the unknown archive left no row.
    const rows = await sql<{ n: number }>`select count(*)::int as n from iph_push_outbox where source_id = '999999999'`.execute(t.deps.db);
    expect(rows.rows[0]!.n).toBe(0);
  });
});
