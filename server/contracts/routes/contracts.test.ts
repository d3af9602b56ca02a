// 家庭医生签约 (usercontracts, blade-sign-contract, blade-perform-contract): every call's happy path
// and its refusals — the contract's life and the transitions it refuses, a blank or non-PNG
// signature, a second contract in the same period, stale and missing versions, another tenant's
// contract — and the performance counted from the records that exist.
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { pdfImages } from '../../test-support/pdf-images';
import { pdfText } from '../../test-support/pdf-text';
import { demoArchiveIds, goodHypertensionValues } from '../../forms/routes/form-test-support';
import { newId } from '../../db/ids';

const c = careTeamCallers();
const U = '/api/blade-iph-business/usercontracts';
const S = '/api/blade-sign-contract';
const P = '/api/blade-perform-contract/performcontract';

/** A PNG of `w`×`h`: transparent, or white, with a dark stroke of `ink` pixels along the middle. */
function png(w: number, h: number, opts: { white?: boolean; ink?: number } = {}): string {
  const image = new PNG({ width: w, height: h });
  image.data.fill(opts.white ? 255 : 0);
  for (let i = 0; i < (opts.ink ?? 0); i++) {
    const x = i % w;
    const y = Math.floor(h / 2) + Math.floor(i / w);
    const at = (y * w + x) * 4;
    image.data[at] = 20;
    image.data[at + 1] = 20;
    image.data[at + 2] = 60;
    image.data[at + 3] = 255;
  }
  return `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
}
const SIGNED = png(300, 100, { ink: 600 });

let archIds: string[] = [];
let hypertensive = '';
let packA = '';
let packB = '';
let doctorId = '';

beforeAll(async () => {
  const db = c.app().deps.db;
  archIds = await demoArchiveIds(db);
  hypertensive = (await demoArchiveIds(db, 'hypertension'))[0]!;
  expect(archIds.length).toBeGreaterThanOrEqual(11);
  const packs: [string, string, string, number][] = [
    ['CT-A', '基础服务包', '0', 0],
    ['CT-B', '高血压服务包', '120.50', 1],
  ];
  const ids: string[] = [];
  for (const [code, name, price] of packs) {
    const id = newId();
    ids.push(id);
    await sql`insert into iph_service_pack (id, tenant_id, pack_code, pack_name, price, status) values (${id}, '100001', ${code}, ${name}, ${price}, 1)`.execute(
      db,
    );
  }
  [packA, packB] = ids as [string, string];
  await sql`insert into iph_service_project (id, tenant_id, pack_id, project_code, project_name, times_per_year, category, sort)
    values (${newId()}, '100001', ${packB}, 'P1', '高血压随访', 4, 'hypertensionfollowup', 1),
           (${newId()}, '100001', ${packB}, 'P2', '健康咨询', 2, '咨询', 2)`.execute(db);
  // Another tenant's pack with the same code: never offered to 100001.
  await sql`insert into iph_service_pack (id, tenant_id, pack_code, pack_name, price, status) values (${newId()}, '100002', 'CT-A', '他院包', 1, 1)`.execute(
    db,
  );
  const doctors = (await c.doctor.get(`${U}/sign-options?kind=doctor&teamId=2401`)).body.data as { value: string; label: string }[];
  doctorId = doctors.find((d) => d.label === '张伟')!.value;
});

let day = 0;
/** A fresh period each call (contracts of one resident must not overlap). */
function period(): { startDate: string; endDate: string } {
  const start = new Date(Date.UTC(2030, 0, 1 + day * 400));
  day++;
  const end = new Date(start.getTime() + 364 * 86_400_000);
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

async function generate(archId = archIds[0]!, terms: Record<string, unknown> = {}) {
  const res = await c.doctor.post(`${U}/create-or-update-contract`, {
    archId,
    teamId: '2401',
    doctorId,
    packIds: [packA, packB],
    ...period(),
    ...terms,
  });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.data as { id: string; rowVersion: number; contractNo: string; startDate: string; endDate: string };
}

async function signed(archId = archIds[0]!) {
  const g = await generate(archId);
  const s = await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: g.rowVersion, autograph: SIGNED });
  expect(s.body.success, JSON.stringify(s.body)).toBe(true);
  return s.body.data as { id: string; rowVersion: number; contractNo: string; startDate: string; endDate: string };
}

describe('generating and signing a contract', () => {
  it('offers the tenant’s teams, doctors and enabled packs, and the dialog’s defaults', async () => {
    const packs = (await c.nurse.get(`${U}/sign-options?kind=pack`)).body.data as { value: string; label: string }[];
    expect(packs.map((p) => p.label)).toEqual(expect.arrayContaining(['基础服务包（0.00元）', '高血压服务包（120.50元）']));
    expect(packs.some((p) => p.label.startsWith('他院包'))).toBe(false);
    expect((await c.nurse.get(`${U}/sign-options?kind=team`)).body.data).toContainEqual({ value: '2401', label: '家庭医生一团队' });
    expect((await c.otherAdmin.get(`${U}/sign-options?kind=pack`)).body.data).toEqual([
      expect.objectContaining({ label: '他院包（1.00元）' }),
    ]);
    const info = await c.doctor.post(`${U}/contract-info-generate`, { archId: archIds[0] });
    expect(info.body.data).toMatchObject({ archId: archIds[0], teamId: '2401', startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect((await c.doctor.post(`${U}/contract-info-generate`, {})).body.msg).toBe('请选择签约居民');
    expect((await c.doctor.post(`${U}/contract-info-generate?archId=999999999`)).status).toBe(404);
  });

  it('generates 待签约 with the packs’ fee, signs with a drawn signature (an attachment of the tenant) → 已签约', async () => {
    const g = await generate();
    const detail = (await c.doctor.get(`${U}/detail?id=${g.id}`)).body.data;
    expect(detail).toMatchObject({
      state: 0,
      stateText: '待签约',
      fee: 120.5,
      packNames: '基础服务包、高血压服务包',
      teamName: '家庭医生一团队',
      doctorName: '张伟',
    });
    expect(detail.agreement).toMatchObject({ title: '家庭医生签约服务协议', contractNo: g.contractNo, fee: 120.5 });
    expect(detail.agreement.packs[1].items).toEqual([
      { name: '高血压随访', timesPerYear: 4 },
      { name: '健康咨询', timesPerYear: 2 },
    ]);
    // Before the resident signs, the printed agreement and consent draw no picture: the blank line.
    const auth = { 'blade-auth': `bearer ${c.doctor.token}` };
    const printed = async (path: string) => {
      const res = await c.app().app.inject({ method: 'GET', url: `/api/blade-resource/generate-pdf/${path}?id=${g.id}`, headers: auth });
      expect(res.headers['content-type']).toBe('application/pdf');
      return res.rawPayload;
    };
    const unsigned = await printed('protocol-service');
    expect(await pdfImages(unsigned)).toEqual([]);
    expect((await pdfText(unsigned)).text).toContain('甲方签名：____');
    expect(await pdfImages(await printed('written-consent'))).toEqual([]);
    // The signature first (update), then the signing without one.
    const withSig = await c.doctor.post(`${U}/update`, { id: g.id, rowVersion: g.rowVersion, autograph: SIGNED });
    expect(withSig.body).toMatchObject({ msg: '签名已保存', data: { hasAutograph: true, state: 0 } });
    const link = withSig.body.data.autographLink as string;
    const { rows } = await sql<{
      tenant_id: string;
      content_type: string;
    }>`select tenant_id, content_type from blade_attach where id = ${link.split('/').pop()}`.execute(c.app().deps.db);
    expect(rows[0]).toEqual({ tenant_id: '100001', content_type: 'image/png' });
    const s = await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: withSig.body.data.rowVersion });
    expect(s.body).toMatchObject({ msg: '签约成功', data: { state: 1, stateText: '已签约', signUserName: '张伟' } });
    const url = (await c.doctor.get(`${U}/get-agreement-url?id=${g.id}`)).body.data;
    expect(url).toEqual({
      id: g.id,
      archId: archIds[0],
      link: `/api/blade-resource/generate-pdf/protocol-service?id=${g.id}`,
      autographLink: link,
    });
    // The link is the printed agreement: the parties, the packs with their items, the clauses and the signature.
    const pdf = await c.app().app.inject({ method: 'GET', url: url.link, headers: { 'blade-auth': `bearer ${c.doctor.token}` } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    for (const part of [
      '家庭医生签约服务协议',
      g.contractNo,
      '家庭医生一团队',
      '张伟',
      '高血压服务包',
      '高血压随访（每年4次）',
      '120.50元',
      '甲方签名：',
      '状态：已签约',
    ])
      expect(text).toContain(part);
    expect(text).toContain(`签约日期：${s.body.data.signTime.slice(0, 10)}`);
    // Signed: the signature is the image (the one picture the agreement draws), not the blank line.
    expect(text).not.toContain('甲方签名：____');
    expect(await pdfImages(pdf.rawPayload)).toEqual([expect.objectContaining({ width: 300, height: 100 })]);
    // The informed consent names the resident, the team and the packs, with the signature.
    const consent = await c.app().app.inject({
      method: 'GET',
      url: `/api/blade-resource/generate-pdf/written-consent?id=${g.id}`,
      headers: { 'blade-auth': `bearer ${c.doctor.token}` },
    });
    expect(consent.headers['content-type']).toBe('application/pdf');
    const consentText = (await pdfText(consent.rawPayload)).text;
    for (const part of ['家庭医生签约服务知情同意书', g.contractNo, '家庭医生一团队', '基础服务包、高血压服务包', '居民签名：'])
      expect(consentText).toContain(part);
    expect(consentText).not.toContain('居民签名：____');
    expect(await pdfImages(consent.rawPayload)).toEqual([expect.objectContaining({ width: 300, height: 100 })]);
    // Another tenant's administrator gets 404, a caller without login 401.
    expect(
      (await c.app().app.inject({ method: 'GET', url: url.link, headers: { 'blade-auth': `bearer ${c.otherAdmin.token}` } })).statusCode,
    ).toBe(404);
    expect((await c.app().app.inject({ method: 'GET', url: url.link })).statusCode).toBe(401);
  });

  it('refuses a blank signature, too little ink, and bytes that are not a PNG', async () => {
    const g = await generate();
    const at = { id: g.id, rowVersion: g.rowVersion };
    const blank = '签名为空，请在签名板上签名后再确认';
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: png(300, 100) })).body).toMatchObject({ code: 400, msg: blank });
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: png(300, 100, { white: true }) })).body.msg).toBe(blank);
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: png(300, 100, { ink: 30 }) })).body.msg).toBe(blank);
    const notPng = '签名图片格式不正确，请上传PNG图片';
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]).toString('base64');
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: `data:image/png;base64,${jpeg}` })).body.msg).toBe(notPng);
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: SIGNED.replace('image/png', 'image/jpeg') })).body.msg).toBe(notPng);
    expect((await c.doctor.post(`${U}/update`, { ...at, autograph: '' })).body.msg).toBe('请先完成电子签名');
    // Signing with no signature saved or sent; nothing changed by the refusals.
    expect((await c.doctor.post(`${U}/sign-contract`, at)).body).toMatchObject({ code: 400, msg: '请先完成电子签名' });
    expect((await c.doctor.get(`${U}/detail?id=${g.id}`)).body.data).toMatchObject({
      state: 0,
      hasAutograph: false,
      rowVersion: g.rowVersion,
    });
  });

  it('refuses a second open contract of the resident in the same period, and bad terms', async () => {
    const g = await generate(archIds[1]);
    const again = await c.doctor.post(`${U}/create-or-update-contract`, {
      archId: archIds[1],
      teamId: '2401',
      doctorId,
      packIds: [packA],
      startDate: g.startDate,
      endDate: g.endDate,
    });
    expect(again.body).toMatchObject({ code: 400 });
    expect(again.body.msg).toBe(`该居民在${g.startDate}至${g.endDate}已有待签约的签约协议（${g.contractNo}），同一时期不能重复签约`);
    const base = { archId: archIds[1], teamId: '2401', doctorId, packIds: [packA], ...period() };
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, packIds: [] })).body.msg).toBe('请选择服务包');
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, endDate: base.startDate })).body.msg).toBe(
      '结束日期应晚于开始日期',
    );
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, teamId: '9999' })).body.msg).toBe('签约团队不存在或已停用');
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, doctorId: '1' })).body.msg).toBe('所选签约医生不是该团队成员');
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, packIds: ['999999'] })).body.msg).toBe(
      '所选服务包不存在或已停用',
    );
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, archId: '999999999' })).status).toBe(404);
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...base, packIds: 'x' })).status).toBe(400);
  });

  it('changes the terms of a contract 待签约 over the version read (428, 409), not of a signed one', async () => {
    const g = await generate();
    const terms = { id: g.id, archId: archIds[0], teamId: '2401', doctorId, packIds: [packA], startDate: g.startDate, endDate: g.endDate };
    expect((await c.doctor.post(`${U}/create-or-update-contract`, terms)).status).toBe(428);
    const saved = await c.doctor.post(`${U}/create-or-update-contract`, { ...terms, rowVersion: g.rowVersion, remark: '改为基础包' });
    expect(saved.body).toMatchObject({
      msg: '修改成功',
      data: { fee: 0, packNames: '基础服务包', remark: '改为基础包', rowVersion: g.rowVersion + 1 },
    });
    expect((await c.doctor.post(`${U}/create-or-update-contract`, { ...terms, rowVersion: g.rowVersion })).status).toBe(409);
    const s = await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: g.rowVersion + 1, autograph: SIGNED });
    const edit = await c.doctor.post(`${U}/create-or-update-contract`, { ...terms, rowVersion: s.body.data.rowVersion });
    expect(edit.body).toMatchObject({ code: 400, msg: '协议当前为已签约，不能修改' });
  });
});

describe('the contract’s life after signing', () => {
  it('brings into effect, terminates with a reason; refuses what the state does not allow', async () => {
    const s = await signed();
    expect((await c.doctor.post(`${U}/sign-contract`, { id: s.id, rowVersion: s.rowVersion, autograph: SIGNED })).body.msg).toBe(
      '协议当前为已签约，不能签约',
    );
    expect((await c.doctor.post(`${U}/sign-contract-comes-into-effect`, { id: s.id })).status).toBe(428);
    const e = await c.leader.post(`${U}/sign-contract-comes-into-effect`, { id: s.id, rowVersion: s.rowVersion });
    expect(e.body).toMatchObject({ msg: '协议已生效', data: { state: 2, stateText: '生效中' } });
    const v = e.body.data.rowVersion as number;
    expect((await c.doctor.post(`${U}/sign-contract-comes-into-effect`, { id: s.id, rowVersion: v })).body.msg).toBe(
      '协议当前为生效中，不能生效',
    );
    expect((await c.doctor.post(`${U}/contract-cancel`, { id: s.id, rowVersion: v })).body.msg).toBe('协议当前为生效中，不能作废');
    expect((await c.doctor.post(`${U}/contract-remove`, { id: s.id })).body.msg).toBe('已签约的协议不能删除，请先解约或作废');
    expect((await c.doctor.post(`${U}/contract-termination`, { id: s.id, rowVersion: v, reason: ' ' })).body.msg).toBe('请填写解约原因');
    expect((await c.doctor.post(`${U}/contract-termination`, { id: s.id, rowVersion: v - 1, reason: '迁出' })).status).toBe(409);
    const t = await c.doctor.post(`${U}/contract-termination`, { id: s.id, rowVersion: v, reason: '迁出本辖区' });
    expect(t.body).toMatchObject({
      msg: '解约成功',
      data: { state: 4, stateText: '已解约', endReason: '迁出本辖区', endUserName: '张伟' },
    });
    const cancelled = (await c.doctor.get(`${U}/list-cancel-contract?personName=&size=200`)).body.data.records as { id: string }[];
    expect(cancelled.map((r) => r.id)).toContain(s.id);
    // A nurse signs but does not decide (decision 0031).
    expect((await c.nurse.post(`${U}/contract-termination`, { id: s.id, rowVersion: 1, reason: 'x' })).status).toBe(403);
    expect((await c.cdc.get(`${U}/new-list`)).status).toBe(403);
  });

  it('keeps the archive’s contract: the open one once signed, none after it ends', async () => {
    const arch = archIds[9]!;
    const contractOfArchive = async () =>
      (await c.doctor.get(`/api/blade-iph-business/commuserarchives/detail?id=${arch}`)).body.data.contractId as string;
    const g = await generate(arch);
    expect(await contractOfArchive()).toBe('');
    const s = await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: g.rowVersion, autograph: SIGNED });
    expect(await contractOfArchive()).toBe(g.id);
    const e = await c.leader.post(`${U}/sign-contract-comes-into-effect`, { id: g.id, rowVersion: s.body.data.rowVersion });
    expect(await contractOfArchive()).toBe(g.id);
    await c.doctor.post(`${U}/contract-termination`, { id: g.id, rowVersion: e.body.data.rowVersion, reason: '迁出本辖区' });
    expect(await contractOfArchive()).toBe('');
  });

  it('brings several into effect and voids several, all or none', async () => {
    const a = await signed(archIds[2]);
    const b = await signed(archIds[2]);
    const g = await generate(archIds[2]);
    const mixed = await c.doctor.post(`${U}/batch-sign-contract-comes-into-effect`, { ids: [a.id, g.id] });
    expect(mixed.body.code).toBe(400);
    expect(mixed.body.msg).toMatch(/的协议当前为待签约，不能生效$/);
    expect((await c.doctor.get(`${U}/detail?id=${a.id}`)).body.data.state).toBe(1);
    const both = await c.doctor.post(`${U}/batch-sign-contract-comes-into-effect?ids=${a.id},${b.id}`);
    expect(both.body).toMatchObject({ msg: '2份协议已生效' });
    expect(both.body.data.map((r: { state: number }) => r.state)).toEqual([2, 2]);
    expect((await c.doctor.post(`${U}/batch-sign-contract-comes-into-effect`, { ids: [] })).body.msg).toBe('请选择签约协议');
    const other = await signed(archIds[2]);
    const voided = await c.doctor.post(`${U}/contract-invalid/byid`, { ids: [g.id, other.id], reason: '录入错误' });
    expect(voided.body).toMatchObject({ msg: '2份协议已作废' });
    expect(voided.body.data.map((r: { stateText: string; endReason: string }) => [r.stateText, r.endReason])).toEqual([
      ['已作废', '录入错误'],
      ['已作废', '录入错误'],
    ]);
    expect((await c.doctor.post(`${U}/contract-invalid/byid`, { ids: [a.id] })).body.msg).toMatch(/协议当前为生效中，不能作废$/);
  });

  it('cancels before effect, removes a cancelled one and puts it back; lists by resident', async () => {
    const g = await generate(archIds[3]);
    const cancelled = await c.doctor.post(`${U}/contract-cancel`, { id: g.id, rowVersion: g.rowVersion, reason: '居民暂不签约' });
    expect(cancelled.body).toMatchObject({ msg: '协议已作废', data: { state: 5, endReason: '居民暂不签约' } });
    const removed = await c.doctor.post(`${U}/contract-remove`, { id: g.id, deleted: 1 });
    expect(removed.body.msg).toBe('删除成功');
    expect((await c.doctor.get(`${U}/detail?id=${g.id}`)).status).toBe(404);
    expect((await c.doctor.post(`${U}/contract-remove`, { id: g.id })).status).toBe(404);
    expect((await c.doctor.post(`${U}/contract-remove?id=${g.id}&deleted=0`)).body.msg).toBe('已恢复');
    // A nurse withdraws a contract 待签约 (the sign dialog closed unfinished), nothing else.
    const pending = await generate(archIds[3]);
    expect((await c.nurse.post(`${U}/contract-remove`, { id: g.id })).body).toMatchObject({ code: 403, msg: '只能撤销待签约的协议' });
    expect((await c.nurse.post(`${U}/contract-remove`, { id: pending.id, rowVersion: pending.rowVersion })).body.msg).toBe('删除成功');
    const s = await signed(archIds[3]);
    const all = (await c.nurse.get(`${U}/list-contract-by-arch-id?archId=${archIds[3]}`)).body.data as { id: string }[];
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([g.id, s.id]));
    const holding = (await c.nurse.get(`${U}/get-contract-list-by-arch-id?archId=${archIds[3]}`)).body.data as { id: string }[];
    expect(holding.map((r) => r.id)).toEqual([s.id]);
    expect((await c.nurse.get(`${U}/list-contract-by-arch-id?archId=999999999`)).status).toBe(404);
    const page = (await c.leader.get(`${U}/new-list?state_equal=1&archId_equal=${archIds[3]}`)).body.data;
    expect(page.records.map((r: { id: string }) => r.id)).toEqual([s.id]);
    expect((await c.leader.get(`${U}/new-list?state_equal=9`)).body.msg).toBe('参数[state]应为0～5的签约状态');
  });

  it('reads 已到期 from the period, and renews a contract in effect near its end', async () => {
    const archId = archIds[4]!;
    const today = new Date();
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const start = iso(new Date(today.getTime() - 300 * 86_400_000));
    const end = iso(new Date(today.getTime() + 30 * 86_400_000));
    const g = await generate(archId, { startDate: start, endDate: end });
    const s = await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: g.rowVersion, autograph: SIGNED });
    const e = await c.doctor.post(`${U}/sign-contract-comes-into-effect`, { id: g.id, rowVersion: s.body.data.rowVersion });
    expect(e.body.data).toMatchObject({ state: 2, renewable: true });
    const terms = { archId, teamId: '2401', doctorId, packIds: [packA], renewFrom: g.id };
    const early = await c.doctor.post(`${U}/create-or-update-contract`, {
      ...terms,
      startDate: end,
      endDate: iso(new Date(today.getTime() + 400 * 86_400_000)),
    });
    expect(early.body.msg).toBe('续签协议的开始日期应晚于原协议的结束日期');
    const next = iso(new Date(today.getTime() + 31 * 86_400_000));
    const renewed = await c.doctor.post(`${U}/create-or-update-contract`, {
      ...terms,
      startDate: next,
      endDate: iso(new Date(today.getTime() + 395 * 86_400_000)),
    });
    expect(renewed.body).toMatchObject({ msg: '协议已生成', data: { state: 0, renewFrom: g.id } });
    // An expired one: stored 生效中, shown 已到期, and filtered as such.
    const old = await generate(archId, { startDate: '2020-01-01', endDate: '2020-12-31' });
    await c.doctor.post(`${U}/sign-contract`, { id: old.id, rowVersion: old.rowVersion, autograph: SIGNED });
    const late = await c.doctor.post(`${U}/sign-contract-comes-into-effect`, { id: old.id, rowVersion: old.rowVersion + 1 });
    expect(late.body.msg).toBe('协议已过签约周期，不能生效');
    const listed = (await c.doctor.get(`${U}/new-list?state_equal=3&archId_equal=${archId}`)).body.data.records as {
      id: string;
      stateText: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ id: old.id, stateText: '已到期' })]);
  });
});

describe('one-key and family signing, the signing service, performance', () => {
  it('signs a family in one call with one signature, all or none, and finds them by the batch id', async () => {
    const family = [archIds[5]!, archIds[6]!];
    const terms = { teamId: '2401', doctorId, packIds: [packA], ...period() };
    const res = await c.doctor.post(`${U}/one-key-sign-contract`, { archIds: family, autograph: SIGNED, ...terms });
    expect(res.body).toMatchObject({ msg: '已为2位居民签约' });
    const rows = res.body.data as { state: number; gwId: string; autographLink: string; signTypeText: string }[];
    expect(rows.map((r) => [r.state, r.signTypeText])).toEqual([
      [1, '一键签约'],
      [1, '一键签约'],
    ]);
    expect(rows[0]!.autographLink).toBe(rows[1]!.autographLink);
    const batch = await c.doctor.post(`${U}/get-batch-family-sign-contract-by-gw-id`, { gwId: rows[0]!.gwId });
    expect(batch.body.data).toHaveLength(2);
    // The same period again for one of them: nobody is signed.
    const before = (await c.doctor.get(`${U}/list-contract-by-arch-id?archId=${archIds[7]}`)).body.data.length;
    const clash = await c.doctor.post(`${U}/one-key-sign-contract`, { archIds: [archIds[7], archIds[5]], autograph: SIGNED, ...terms });
    expect(clash.body.msg).toMatch(/同一时期不能重复签约$/);
    expect((await c.doctor.get(`${U}/list-contract-by-arch-id?archId=${archIds[7]}`)).body.data.length).toBe(before);
    expect(
      (
        await c.doctor.post(`${U}/one-key-sign-contract`, {
          archIds: [archIds[7]],
          autograph: png(200, 80),
          ...period(),
          teamId: '2401',
          doctorId,
          packIds: [packA],
        })
      ).body.msg,
    ).toBe('签名为空，请在签名板上签名后再确认');
    expect((await c.doctor.post(`${U}/get-batch-family-sign-contract-by-gw-id`, {})).body.msg).toBe('请提供签约批次号');
  });

  it('sign-up applies (居民申请) and do-signing-contract signs it', async () => {
    const up = await c.nurse.post(`${S}/sign-up`, { archId: archIds[8], teamId: '2401', doctorId, packIds: packA, ...period() });
    expect(up.body).toMatchObject({ msg: '签约申请已提交', data: { state: 0, signTypeText: '居民申请' } });
    const done = await c.doctor.post(`${S}/do-signing-contract`, {
      id: up.body.data.id,
      rowVersion: up.body.data.rowVersion,
      autograph: SIGNED,
    });
    expect(done.body).toMatchObject({ msg: '签约成功', data: { state: 1 } });
    expect((await c.doctor.post(`${S}/do-signing-contract`, { id: up.body.data.id, rowVersion: done.body.data.rowVersion })).body.msg).toBe(
      '协议当前为已签约，不能签约',
    );
  });

  it('counts the items of the packs done from the resident’s records in the period', async () => {
    const archId = hypertensive;
    const g = await generate(archId, { packIds: [packB], startDate: '2024-01-01', endDate: '2024-12-31' });
    await c.doctor.post(`${U}/sign-contract`, { id: g.id, rowVersion: g.rowVersion, autograph: SIGNED });
    const visit = await c.doctor.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
      archId,
      values: goodHypertensionValues({ visitDate: '2024-06-10', nextVisitDate: '2024-09-10' }),
    });
    expect(visit.body.success, JSON.stringify(visit.body)).toBe(true);
    const data = (await c.doctor.post(`${P}/listPerformDatas`, { cnStr: g.contractNo })).body.data;
    expect(data.items.map((i: { projectName: string; planned: number; done: number }) => [i.projectName, i.planned, i.done])).toEqual([
      ['高血压随访', 4, 1],
      ['健康咨询', 2, 0],
    ]);
    const list = (await c.leader.get(`${P}/list?archId_equal=${archId}`)).body.data.records;
    expect(list).toEqual([expect.objectContaining({ id: g.id, planned: 6, done: 1, rate: 16.7 })]);
    expect((await c.doctor.post(`${P}/listPerformDatas`, {})).body.msg).toBe('请提供签约协议编号');
    expect((await c.doctor.post(`${P}/listPerformDatas?cnStr=QY1`)).status).toBe(404);
  });
});

describe('another tenant', () => {
  it('answers another tenant’s contract as absent and changes nothing', async () => {
    const s = await signed(archIds[10]);
    const o = c.otherAdmin;
    expect((await o.get(`${U}/detail?id=${s.id}`)).status).toBe(404);
    expect((await o.get(`${U}/get-agreement-url?id=${s.id}`)).status).toBe(404);
    expect((await o.post(`${U}/sign-contract-comes-into-effect`, { id: s.id, rowVersion: s.rowVersion })).status).toBe(404);
    expect((await o.post(`${U}/contract-termination`, { id: s.id, rowVersion: s.rowVersion, reason: 'x' })).status).toBe(404);
    expect((await o.post(`${U}/contract-cancel`, { id: s.id, rowVersion: s.rowVersion })).status).toBe(404);
    expect((await o.post(`${U}/contract-invalid/byid`, { ids: [s.id] })).status).toBe(404);
    expect((await o.post(`${U}/batch-sign-contract-comes-into-effect`, { ids: [s.id] })).status).toBe(404);
    expect((await o.post(`${U}/contract-remove`, { id: s.id })).status).toBe(404);
    expect((await o.post(`${U}/update`, { id: s.id, rowVersion: s.rowVersion, autograph: SIGNED })).status).toBe(404);
    expect((await o.post(`${P}/listPerformDatas`, { cnStr: s.contractNo })).status).toBe(404);
    expect((await o.get(`${U}/list-contract-by-arch-id?archId=${archIds[10]}`)).status).toBe(404);
    expect((await o.get(`${U}/new-list?size=200`)).body.data.records.some((r: { id: string }) => r.id === s.id)).toBe(false);
    expect(
      (await o.post(`${U}/create-or-update-contract`, { archId: archIds[10], teamId: '2401', doctorId, packIds: [packA], ...period() }))
        .status,
    ).toBe(404);
    expect((await c.doctor.get(`${U}/detail?id=${s.id}`)).body.data).toMatchObject({ state: 1, rowVersion: s.rowVersion });
  });
});
