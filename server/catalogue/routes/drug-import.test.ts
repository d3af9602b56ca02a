// drugs/import-drugs and drugs/import-drugs-logs: the drug catalogue from an .xlsx, each row
// submitted as the dialog submits it, and the log of every import, newest first.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const D = '/api/blade-iph-business/drugs';

async function workbook(rows: (string | number)[][], header = ['药品编码*', '药品名称*', '拼音码', '规格', '状态']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('药品');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with one file, as an upload dialog sends it. */
function multipart(file: Buffer, filename: string, isCovered?: string) {
  const boundary = '----drugimport';
  const payload = Buffer.concat([
    ...(isCovered === undefined
      ? []
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n${isCovered}\r\n`)]),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = async (caller: typeof admin, file: Buffer, filename = 'drugs.xlsx', isCovered?: string) => {
  const { payload, headers } = multipart(file, filename, isCovered);
  return caller.post(`${D}/import-drugs`, payload, headers);
};

describe('drugs/import-drugs and import-drugs-logs', () => {
  it('adds the good rows, lists each refused row’s line and message, and logs the import', async () => {
    await admin.post(`${D}/submit`, { ypbm: 'IM00', ypmc: '已有的药' });
    const file = await workbook([
      ['IM01', '硝苯地平缓释片', 'XBDPHSP', '20mg*30片', '启用'],
      ['IM02', '二甲双胍片', 'EJSGP', '0.5g*48片', '停用'],
      ['', '没有编码的药', '', '', ''],
      ['IM00', '编码重复的药', '', '', ''],
      ['IM 05', '编码不对的药', '', '', ''],
      ['IM06', '状态不对的药', '', '', '暂停'],
      ['IM07', '拼音不对的药', 'ab1', '', ''],
    ]);
    const answer = await upload(admin, file, '药品目录.xlsx');
    expect(answer.body).toMatchObject({
      msg: '导入完成：成功2条，失败5条',
      data: {
        fileName: '药品目录.xlsx',
        total: 7,
        imported: 2,
        refused: 5,
        problems: [
          { line: 4, msg: '请输入药品编码' },
          { line: 5, msg: '药品编码已存在' },
          { line: 6, msg: '药品编码只能是 1–32 位字母、数字、- 或 _' },
          { line: 7, msg: '状态只能填写启用或停用' },
          { line: 8, msg: '拼音码只能是字母' },
        ],
      },
    });
    const imported = (await admin.get(`${D}/list?ypbm_like=IM0&size=50`)).body.data.records as { ypbm: string; status: number }[];
    expect(imported.map((r) => [r.ypbm, r.status])).toEqual([
      ['IM00', 1],
      ['IM01', 1],
      ['IM02', 0],
    ]);

    expect((await upload(admin, await workbook([['IM08', '第二次导入的药']]), 'second.xlsx')).body.msg).toBe('导入成功：1条');
    const logs = (await admin.get(`${D}/import-drugs-logs`)).body.data;
    expect(logs).toMatchObject({ total: 2, current: 1 });
    expect(logs.records.map((l: { fileName: string }) => l.fileName)).toEqual(['second.xlsx', '药品目录.xlsx']);
    expect(logs.records[1]).toMatchObject({ total: 7, imported: 2, refused: 5, createUserName: expect.any(String) });
    expect(logs.records[1].problems[0]).toEqual({ line: 4, msg: '请输入药品编码' });
    expect(logs.records[1].problemText).toMatch(/^第4行：请输入药品编码；第5行：药品编码已存在；/);
    expect((await admin.get(`${D}/import-drugs-logs?current=2&size=1`)).body.data.records[0].fileName).toBe('药品目录.xlsx');
    // Another tenant's logs are its own.
    expect((await otherAdmin.get(`${D}/import-drugs-logs`)).body.data.total).toBe(0);
  });

  it('with the cover switch, a row of a taken code updates that drug instead of being refused', async () => {
    await admin.post(`${D}/submit`, { ypbm: 'CV01', ypmc: '旧名称', gg: '10mg' });
    const file = await workbook([['CV01', '新名称', '', '', '停用']]);
    expect((await upload(admin, file, 'cover.xlsx', '0')).body.data.problems).toEqual([{ line: 2, msg: '药品编码已存在' }]);
    expect((await upload(admin, file, 'cover.xlsx', '1')).body.data).toMatchObject({ imported: 1, refused: 0 });
    const drug = (await admin.get(`${D}/list?ypbm_equal=CV01`)).body.data.records[0];
    expect(drug).toMatchObject({ ypmc: '新名称', gg: '10mg', status: 0, rowVersion: 2 });
    expect((await admin.post(`${D}/import-drugs?isCovered=maybe`)).status).toBe(400);
  });

  it('refuses a file that is not the catalogue’s, and non-administrators, changing nothing', async () => {
    const good = await workbook([['BAD1', '不该导入的药']]);
    expect((await upload(admin, good, 'drugs.xls')).body.msg).toBe('请将xls文件另存为xlsx格式后导入');
    expect((await upload(admin, good, 'drugs.csv')).body.msg).toBe('只能导入xlsx格式的Excel文件');
    expect((await upload(admin, Buffer.from('not a zip'), 'drugs.xlsx')).body.msg).toBe('无法读取Excel文件，请使用xlsx格式');
    expect((await upload(admin, await workbook([['x']], ['名称']))).body.msg).toBe('导入文件缺少列：药品编码、药品名称');
    expect((await upload(admin, await workbook([]))).body.msg).toBe('导入文件中没有药品数据');
    expect((await admin.post(`${D}/import-drugs`, { file: 'x' })).body.msg).toBe('请以multipart/form-data上传Excel文件');
    const refused = await upload(doctor, good);
    expect(refused.status).toBe(403);
    expect((await doctor.get(`${D}/import-drugs-logs`)).status).toBe(403);
    expect((await admin.get(`${D}/list?ypbm_equal=BAD1`)).body.data.total).toBe(0);
    expect((await admin.get(`${D}/import-drugs-logs?size=999`)).status).toBe(400);
  });
});
