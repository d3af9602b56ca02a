// The pushes of the other sources (migration 077, push-sources.ts) against stand-ins of GW, JW and SFY:
// a contract pushed to GW as SIGN when signed and again when it comes into effect (once per version,
// a failure retried); a maternal case pushed to 省妇幼 when filed and when closed off; habits synced
// to GW and listed while not reported at their version; medication, habits, inquiries and vouchers to
// 基卫 on request, once per version; another tenant sees and pushes nothing; bad ids 400; a role
// without the button 403. And 审核档案 (userarchives/change-sh-status).
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, fromClock } from '../../../src/engine';
import { newId } from '../../db/ids';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { startRegionalStandIn, type RegionalStandIn } from '../../test-support/regional-stand-in';
import { demoArchiveIds, loginAs, type Caller } from '../../forms/routes/form-test-support';
import { PUSH_TEST_JOBS, pushTestSettings, settleSeededRows, U, type Row } from './push-test-support';

let t: TestApp;
let gw: RegionalStandIn;
let jw: RegionalStandIn;
let sfy: RegionalStandIn;
let doctor: Caller;
let nurse: Caller;
let leader: Caller;
let cdc: Caller;
let otherTenant: Caller;
let archIds: string[];

beforeAll(async () => {
  [gw, jw, sfy] = await Promise.all([
    startRegionalStandIn({ path: '/gw' }),
    startRegionalStandIn({ path: '/jw' }),
    startRegionalStandIn({ path: '/sfy' }),
  ]);
  t = await createTestApp({ jobs: PUSH_TEST_JOBS, push: pushTestSettings(gw.url, { urls: { GW: gw.url, JW: jw.url, SFY: sfy.url } }) });
  await settleSeededRows(t.deps.db);
  [doctor, nurse, leader, cdc, otherTenant] = await Promise.all([
    loginAs(t.app, 'doctor'),
    loginAs(t.app, 'nurse'),
    loginAs(t.app, 'leader'),
    loginAs(t.app, 'cdc'),
    loginAs(t.app, 'admin', '100002'),
  ]);
  archIds = await demoArchiveIds(t.deps.db);
});
afterAll(async () => {
  await t.close();
  await Promise.all([gw.close(), jw.close(), sfy.close()]);
});

