// A resource document's list exports to Excel through blade-iph-input/excel-api/export with the
// list's own path (药品目录's 导出): the export pages through the generic list as the caller, so the
// document's search suffixes, its refusals and the caller's tenant apply to the file too.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type Caller } from '../../forms/routes/form-test-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let admin: Caller;
let otherAdmin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  otherAdmin = await loginAs(t.app, 'admin', '100002');
});
afterAll(() => t.close());

const D = '/api/blade-iph-business/drugs';
const columns = [
  { label: '药品编码', prop: 'ypbm' },
  { label: '药品名称', prop: 'ypmc' },
  { label: '规格', prop: 'gg' },
];

/** Downloads the answered link as the browser does and reads the data rows (below the title and the header). */
async function sheetRows(link: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: link });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 2) rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('exporting a resource document’s list', () => {
  it('writes the rows the list finds with its search, and refuses what the list refuses', async () => {
    for (const [ypbm, ypmc] of [
      ['A001', '硝苯地平缓释片'],
      ['A002', '硝苯地平控释片'],
      ['B001', '阿司匹林肠溶片'],
    ])
      await admin.post(`${D}/submit`, { ypbm, ypmc, gg: '30片', jx: '片剂', dw: '盒', status: 1 });

    const exported = await admin.post('/api/blade-iph-input/excel-api/export', {
      sheet_name: '药品目录',
      columns,
      params: { ypmc_like: '硝苯地平', descs: 'ypbm' },
      url: `${D}/list`,
    });
    expect(exported.body).toMatchObject({ success: true, data: { name: '药品目录.xlsx' } });
    expect(await sheetRows(exported.body.data.link as string)).toEqual([
      ['A002', '硝苯地平控释片', '30片'],
      ['A001', '硝苯地平缓释片', '30片'],
    ]);

    const refused = await admin.post('/api/blade-iph-input/excel-api/export', { columns, params: { jx_like: '片' }, url: `${D}/list` });
    expect([refused.status, refused.body.msg]).toEqual([400, '不支持的查询条件: jx_like']);

    // Another tenant's administrator exports that tenant's catalogue: empty here.
    const other = await otherAdmin.post('/api/blade-iph-input/excel-api/export', { columns, params: {}, url: `${D}/list` });
    expect(await sheetRows(other.body.data.link as string)).toEqual([]);
  });
});
