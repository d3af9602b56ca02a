// A measurement / lab / exam report printed (decision 0046): the built-in template measure/measurereport
// through getPrintFile and get-preview-url — an A4 PDF with the resident's header, the report's fields
// with the dictionaries' names, the result rows with unit, reference range and the abnormal mark, an
// exam report's findings and image; the same bytes twice; another tenant's report does not exist, a
// role without 检查检验报告 may not print it, a bad param is the spec's configuration message.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { careTeamCallers } from '../../test-support/care-team-callers';
import { pdfText } from '../../test-support/pdf-text';
import { demoArchiveIds, type Caller } from '../../forms/routes/form-test-support';
import { maskMiddle } from '../../platform/services/masking';
import { insertAttachment } from '../../resource/index';

const c = careTeamCallers();
const B = '/api/blade-iph-business';
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const day = (offset = 0) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function post(caller: Caller, url: string, payload: unknown) {
  const res = await c.app().app.inject({
    method: 'POST',
    url,
    headers: { 'blade-auth': `bearer ${caller.token}` },
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), bytes: res.rawPayload, json: () => res.json() };
}
const item = (id: string) => ({ origin: 'measure', code: 'measurereport', param: { id } });
const printReport = (caller: Caller, id: string) => post(caller, '/api/getPrintFile', [item(id)]);

let made = false;
async function labProject(): Promise<void> {
  if (made) return;
  made = true;
  const projectId = (await c.admin.post(`${B}/ehrproject/submit`, { projType: 2, projCode: 'PXCG', projName: '血常规' })).body.data.id;
  await c.admin.post(`${B}/ehr/submit`, {
    ehrCode: 'PWBC',
    ehrName: '白细胞计数',
    unit: '10^9/L',
    projectId,
    normalLow: 3.5,
    normalHigh: 9.5,
  });
  await c.admin.post(`${B}/ehr/submit`, { ehrCode: 'PHGB', ehrName: '血红蛋白', unit: 'g/L', projectId, normalLow: 115, normalHigh: 150 });
}

async function saveLab(archId: string | undefined, jyid: string, extra: Record<string, unknown> = {}): Promise<string> {
  await labProject();
  const saved = await c.doctor.post(`${B}/usermeasure/save-measure-data`, {
    ...(archId && { arch_id: archId }),
    jyid,
    uname: '化验单上的名字',
    usex: '1',
    uage: 61,
    proj_type: 2,
    proj_code: 'PXCG',
    charge: 1,
    card_type: '1',
    source_code: '0',
    bb_mc: '静脉血',
    cjrq: day(-1),
    jyrq: day(0),
    bgrq: day(0),
    jyys_xm: '李检验',
    bgys_xm: '张伟',
    results: [
      { jyzb_code: 'WBC', jyzb_name: '白细胞计数', jyzb_result: '11.2', ehr_code: 'PWBC' },
      { jyzb_code: 'HGB', jyzb_name: '血红蛋白', jyzb_result: '132', ehr_code: 'PHGB' },
      { jyzb_code: 'RBCM', jyzb_name: '红细胞形态', jyzb_result: '未见异常' },
    ],
    ...extra,
  });
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return saved.body.data.id as string;
}

