import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';
import { ExportFile } from '../../../src/shared/contract/reports';

let t: TestApp;
const tokens: Record<string, string> = {};

const login = async (username: string, tenantId: string) =>
  (await postToken(t.app, { username, tenantId, password: md5Hex(SEED_PASSWORD) })).json().access_token as string;
const headers = (who: string) => ({ 'blade-auth': `bearer ${tokens[who]}` });
const exportAs = (who: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/blade-iph-input/excel-api/export', headers: headers(who), payload });

/** Downloads the answered link the way the browser does (no token) and reads the sheet back. */
async function download(link: string) {
  const res = await t.app.inject({ method: 'GET', url: link });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

beforeAll(async () => {
  t = await createTestApp();
  tokens.a = await login('admin', '100001');
  tokens.b = await login('admin', '100002');
});
afterAll(() => t.close());

describe('excel export', () => {
  it('exports the posted records: merged title, grouped headers, dictionary labels and dates', async () => {
    const res = await exportAs('a', {
      sheet_name: '居民名单',
      title_name: '居民名单导出',
      columns: [
        { label: '姓名', prop: 'name' },
        { label: '基本信息', prop: '', colspan: 2 },
        {
          label: '性别',
          prop: 'sex',
          dicData: [
            { label: '男', value: '1' },
            { label: '女', value: '2' },
          ],
        },
        {
          label: '人群分类',
          prop: 'crowd',
          multiple: true,
          dicData: [
            { label: '老年人', value: 'old' },
            { label: '高血压', value: 'hbp' },
            { label: '糖尿病', value: 'dm' },
          ],
        },
        { label: '建档日期', prop: 'created', type: 'date', format: 'yyyy年MM月dd日' },
      ],
      records: [
        { name: '张三', sex: 1, crowd: 'old,dm', created: '2024-03-05 08:30:00' },
        { name: '李四', sex: '2', crowd: ['hbp'], created: '2023-12-31' },
      ],
      params: {},
      url: '',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, data: { name: '居民名单导出.xlsx' } });
    expect(body.data.link).toMatch(/^\/api\/blade-resource\/oss\/file\/[0-9a-f-]{36}$/);
    // Exactly the contract's fields (src/shared/contract/reports.ts).
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(ExportFile.properties).sort());

    const file = await t.app.inject({ method: 'GET', url: body.data.link });
    // The browser saves the file under the export's title, not the storage id.
    expect(file.headers['content-disposition']).toBe(`inline; filename*=UTF-8''${encodeURIComponent('居民名单导出.xlsx')}`);
    const sheet = await download(body.data.link);
    expect(sheet.name).toBe('居民名单');
    expect(sheet.getCell('A1').value).toBe('居民名单导出');
    expect(sheet.getCell('D1').isMerged && sheet.getCell('D1').master.address).toBe('A1');
    // Two header rows: 姓名 and 建档日期 span both, 基本信息 spans 性别 + 人群分类.
    expect(sheet.getCell('A2').value).toBe('姓名');
    expect(sheet.getCell('A3').master.address).toBe('A2');
    expect(sheet.getCell('B2').value).toBe('基本信息');
    expect(sheet.getCell('C2').master.address).toBe('B2');
    expect(rowValues(sheet, 3).slice(1, 3)).toEqual(['性别', '人群分类']);
    expect(sheet.getCell('D2').value).toBe('建档日期');
    expect(rowValues(sheet, 4)).toEqual(['张三', '男', '老年人,糖尿病', '2024年03月05日']);
    expect(rowValues(sheet, 5)).toEqual(['李四', '女', '高血压', '2023年12月31日']);
    expect(sheet.getColumn(3).width).toBeGreaterThanOrEqual(14);
  });

  it('exports the rows of a list url as the caller, within the caller’s tenant only', async () => {
    const add = (who: string, paramKey: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/blade-system/systemparam/submit',
        headers: headers(who),
        payload: { paramName: `导出测试${paramKey}`, paramKey, paramValue: '1' },
      });
    expect((await add('a', 'export_mine')).json().success).toBe(true);
    expect((await add('b', 'export_other')).json().success).toBe(true);

    const res = await exportAs('a', {
      sheet_name: '系统参数',
      title_name: '系统参数',
      columns: [
        { label: '参数名称', prop: 'paramName' },
        { label: '参数键名', prop: 'paramKey' },
      ],
      records: [],
      params: { paramName_like: '导出测试' },
      url: '/api/blade-system/systemparam/list',
    });
    expect(res.statusCode).toBe(200);
    const sheet = await download(res.json().data.link);
    expect(rowValues(sheet, 2)).toEqual(['参数名称', '参数键名']);
    const keys = [] as unknown[];
    sheet.eachRow((row, n) => {
      if (n > 2) keys.push(row.getCell(2).value);
    });
    expect(keys).toEqual(['export_mine']);
  });

  it('exports a seeded dictionary’s entries, whose report option value is their name', async () => {
    const parents = (
      await t.app.inject({ method: 'GET', url: '/api/blade-system/dict-biz/parent-list?code=sex&size=50', headers: headers('a') })
    ).json().data.records as { id: string; code: string }[];
    const sex = parents.find((p) => p.code === 'sex')!;
    const res = await exportAs('a', {
      sheet_name: '性别',
      title_name: '字典项',
      columns: [
        { label: '字典键值', prop: 'dictKey' },
        { label: '字典名称', prop: 'dictValue' },
        { label: '报表选项值', prop: 'pdfKey' },
      ],
      records: [],
      params: { parentId: sex.id },
      url: '/api/blade-system/dict-biz/child-list',
    });
    const sheet = await download(res.json().data.link);
    expect([3, 4, 5, 6].map((n) => rowValues(sheet, n))).toEqual([
      ['1', '男', '男'],
      ['2', '女', '女'],
      ['0', '未知的性别', '未知的性别'],
      ['9', '未说明的性别', '未说明的性别'],
    ]);
  });

  it('pages through a list longer than one page', async () => {
    const parent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/blade-system/dict-biz/submit',
        headers: headers('b'),
        payload: { code: 'export_many', dictValue: '导出分页', sort: 1, isSealed: 0, isAdmin: 0, tenantId: '100002' },
      })
    ).json();
    expect(parent.success).toBe(true);
    const parentId = String(parent.data.id);
    for (let i = 0; i < 205; i++) {
      const child = await t.app.inject({
        method: 'POST',
        url: '/api/blade-system/dict-biz/submit',
        headers: headers('b'),
        payload: { parentId, code: 'export_many', dictKey: `k${i}`, dictValue: `项${i}`, pdfKey: `项${i}`, sort: i + 1, isSealed: 0 },
      });
      expect(child.json().success).toBe(true);
    }
    const res = await exportAs('b', {
      title_name: '字典项',
      columns: [{ label: '字典键值', prop: 'dictKey' }],
      records: [],
      params: { parentId },
      url: '/blade-system/dict-biz/list',
    });
    expect(res.statusCode).toBe(200);
    const sheet = await download(res.json().data.link);
    expect(sheet.rowCount).toBe(2 + 205);
    // Another tenant cannot reach that list through the export either.
    const other = await exportAs('a', {
      title_name: '字典项',
      columns: [{ label: '字典键值', prop: 'dictKey' }],
      records: [],
      params: { parentId },
      url: '/blade-system/dict-biz/list',
    });
    expect(other.json()).toMatchObject({ success: false, msg: '字典不存在' });
  }, 60_000);

  it.each([
    'http://example.com/blade-system/systemparam/list',
    '//example.com/blade-system/systemparam/list',
    '/blade-system/../blade-auth/x/../../etc',
    '/static/index.html',
    'javascript:alert(1)',
  ])('refuses the url %s', async (url) => {
    const res = await exportAs('a', { title_name: 'x', columns: [{ label: '名称', prop: 'name' }], records: [], params: {}, url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, msg: '只能导出本系统接口的数据' });
  });

  it('refuses a request without columns, and one with neither records nor url', async () => {
    const missing = await exportAs('a', { title_name: 'x', records: [{ a: 1 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('参数[columns]不能为空');
    expect((await exportAs('a', { title_name: 'x', columns: [], records: [{ a: 1 }] })).json().msg).toBe('参数[columns]不能为空');
    expect((await exportAs('a', { title_name: 'x', columns: [{ label: 'A', prop: 'a' }], records: [], url: '' })).json().msg).toBe(
      '参数[records]与[url]不能同时为空',
    );
  });

  it('needs a logged-in caller', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-iph-input/excel-api/export',
      payload: { columns: [{ label: 'A', prop: 'a' }], records: [{ a: 1 }] },
    });
    expect(res.statusCode).toBe(401);
  });
});
