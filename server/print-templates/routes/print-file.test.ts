// getPrintFile (the selected archives' print) and the printed files kept by link: the PDF's text read
// back (pdfjs) shows each resident's cover, 个人基本信息表 and the year's records, the ID number
// masked for a doctor and whole (and audited) for the administrator; the spec's three messages;
// another tenant's archive does not exist; the same archives print to the same bytes; a link made by
// get-preview-url(s) opens as the same PDF, is listed, annotated and removed by its owner only.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { pdfText } from '../../test-support/pdf-text';
import { demoArchiveIds, goodHypertensionValues, type Caller } from '../../forms/routes/form-test-support';
import { maskMiddle } from '../../platform/services/masking';

const c = careTeamCallers();
const R = '/api/blade-iph-business/report';
const REST = '/api/blade-report/report/rest';
const thisYear = new Date().getFullYear();

async function raw(caller: Caller, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await c.app().app.inject({
    method,
    url,
    headers: { 'blade-auth': `bearer ${caller.token}` },
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, json: () => res.json() };
}
const printFile = (caller: Caller, items: unknown) => raw(caller, 'POST', '/api/getPrintFile', items);
const archiveItem = (archId: string, printYear: number | string = thisYear, code = 'healtharchiveprint') => ({
  origin: 'archive',
  code,
  param: { archId, printYear },
});

async function resident(archId: string) {
  const { rows } = await sql<{ person_name: string; id_card: string; archives_no: string; phone: string }>`
    select person_name, id_card, archives_no, phone from user_archive where id = ${archId}`.execute(c.app().deps.db);
  return rows[0]!;
}

async function audits(archId: string) {
  return (
    await sql<{
      field: string;
      route: string;
    }>`select field, route from sensitive_read_audit where archive_id = ${archId} order by field`.execute(c.app().deps.db)
  ).rows;
}

async function followUp(caller: Caller, archId: string): Promise<string> {
  const saved = await caller.post('/api/blade-iph-business/userfollowup/high-blood-pressure-follow-up', {
    archId,
    values: goodHypertensionValues({ visitMethod: '2', symptomOther: '年度档案里的随访' }),
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return saved.body.data.followId as string;
}

describe('getPrintFile: the selected archives as one PDF', () => {
  it('prints two residents’ health archives, each cover and 个人基本信息表, the ID masked for a doctor; the same bytes twice', async () => {
    const [a1, a2] = await demoArchiveIds(c.app().deps.db);
    const [p1, p2] = [await resident(a1!), await resident(a2!)];
    const res = await printFile(c.doctor, [archiveItem(a1!), archiveItem(a2!)]);
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.type).toBe('application/pdf');
    const { pages, text } = await pdfText(res.bytes);
    // Each resident: the cover page, then the basic information (and the year's records, none here).
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain('居民健康档案');
    expect(text).toContain('个人基本信息表');
    expect(text).toContain(`姓名${p1.person_name}`);
    expect(text).toContain(`姓名${p2.person_name}`);
    expect(text).toContain(p1.archives_no);
    expect(text).toContain('建档单位源城区示范社区卫生服务中心');
    expect(text).toContain(maskMiddle(p1.id_card));
    expect(text).not.toContain(p1.id_card);
    expect(text).toContain(`${thisYear}年度无服务记录`);

    const again = await printFile(c.doctor, { list: [archiveItem(a1!), archiveItem(a2!)] });
    expect(again.status).toBe(200);
    expect(Buffer.compare(again.bytes, res.bytes)).toBe(0);
    expect(await audits(a1!)).toEqual([]);
  });

  it('prints the year’s records of the resident as their paper forms (param as JSON text)', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    await followUp(c.doctor, archId!);
    const res = await printFile(c.doctor, [
      { origin: 'archive', code: 'healtharchiveprint', param: JSON.stringify({ archId, printYear: '2024' }) },
    ]);
    expect(res.status, res.bytes.toString()).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain('高血压患者随访服务记录表');
    expect(text).toContain('年度档案里的随访');
    expect(text).not.toContain('2024年度无服务记录');
  });

  it('shows the administrator the whole ID number and phone, and audits each value printed', async () => {
    const ids = await demoArchiveIds(c.app().deps.db);
    const archId = ids[5]!;
    const person = await resident(archId);
    const res = await printFile(c.admin, [archiveItem(archId, thisYear, 'archivecard')]);
    expect(res.status).toBe(200);
    const { text } = await pdfText(res.bytes);
    expect(text).toContain(person.id_card);
    const rows = await audits(archId);
    expect(rows.map((r) => r.field)).toContain('idCard');
    expect(rows.every((r) => r.route === 'POST /getPrintFile')).toBe(true);
    if (person.phone) expect(rows.map((r) => r.field)).toContain('phone');
  });

  it('prints one follow-up record through its form’s template', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db, 'hypertension');
    const id = await followUp(c.doctor, archId!);
    const res = await printFile(c.nurse, [{ origin: 'followup', code: 'hypertensionfollowup', param: { id } }]);
    expect(res.status, res.bytes.toString()).toBe(200);
    expect((await pdfText(res.bytes)).text).toContain('随访方式家庭');
    // The record is not of the template's form: the configuration is wrong.
    const wrong = await printFile(c.nurse, [{ origin: 'followup', code: 'diabetesfollowup', param: { id } }]);
    expect(wrong.status).toBe(400);
    expect(wrong.json().msg).toBe('打印业务参数配置错误！');
  });

  it('answers the spec’s messages: nothing chosen, a year ahead, a bad configuration', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db);
    const msg = async (items: unknown) => {
      const r = await printFile(c.doctor, items);
      expect(r.status).toBe(400);
      return r.json().msg as string;
    };
    expect(await msg([])).toBe('请选择要打印的档案!');
    expect(await msg({ list: [] })).toBe('请选择要打印的档案!');
    expect(await msg([archiveItem(archId!, thisYear + 1)])).toBe('不能大于当前年份!');
    expect(await msg([archiveItem(archId!, thisYear, 'nosuchtemplate')])).toBe('打印业务参数配置错误！');
    expect(await msg([{ origin: 'archive', code: 'healtharchiveprint', param: '{archId:' }])).toBe('打印业务参数配置错误！');
    expect(await msg([{ origin: 'archive', code: 'healtharchiveprint', param: { printYear: thisYear } }])).toBe('打印业务参数配置错误！');
    expect(await msg([archiveItem(archId!, 'abcd')])).toBe('打印业务参数配置错误！');
    expect(await msg([{ origin: 'nowhere', code: 'healtharchiveprint', param: { archId } }])).toBe('打印业务参数配置错误！');
    // Not a list of items at all: the schema's own 400.
    expect((await printFile(c.doctor, { list: 'x' })).status).toBe(400);
  });

  it('does not find another tenant’s archive, and refuses a role without 打印档案', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db);
    const other = await printFile(c.otherAdmin, [archiveItem(archId!)]);
    expect(other.status).toBe(404);
    expect(other.json().msg).toBe(`档案不存在：${archId}`);
    expect((await printFile(c.cdc, [archiveItem(archId!)])).status).toBe(403);
  });
});