/** The outbox row `id` as 上报管理 lists it (any kind). */
async function row(id: string): Promise<Row | undefined> {
  const res = await doctor.get(`${U}/pushoutbox/list?size=200`);
  return (res.body.data.records as Row[]).find((r) => r.id === id);
}
async function waitFor(id: string, done: (r: Row) => boolean, ms = 20_000): Promise<Row | undefined> {
  let seen: Row | undefined;
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 150))) {
    seen = await row(id);
    if (seen && done(seen)) return seen;
  }
  return seen;
}
const pushed = (r: Row) => r.state === 2;
const outboxCount = async (sourceId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from iph_push_outbox where source_id = ${sourceId}`.execute(t.deps.db)).rows[0]!.n;

/** A signature the contract accepts: a PNG with a drawn stroke. */
function signature(): string {
  const image = new PNG({ width: 300, height: 100 });
  image.data.fill(0);
  for (let i = 0; i < 600; i++) {
    const at = ((50 + Math.floor(i / 300)) * 300 + (i % 300)) * 4;
    image.data[at + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
}

describe('contracts (SIGN to the regional system)', () => {
  let contractId = '';

  it('pushes a contract when signed and again when it comes into effect, once per version; a failure is retried', async () => {
    const pack = newId();
    await sql`insert into iph_service_pack (id, tenant_id, pack_code, pack_name, price, status) values (${pack}, '100001', 'PS-A', '基础包', 0, 1)`.execute(
      t.deps.db,
    );
    const doctors = (await doctor.get(`${U}/usercontracts/sign-options?kind=doctor&teamId=2401`)).body.data as {
      value: string;
      label: string;
    }[];
    const made = await doctor.post(`${U}/usercontracts/create-or-update-contract`, {
      archId: archIds[0],
      teamId: '2401',
      doctorId: doctors[0]!.value,
      packIds: [pack],
      startDate: '2031-01-01',
      endDate: '2031-12-31',
    });
    expect(made.body.success, made.body.msg).toBe(true);
    contractId = made.body.data.id as string;
    const id = `GW:contract:${contractId}`;
    // 待签约 is the clinic's draft: nothing is reported, and all-sign-submit-push refuses it.
    expect(await outboxCount(contractId)).toBe(0);
    const draft = await doctor.post(`${U}/userfollowup/all-sign-submit-push`, { ids: [contractId] });
    expect(draft.status).toBe(400);
    expect(draft.body.msg).toBe(`协议当前为待签约，签约后才能上报：${made.body.data.contractNo}`);

    gw.failNext = 1;
    const signed = await doctor.post(`${U}/usercontracts/sign-contract`, {
      id: contractId,
      rowVersion: made.body.data.rowVersion,
      autograph: signature(),
    });
    expect(signed.body.success, signed.body.msg).toBe(true);
    // Written by the signing's own transaction.
    expect(await row(id)).toMatchObject({
      kind: 'contract',
      kindText: '签约协议',
      formName: '家庭医生签约',
      system: 'GW',
      idempotencyKey: `GW:${contractId}:v1`,
    });
    const first = await waitFor(id, pushed);
    expect(first).toMatchObject({ stateText: '已上报', attempts: 2, visitDate: '2031-01-01' });
    expect(gw.deliveries.filter((k) => k === `GW:${contractId}:v1`)).toHaveLength(2);
    expect(gw.records.get(`GW:${contractId}:v1`)!.body).toMatchObject({ dataType: 'SIGN', recordId: contractId, version: 1 });
    expect((gw.records.get(`GW:${contractId}:v1`)!.body.data as Row).state).toBe(1);

    const effect = await doctor.post(`${U}/usercontracts/sign-contract-comes-into-effect`, {
      id: contractId,
      rowVersion: signed.body.data.rowVersion,
    });
    expect(effect.body.success, effect.body.msg).toBe(true);
    expect(await waitFor(id, (r) => r.idempotencyKey === `GW:${contractId}:v2` && pushed(r))).toBeTruthy();
    expect((gw.records.get(`GW:${contractId}:v2`)!.body.data as Row).state).toBe(2);
    expect(gw.recordsOf(contractId)).toBe(2);

    // sign-submit-status lists the contracts' pushes; pushing a reported version again changes nothing.
    const list = await nurse.get(`${U}/userfollowup/sign-submit-status?size=50`);
    expect(list.body.data.records.map((r: Row) => r.id)).toEqual([id]);
    const again = await doctor.post(`${U}/userfollowup/all-sign-submit-push`, { ids: contractId });
    expect(again.body).toMatchObject({ success: true, data: { changed: 0 }, msg: '没有需要重新上报的签约协议' });
    expect(gw.recordsOf(contractId)).toBe(2);
  }, 40_000);

  it('all-sign-submit-push without ids pushes again every contract push that failed', async () => {
    const id = `GW:contract:${contractId}`;
    await sql`update iph_push_outbox set state = 4, last_error = '终止' where id = ${id}`.execute(t.deps.db);
    const again = await doctor.get(`${U}/userfollowup/all-sign-submit-push`);
    expect(again.body).toMatchObject({ success: true, data: { changed: 1, ids: [id] }, msg: '已提交上报1份签约协议' });
    expect(await waitFor(id, pushed)).toMatchObject({ attempts: 1 });
    // The same key again: the regional system still holds one record of this version.
    expect(gw.recordsOf(contractId)).toBe(2);
  }, 30_000);

  it('all-sign-submit-push without ids takes up the signed contracts that never had a push (signed before the trigger)', async () => {
    // A contract written without the tenant's session (as before migration 077): no outbox row.
    const old = newId();
    await sql`insert into iph_user_contract (id, tenant_id, arch_id, contract_no, team_id, doctor_id, start_date, end_date, state)
      values (${old}, '100001', ${archIds[1]}, ${`QY-OLD-${old}`}, '2401', '2302', '2025-01-01', '2025-12-31', 2)`.execute(t.deps.db);
    const draft = newId();
    await sql`insert into iph_user_contract (id, tenant_id, arch_id, contract_no, team_id, doctor_id, start_date, end_date, state)
      values (${draft}, '100001', ${archIds[1]}, ${`QY-DRAFT-${draft}`}, '2401', '2302', '2025-01-01', '2025-12-31', 0)`.execute(t.deps.db);
    expect(await outboxCount(old)).toBe(0);
    const again = await doctor.get(`${U}/userfollowup/all-sign-submit-push`);
    expect(again.body.success, again.body.msg).toBe(true);
    expect(again.body.data.ids).toContain(`GW:contract:${old}`);
    expect(await waitFor(`GW:contract:${old}`, pushed)).toMatchObject({ idempotencyKey: `GW:${old}:v1` });
    // The draft stays the clinic's; a second call finds nothing more to take up.
    expect(await outboxCount(draft)).toBe(0);
    const twice = await doctor.get(`${U}/userfollowup/all-sign-submit-push`);
    expect(twice.body.data.ids).not.toContain(`GW:contract:${old}`);
  }, 30_000);

  it('keeps another tenant out, and refuses callers without the button', async () => {
    expect((await otherTenant.get(`${U}/userfollowup/sign-submit-status?size=200`)).body.data.records).toEqual([]);
    const theirs = await otherTenant.post(`${U}/userfollowup/all-sign-submit-push`, { ids: [contractId] });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe(`签约协议不存在：${contractId}`);
    expect((await cdc.post(`${U}/userfollowup/all-sign-submit-push`, { ids: [contractId] })).status).toBe(403);
    expect((await cdc.get(`${U}/userfollowup/sign-submit-status`)).status).toBe(403);
  });
});

describe('maternal and child cases (省妇幼)', () => {
  it('pushes a case to SFY when filed and again when closed off', async () => {
    const now = new Date(t.deps.now());
    const archId = String(8_900_000_001);
    await t.deps.db
      .insertInto('user_archive')
      .values({
        id: archId,
        tenant_id: '100001',
        archives_no: `P${archId}`,
        person_name: '上报孕妇',
        sex: '2',
        birthday: '1995-03-01',
        id_card: '441602199503019991',
        create_user: '2302',
        create_time: now,
        update_user: '2302',
        update_time: now,
      })
      .execute();
    const lmp = formatDate(fromClock(new Date(t.deps.now() - 70 * 86_400_000)));
    const filed = await doctor.post(`${U}/userarchivesother/create-or-update`, {
      kind: 'maternal',
      archId,
      lastMenstrualPeriod: lmp,
      gravidity: 1,
      parity: 0,
    });
    expect(filed.body.success, filed.body.msg).toBe(true);
    const caseId = filed.body.data.id as string;
    const id = `SFY:archive_other:${caseId}`;
    expect(await waitFor(id, pushed)).toMatchObject({
      kindText: '专项档案',
      formName: '孕产妇档案',
      systemName: '省妇幼系统',
      personName: '上报孕妇',
    });
    expect(sfy.records.get(`SFY:${caseId}:v1`)!.body).toMatchObject({
      system: 'SFY',
      businessType: 'maternal',
      businessId: caseId,
      archId,
    });

    const today = formatDate(fromClock(now));
    const closed = await doctor.post(`${U}/userarchivesother/close-off`, { otherId: caseId, closeDate: today, closeReason: '2' });
    expect(closed.body.success, closed.body.msg).toBe(true);
    expect(await waitFor(id, (r) => r.idempotencyKey === `SFY:${caseId}:v2` && pushed(r))).toBeTruthy();
    expect((sfy.records.get(`SFY:${caseId}:v2`)!.body.payload as Row).status).toBe('2');
    expect(sfy.recordsOf(caseId)).toBe(2);
    // Nothing of it went to the regional system.
    expect(gw.recordsOf(caseId)).toBe(0);

    const list = await doctor.get(`${U}/userfollowup/archives-other-submit-status?size=50`);
    expect(list.body.data.records.map((r: Row) => r.id)).toContain(id);
    expect((await otherTenant.get(`${U}/userfollowup/archives-other-submit-status?size=200`)).body.data.records).toEqual([]);
  }, 30_000);

  it('all-reported-push without ids takes up the cases that never had a push (filed before the trigger)', async () => {
    // Cases written without the tenant's session (as before migration 077): no outbox row.
    const [child, removed] = [newId(), newId()];
    await sql`insert into iph_user_archives_other (id, tenant_id, arch_id, kind, birth_date)
      values (${child}, '100001', ${archIds[1]}, 'child', '2026-06-01')`.execute(t.deps.db);
    await sql`insert into iph_user_archives_other (id, tenant_id, arch_id, kind, birth_date, is_deleted)
      values (${removed}, '100001', ${archIds[1]}, 'child', '2026-06-01', 1)`.execute(t.deps.db);
    expect(await outboxCount(child)).toBe(0);
    const again = await doctor.get(`${U}/userfollowup/all-reported-push`);
    expect(again.body.success, again.body.msg).toBe(true);
    const id = `SFY:archive_other:${child}`;
    expect(again.body.data.ids).toContain(id);
    expect(await waitFor(id, pushed)).toMatchObject({ idempotencyKey: `SFY:${child}:v1`, formName: '儿童档案' });
    expect(sfy.records.get(`SFY:${child}:v1`)!.body).toMatchObject({ businessType: 'child', businessId: child });
    // A removed case is not reported; a second call finds nothing more, and another tenant's call takes up none of ours.
    expect(await outboxCount(removed)).toBe(0);
    expect((await doctor.get(`${U}/userfollowup/all-reported-push`)).body.data.ids).not.toContain(id);
    const [theirs] = [newId()];
    await sql`insert into iph_user_archives_other (id, tenant_id, arch_id, kind, birth_date)
      values (${theirs}, '100001', ${archIds[1]}, 'child', '2026-06-01')`.execute(t.deps.db);
    expect((await otherTenant.get(`${U}/userfollowup/all-reported-push`)).body.data.ids).not.toContain(`SFY:archive_other:${theirs}`);
    expect(await outboxCount(theirs)).toBe(0);
  }, 30_000);
});

describe('habits, medication, inquiries and vouchers', () => {
  const quiet = {
    surveyDate: '2026-11-20',
    exerciseFrequency: '4',
    dietHabit: '1',
    smokingStatus: '1',
    drinkingFrequency: '1',
    occupationalExposure: '1',
  };

  it('syncs habits to the regional system and lists them while their version is not reported', async () => {
    const archId = archIds[1]!;
    const saved = await doctor.post(`${U}/userinfohabits/save`, { ...quiet, archId });
    expect(saved.body.success, saved.body.msg).toBe(true);
    const habitsId = saved.body.data.id as string;
    const need = async () =>
      ((await nurse.get(`${U}/userinfohabits/list-need-report-data?size=200`)).body.data.records as Row[]).find((r) => r.id === habitsId);
    expect(await need()).toMatchObject({ archId, state: -1, stateText: '未上报', gwStatus: '0', rowVersion: 1 });

    const synced = await doctor.post(`${U}/userinfohabits/sync/${archId}`);
    expect(synced.body).toMatchObject({ success: true, msg: '已提交上报生活习惯', data: { ids: [`GW:habits:${habitsId}`] } });
    expect(await waitFor(`GW:habits:${habitsId}`, pushed)).toMatchObject({ kindText: '生活习惯', visitDate: '2026-11-20' });
    expect(gw.records.get(`GW:${habitsId}:v1`)!.body).toMatchObject({
      dataType: 'HABITS',
      data: { smokingStatus: '1', surveyDate: '2026-11-20' },
    });
    expect(await need()).toBeUndefined();

    // A new version needs reporting again.
    const changed = await doctor.post(`${U}/userinfohabits/save`, { id: habitsId, rowVersion: 1, surveyDate: '2026-11-21' });
    expect(changed.body.success, changed.body.msg).toBe(true);
    expect(await need()).toMatchObject({ rowVersion: 2, stateText: '已上报（旧版本）' });

    // To 基卫: once per version, however often asked.
    await doctor.post(`${U}/userinfohabits/push-habits-to-jw`, { ids: [habitsId] });
    expect(await waitFor(`JW:habits:${habitsId}`, pushed)).toMatchObject({ systemName: '基卫系统', idempotencyKey: `JW:${habitsId}:v2` });
    expect((await doctor.post(`${U}/userinfohabits/push-habits-to-jw`, { ids: habitsId })).body.success).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(jw.recordsOf(habitsId)).toBe(1);
    expect(jw.deliveries.filter((k) => k === `JW:${habitsId}:v2`)).toHaveLength(1);

    const none = await doctor.get(`${U}/userinfohabits/sync/${archIds[5]}`);
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('该居民尚无生活习惯记录');
  }, 30_000);

  it('pushes medication to 基卫, a failure retried under the same key', async () => {
    const saved = await doctor.post(`${U}/usermedication/save`, {
      archId: archIds[2],
      drugName: '苯磺酸氨氯地平片',
      drugUsage: '1',
      dosage: '每次5mg',
      frequency: 'qd',
      compliance: '0',
      startDate: '2026-03-01',
    });
    expect(saved.body.success, saved.body.msg).toBe(true);
    const medId = saved.body.data.id as string;
    jw.failNext = 1;
    const res = await nurse.post(`${U}/usermedication/push-to-jw?ids=${medId}`);
    expect(res.body).toMatchObject({ success: true, msg: '已提交上报基卫1条用药记录', data: { ids: [`JW:medication:${medId}`] } });
    const done = await waitFor(`JW:medication:${medId}`, pushed);
    expect(done).toMatchObject({ attempts: 2, kindText: '用药记录', formName: '用药记录', visitDate: '2026-03-01' });
    expect(jw.deliveries.filter((k) => k === `JW:${medId}:v1`)).toHaveLength(2);
    expect(jw.recordsOf(medId)).toBe(1);
    expect(jw.records.get(`JW:${medId}:v1`)!.body).toMatchObject({ businessType: 'medication', payload: { drugName: '苯磺酸氨氯地平片' } });

    // Another tenant cannot push it, and nothing is written for it.
    const before = await outboxCount(medId);
    const theirs = await otherTenant.post(`${U}/usermedication/push-to-jw`, { ids: [medId] });
    expect(theirs.status).toBe(404);
    expect(theirs.body.msg).toBe(`用药记录不存在：${medId}`);
    expect(await outboxCount(medId)).toBe(before);
    expect(((await otherTenant.get(`${U}/pushoutbox/list?size=200`)).body.data.records as Row[]).some((r) => r.sourceId === medId)).toBe(
      false,
    );
  }, 30_000);

  it('pushes inquiry records of their own form and vouchers to 基卫', async () => {
    const db = t.deps.db;
    const record = async (formCode: string) => {
      const id = newId();
      await sql`insert into form_record (id, tenant_id, form_code, form_version, arch_id, values, visit_date, status, acknowledgements,
          create_user, create_user_name, create_time, update_user, update_user_name, update_time, row_version)
        values (${id}, '100001', ${formCode}, 1, ${archIds[3]}, '{"visitDate":"2026-11-01"}'::jsonb, '2026-11-01', 1, '[]'::jsonb,
          '2302', '张伟', now(), '2302', '张伟', now(), 1)`.execute(db);
      return id;
    };
    const htn = await record('hypertensioninquiry');
    const dm = await record('diabetesinquiry');
    expect((await doctor.post(`${U}/useraskhypertension/push-to-jw`, { ids: [htn] })).body.msg).toBe('已提交上报基卫1条问诊记录');
    expect((await doctor.post(`${U}/useraskhyperglycemia/push-to-jw`, { ids: [dm] })).body.success).toBe(true);
    // A record of the other inquiry form is not this call's: 404, nothing written (all or none).
    const wrong = await doctor.post(`${U}/useraskhypertension/push-to-jw`, { ids: [htn, dm] });
    expect(wrong.status).toBe(404);
    expect(wrong.body.msg).toBe(`问诊记录不存在：${dm}`);
    expect(await waitFor(`JW:followup:${htn}`, pushed)).toMatchObject({ kindText: '随访记录', visitDate: '2026-11-01' });
    expect(await waitFor(`JW:followup:${dm}`, pushed)).toBeTruthy();
    expect(jw.recordsOf(htn)).toBe(1);

    const voucher = newId();
    await sql`insert into user_followup_voucher (id, tenant_id, follow_id, link, original_name, name, create_user, create_time)
      values (${voucher}, '100001', ${htn}, '/api/blade-resource/oss/file/x', '血压单.png', '血压单', '2302', now())`.execute(db);
    expect((await doctor.post(`${U}/userfollowupvoucher/push-voucher-to-jw`, { ids: voucher })).body.msg).toBe('已提交上报基卫1条凭证');
    const v = await waitFor(`JW:voucher:${voucher}`, pushed);
    expect(v).toMatchObject({ kindText: '随访凭证', archId: archIds[3] });
    expect(v!.formName).toMatch(/^随访凭证（/);
    expect(jw.records.get(`JW:${voucher}:v1`)!.body).toMatchObject({ businessType: 'voucher', payload: { followId: htn, name: '血压单' } });
  }, 30_000);

  it('refuses bad ids (400) and callers without the button (403), and changes nothing', async () => {
    const none = await doctor.post(`${U}/usermedication/push-to-jw`, {});
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('参数[ids]不能为空');
    const bad = await doctor.post(`${U}/userfollowupvoucher/push-voucher-to-jw`, { ids: '1,DROP' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('记录编号不正确：DROP');
    expect((await doctor.post(`${U}/userinfohabits/sync/abc`)).status).toBe(400);
    const unknown = await doctor.post(`${U}/userinfohabits/push-habits-to-jw`, { ids: ['999999999'] });
    expect(unknown.status).toBe(404);
    expect(await outboxCount('999999999')).toBe(0);
    for (const path of [
      'usermedication/push-to-jw',
      'userinfohabits/push-habits-to-jw',
      'useraskhypertension/push-to-jw',
      'userfollowupvoucher/push-voucher-to-jw',
    ])
      expect((await cdc.post(`${U}/${path}`, { ids: ['1'] })).status, path).toBe(403);
    expect((await cdc.get(`${U}/userinfohabits/list-need-report-data`)).status).toBe(403);
  });
});

describe('审核档案 (change-sh-status)', () => {
  it('sets the review status of archives, keeps their version and writes the history', async () => {
    const [a, b] = [archIds[6]!, archIds[7]!];
    const before = (await doctor.get(`${U}/commuserarchives/detail?id=${a}`)).body.data;
    expect(before.shStatus).toBe('0');
    const res = await leader.post(`${U}/userarchives/change-sh-status`, { ids: [a, b], shStatus: '1' });
    expect(res.body).toMatchObject({ success: true, msg: '已将2份档案设为审核通过', data: { changed: 2, shStatus: '1' } });
    const after = (await doctor.get(`${U}/commuserarchives/detail?id=${a}`)).body.data;
    expect(after).toMatchObject({ shStatus: '1', rowVersion: before.rowVersion });
    const history = (await doctor.get(`${U}/userarchivesdev/history?archId=${a}`)).body.data as Row[];
    expect(history[0]).toMatchObject({ updateUserName: '王强', changes: [{ field: 'shStatus', before: '0', after: '1' }] });
    // Disease control reviews too, by query parameters.
    expect((await cdc.post(`${U}/userarchives/change-sh-status?ids=${a}&shStatus=2`)).body.data.changed).toBe(1);
    // The same status again changes nothing.
    expect((await leader.post(`${U}/userarchives/change-sh-status`, { ids: a, shStatus: '2' })).body.data.changed).toBe(0);
  });

  it('refuses bad input, another tenant and roles without the button', async () => {
    const a = archIds[6]!;
    const badStatus = await leader.post(`${U}/userarchives/change-sh-status`, { ids: [a], shStatus: '9' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.msg).toBe('审核状态不正确：9（可选 0 待审核、1 审核通过、2 审核不通过）');
    expect((await leader.post(`${U}/userarchives/change-sh-status`, { shStatus: '1' })).body.msg).toBe('参数[ids]不能为空');
    expect((await leader.post(`${U}/userarchives/change-sh-status`, { ids: [a] })).body.msg).toBe('参数[shStatus]不能为空');
    expect((await leader.post(`${U}/userarchives/change-sh-status`, { ids: 'x1', shStatus: '1' })).body.msg).toBe('档案编号不正确：x1');
    const mixed = await leader.post(`${U}/userarchives/change-sh-status`, { ids: [a, '999999999'], shStatus: '0' });
    expect(mixed.status).toBe(404);
    expect((await doctor.get(`${U}/commuserarchives/detail?id=${a}`)).body.data.shStatus).toBe('2');
    const other = await otherTenant.post(`${U}/userarchives/change-sh-status`, { ids: [a], shStatus: '0' });
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('档案不存在');
    expect((await doctor.post(`${U}/userarchives/change-sh-status`, { ids: [a], shStatus: '0' })).status).toBe(403);
    expect((await nurse.post(`${U}/userarchives/change-sh-status`, { ids: [a], shStatus: '0' })).status).toBe(403);
    expect((await doctor.get(`${U}/commuserarchives/detail?id=${a}`)).body.data.shStatus).toBe('2');
  });
});