describe('a measurement report printed through the print templates (origin measure)', () => {
  it('prints a lab report as an A4 PDF: header, fields with dictionary names, results with ranges and marks; the same bytes twice', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db);
    const id = await saveLab(archId!, 'PRT-LAB-1');
    const { rows } = await sql<{ person_name: string; id_card: string; archives_no: string }>`
      select person_name, id_card, archives_no from user_archive where id = ${archId}`.execute(c.app().deps.db);
    const resident = rows[0]!;

    const first = await printReport(c.doctor, id);
    expect(first.status).toBe(200);
    expect(first.type).toContain('application/pdf');
    expect(Buffer.from(first.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(first.bytes);
    expect(pages).toBe(1);
    for (const shown of [
      '检查检验报告单',
      resident.person_name,
      maskMiddle(resident.id_card),
      resident.archives_no,
      '检验单号：PRT-LAB-1',
      '报告类型检验报告',
      '项目血常规',
      '收费类型免费',
      '数据来源本系统',
      '标本静脉血',
      '项目结果单位参考范围提示',
      '1白细胞计数11.210^9/L3.5～9.5↑',
      '2血红蛋白132g/L115～150',
      '3红细胞形态未见异常',
      '报告医生：张伟',
      '第1页/共1页',
    ])
      expect(text, shown).toContain(shown);
    expect(text).not.toContain(resident.id_card);
    // The report's own name is not the header's: a linked report prints its resident's archive.
    expect(text).not.toContain('化验单上的名字');
    const again = await printReport(c.doctor, id);
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
  });

  it('opens the same printout from a get-preview-url link; a report with no resident prints its own name, sex and age', async () => {
    const id = await saveLab(undefined, 'PRT-LAB-2', { id_card: '', usex: '2', uname: '未建档居民' });
    const link = await c.doctor.get(
      `${B}/report/get-preview-url?origin=measure&code=measurereport&param=${encodeURIComponent(JSON.stringify({ id }))}`,
    );
    expect(link.body.success, JSON.stringify(link.body)).toBe(true);
    expect(link.body.data.name).toBe('检查检验报告单-未建档居民');
    const res = await c
      .app()
      .app.inject({ method: 'GET', url: link.body.data.link as string, headers: { 'blade-auth': `bearer ${c.doctor.token}` } });
    expect(res.statusCode).toBe(200);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('姓名未建档居民性别女年龄61岁');
    expect(text).toContain('检验单号：PRT-LAB-2');
  });

  it('prints an exam report with its findings and the image the app stored', async () => {
    const [, archId] = await demoArchiveIds(c.app().deps.db);
    const { rows } = await sql<{ tenant_id: string }>`select tenant_id from user_archive where id = ${archId}`.execute(c.app().deps.db);
    const fileId = await insertAttachment(c.app().deps.db, {
      tenantId: rows[0]!.tenant_id,
      userId: '1',
      originalName: 'ecg.png',
      contentType: 'image/png',
      content: Buffer.from(PNG_1X1, 'base64'),
      time: new Date(),
    });
    // A PACS system's report put with its image (put-data: no project of the tree needed).
    const saved = await c.doctor.post(`${B}/usermeasure/put-data`, {
      data: [
        {
          arch_id: archId,
          jyid: 'PRT-EXAM-1',
          uname: '检查',
          proj_type: 3,
          jyrq: day(0),
          reports: [
            {
              file_type: 1,
              check_find: '窦性心律，心率72次/分',
              check_result: '正常心电图',
              file_url: `/api/blade-resource/oss/file/${fileId}`,
            },
          ],
        },
      ],
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const printed = await printReport(c.doctor, saved.body.data[0].id as string);
    expect(printed.status).toBe(200);
    const { text } = await pdfText(printed.bytes);
    expect(text).toContain('报告类型检查报告');
    expect(text).toContain('检查所见窦性心律，心率72次/分');
    expect(text).toContain('检查结论正常心电图');
    expect(text).toContain('无结果项目');
    expect(text).toContain('报告图片');
    // The image is embedded as an image XObject, not printed as its address.
    expect(Buffer.from(printed.bytes).toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    expect(text).not.toContain('/api/blade-resource');
  });

  it('another tenant’s report does not exist; a role without 检查检验报告 may not print it; a bad id is the configuration message', async () => {
    const [archId] = await demoArchiveIds(c.app().deps.db);
    const id = await saveLab(archId!, 'PRT-LAB-3');
    const other = await printReport(c.otherAdmin, id);
    expect(other.status).toBe(404);
    expect(other.json().msg).toBe(`报告不存在：${id}`);
    const otherLink = await c.otherAdmin.get(
      `${B}/report/get-preview-url?origin=measure&code=measurereport&param=${encodeURIComponent(JSON.stringify({ id }))}`,
    );
    expect(otherLink.status).toBe(404);
    expect((await printReport(c.cdc, id)).status).toBe(403);
    const bad = await post(c.doctor, '/api/getPrintFile', [{ origin: 'measure', code: 'measurereport', param: { id: 'abc' } }]);
    expect(bad.status).toBe(400);
    expect(bad.json().msg).toBe('打印业务参数配置错误！');
    const none = await post(c.doctor, '/api/getPrintFile', [{ origin: 'measure', code: 'measurereport', param: {} }]);
    expect(none.json().msg).toBe('打印业务参数配置错误！');
    // A removed report is gone from print too.
    expect((await c.doctor.post(`${B}/usermeasureproject/remove?ids=${id}`, {})).body.success).toBe(true);
    expect((await printReport(c.doctor, id)).status).toBe(404);
  });

  it('list-codes offers the report’s template to a print screen', async () => {
    const codes = await c.doctor.get(`${B}/report/list-codes?origin=measure`);
    expect(codes.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ origin: 'measure', code: 'measurereport', name: '检查检验报告单' })]),
    );
  });
});