describe('get-preview-url(s) and 报表文件 (blade-report/report/rest)', () => {
  it('keeps a link whose PDF is the print; lists, annotates and removes it for its owner only', async () => {
    const [a1, a2] = await demoArchiveIds(c.app().deps.db);
    const p1 = await resident(a1!);
    const one = await c.doctor.get(
      `${R}/get-preview-url?origin=archive&code=archivecard&param=${encodeURIComponent(JSON.stringify({ archId: a1 }))}`,
    );
    expect(one.body.success, JSON.stringify(one.body)).toBe(true);
    expect(one.body.data.link).toBe(`/api/blade-report/report/rest/pdf?id=${one.body.data.id}`);
    expect(one.body.data.name).toBe(`居民健康档案封面/个人基本信息表-${p1.person_name}`);

    const opened = await raw(c.doctor, 'GET', one.body.data.link);
    expect(opened.status).toBe(200);
    expect(opened.type).toBe('application/pdf');
    const direct = await printFile(c.doctor, [archiveItem(a1!, thisYear, 'archivecard')]);
    expect(Buffer.compare(opened.bytes, direct.bytes)).toBe(0);

    const many = await c.doctor.post(`${R}/get-preview-urls`, [archiveItem(a1!), archiveItem(a2!)]);
    expect(many.body.success, JSON.stringify(many.body)).toBe(true);
    expect(many.body.data.name).toContain('等2份');
    const both = await pdfText((await raw(c.doctor, 'GET', many.body.data.link)).bytes);
    expect(both.text).toContain(`姓名${p1.person_name}`);
    expect(both.text).toContain(`姓名${(await resident(a2!)).person_name}`);

    // Someone else's link does not open, nor does another tenant's caller see it.
    expect((await raw(c.nurse, 'GET', one.body.data.link)).status).toBe(404);
    expect((await raw(c.otherAdmin, 'GET', one.body.data.link)).status).toBe(404);

    const list = await c.doctor.get(`${REST}/list?current=1&size=50`);
    expect(list.body.success).toBe(true);
    const ids = (list.body.data.records as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([one.body.data.id, many.body.data.id]));
    expect((await c.nurse.get(`${REST}/list`)).body.data.records.map((r: { id: string }) => r.id)).not.toContain(one.body.data.id);

    const remarked = await c.doctor.get(`${REST}/update-remark?id=${one.body.data.id}&remark=${encodeURIComponent('交给居民')}`);
    expect(remarked.body.data).toMatchObject({ id: one.body.data.id, remark: '交给居民', itemCount: 1 });
    expect((await c.nurse.get(`${REST}/update-remark?id=${one.body.data.id}&remark=x`)).status).toBe(404);

    expect((await c.doctor.post(`${REST}/remove?ids=${one.body.data.id},999`)).status).toBe(404);
    const removed = await c.doctor.post(`${REST}/remove?ids=${one.body.data.id}`);
    expect(removed.body).toMatchObject({ success: true, data: true });
    expect((await raw(c.doctor, 'GET', one.body.data.link)).status).toBe(404);
    expect((await c.doctor.post(`${REST}/remove`)).body.msg).toBe('参数[ids]不能为空');
  });

  it('checks a link’s items as getPrintFile does', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db);
    const future = await c.doctor.get(
      `${R}/get-preview-url?origin=archive&code=archivecard&param=${encodeURIComponent(JSON.stringify({ archId, printYear: thisYear + 1 }))}`,
    );
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe('不能大于当前年份!');
    expect((await c.doctor.post(`${R}/get-preview-urls`, [])).body.msg).toBe('请选择要打印的档案!');
    expect((await c.doctor.get(`${R}/get-preview-url?origin=archive&code=archivecard&param=nojson`)).body.msg).toBe(
      '打印业务参数配置错误！',
    );
    const other = await c.otherAdmin.get(
      `${R}/get-preview-url?origin=archive&code=archivecard&param=${encodeURIComponent(JSON.stringify({ archId }))}`,
    );
    expect(other.status).toBe(404);
    expect((await c.cdc.post(`${R}/get-preview-urls`, [])).status).toBe(403);
  });

  it('answers a QR code as a PNG data URL, the same for the same content', async () => {
    const first = await c.doctor.get(`${R}/create-qr-code2?content=${encodeURIComponent('https://example.org/a?id=1')}`);
    expect(first.body.success).toBe(true);
    expect(first.body.data).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
    const png = Buffer.from((first.body.data as string).split(',')[1]!, 'base64');
    expect(png.readUInt32BE(16)).toBeGreaterThan(20); // the image's width
    expect((await c.doctor.get(`${R}/create-qr-code2?content=${encodeURIComponent('https://example.org/a?id=1')}`)).body.data).toBe(
      first.body.data,
    );
    const empty = await c.doctor.get(`${R}/create-qr-code2?content=`);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('二维码内容不能为空');
    expect((await c.cdc.get(`${R}/create-qr-code2?content=x`)).status).toBe(403);
  });
});
