// A resource document's Excel import (the block's `import`; 岗位管理 declares one at post/import):
// the header names the columns by label, a listed column takes its name, each row is submitted as
// the dialog submits it — refused rows answered with their line and message, the others added.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { orgAdminCallers } from '../../test-support/org-admin-callers';

const { admin, otherAdmin, doctor } = orgAdminCallers();
const P = '/api/blade-system/post';

async function workbook(rows: (string | number)[][], header = ['岗位类型*', '岗位编号*', '岗位名称*', '岗位排序*', '岗位描述']) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('岗位');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = async (caller: typeof admin, file: Buffer, filename = 'posts.xlsx') => {
  const boundary = '----postimport';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return caller.post(`${P}/import`, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
};

const codes = async (caller: typeof admin) =>
  ((await caller.get(`${P}/list?size=200`)).body.data.records as { postCode: string; categoryName: string }[]).map(
    (r) => `${r.postCode}:${r.categoryName}`,
  );

describe('a resource document’s Excel import', () => {
  it('adds the good rows and answers each refused row’s line and message', async () => {
    const file = await workbook([
      ['基层', 'imp_nurse', '社区护士', 1, ''],
      ['2', 'imp_lead', '团队长', 2, '按代码填写的类型'],
      ['', 'imp_none', '没有类型', 3, ''],
      ['中层', 'imp_nurse', '重复编号', 4, ''],
      ['领导', 'imp_bad', '类型不在列表', 5, ''],
    ]);
    const res = await upload(admin, file);
    expect(res.body).toMatchObject({
      msg: '导入完成：成功2条，失败3条',
      data: {
        total: 5,
        imported: 2,
        refused: 3,
        problems: [
          { line: 4, msg: '请选择岗位类型' },
          { line: 5, msg: '岗位编号已存在' },
          { line: 6, msg: '岗位类型只能填写高层或中层或基层或其他' },
        ],
      },
    });
    expect(await codes(admin)).toEqual(['imp_nurse:基层', 'imp_lead:中层']);
    expect(await codes(otherAdmin)).toEqual([]);
  });

  it('refuses a file it cannot use, and a role without 新增', async () => {
    expect((await upload(admin, await workbook([['基层', 'x', 'x', 1]], ['岗位类型', '岗位名称']))).body.msg).toBe(
      '导入文件缺少列：岗位编号、岗位排序',
    );
    expect((await upload(admin, await workbook([]))).body.msg).toBe('导入文件中没有岗位数据');
    expect((await upload(admin, Buffer.from('not a zip'))).body.msg).toBe('无法读取Excel文件，请使用xlsx格式');
    expect((await upload(admin, await workbook([['基层', 'x', 'x', 1]]), 'posts.csv')).body.msg).toBe('只能导入xlsx格式的Excel文件');
    expect((await upload(doctor, await workbook([['基层', 'doc', '医生导入', 1]]))).status).toBe(403);
  });
});
