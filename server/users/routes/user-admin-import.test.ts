import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../auth/services/passwords';
import { PASSWORD_MESSAGE } from '../../../src/shared/policies/password';
import { SEED_PASSWORD } from '../../seed/seed-data';
import { createTestApp, postToken, type TestApp } from '../../test-support/test-app';

let t: TestApp;
const tokens: Record<string, string> = {};

const login = (username: string, password: string, tenantId = '100001') =>
  postToken(t.app, { username, tenantId, password: md5Hex(password) });
const tokenOf = async (username: string, tenantId = '100001') =>
  (await login(username, SEED_PASSWORD, tenantId)).json().access_token as string;

const HEADER = [
  '登录账号*',
  '用户姓名*',
  '用户昵称',
  '手机号码',
  '电子邮箱',
  '性别',
  '所属部门*',
  '所属角色*',
  '所属团队',
  '岗位',
  '初始密码',
];

async function workbook(rows: (string | number)[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('用户数据');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with one file and the cover switch, as the import dialog sends it. */
function multipart(file: Buffer, filename: string, isCovered?: string) {
  const boundary = '----userimport';
  const parts: Buffer[] = [];
  if (isCovered !== undefined)
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="isCovered"\r\n\r\n${isCovered}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = async (who: string, file: Buffer, filename = 'users.xlsx', isCovered?: string) => {
  const body = multipart(file, filename, isCovered);
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-user/import-user',
    headers: { 'blade-auth': `bearer ${tokens[who]}`, ...body.headers },
    payload: body.payload,
  });
};

const liveAccounts = async (tenantId: string) =>
  (await t.deps.db.selectFrom('blade_user').select('account').where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).execute())
    .map((r) => r.account)
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  tokens.admin = await tokenOf('admin');
  tokens.admin2 = await tokenOf('admin', '100002');
  tokens.doctor = await tokenOf('doctor');
});
afterAll(() => t.close());

describe('blade-user/export-template', () => {
  it('answers an xlsx whose first row is the import’s header, with the tenant’s names to choose from', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-user/export-template',
      headers: { 'blade-auth': `bearer ${tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...HEADER]);
    const help = book.worksheets[1]!;
    expect(help.getRow(5).values).toEqual([undefined, '所属角色', '管理员', '医生', '护士', '团队长', '疾控人员']);
    expect(JSON.stringify(help.getSheetValues())).not.toContain('紫金'); // another tenant's names are not listed
  });
});

describe('blade-user/import-user', () => {
  it('imports every row in one go: 导入成功, generated passwords answered once, the users log in', async () => {
    const file = await workbook([
      ['imp1', '导入一', '', '13900000011', 'imp1@example.com', '男', '全科医疗科', '医生', '家庭医生一团队', '', 'Import@2026'],
      ['imp2', '导入二', '二号', '', '', '女', '公共卫生科', '护士,团队长', '', '', ''],
    ]);
    const res = await upload('admin', file);
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '导入成功', data: { created: 2, updated: 0 } });
    const passwords = res.json().data.passwords as { account: string; password: string }[];
    expect(passwords.map((p) => p.account)).toEqual(['imp2']);
    expect((await login('imp1', 'Import@2026')).json().access_token).toBeTruthy();
    const imp2 = await t.deps.db
      .selectFrom('blade_user')
      .selectAll()
      .where('account', '=', 'imp2')
      .where('tenant_id', '=', '100001')
      .executeTakeFirstOrThrow();
    expect(imp2).toMatchObject({ real_name: '导入二', name: '二号', sex: 2, dept_id: '2200', role_id: '2203,2204', update_user: '2301' });
    // Two roles: the login asks which one, with the imported password.
    expect((await login('imp2', passwords[0]!.password)).json().choices.roles).toHaveLength(2);
  });

  it('writes nothing when any row is wrong, and answers the import log: what is wrong with which row', async () => {
    const before = await liveAccounts('100001');
    const file = await workbook([
      ['okrow', '正确', '', '', '', '男', '全科医疗科', '医生', '', '', ''],
      ['', '无账号', '', '', '', '', '全科医疗科', '医生', '', '', ''],
      ['badrole', '角色错', '', '', '', '', '全科医疗科', '院长', '', '', ''],
      ['doctor', '已存在', '', '', '', '', '全科医疗科', '医生', '', '', ''],
      ['weakpwd', '弱密码', '', '', '', '', '全科医疗科', '医生', '', '', '123456'],
      ['okrow', '重复', '', '', '', '', '全科医疗科', '医生', '', '', ''],
      ['otherdept', '他院', '', '', '', '', '公共卫生科', '医生', '', '', ''],
      ['badsex', '性别', '', '', '', '不详', '全科医疗科', '医生', '', '', ''],
    ]);
    const res = await upload('admin', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '导入失败：6行数据有误，未导入任何用户' });
    expect(res.json().data).toEqual([
      { msg: '请输入登录账号', data: '第3行' },
      { msg: '所属角色不存在：院长', data: '第4行（账号 badrole）' },
      { msg: '当前用户已存在!', data: '第5行（账号 doctor）' },
      { msg: PASSWORD_MESSAGE, data: '第6行（账号 weakpwd）' },
      { msg: '账号与第2行重复', data: '第7行（账号 okrow）' },
      { msg: '性别只能填写男或女：不详', data: '第9行（账号 badsex）' },
    ]);
    expect(await liveAccounts('100001')).toEqual(before);
  });

  it('covers existing accounts only when asked (isCovered), keeping their password unless the row gives one', async () => {
    const row = ['imp1', '导入一改', '', '', '', '男', '公共卫生科', '护士', '', '', ''];
    const refused = await upload('admin', await workbook([row]), 'users.xlsx', '0');
    expect(refused.json().data).toEqual([{ msg: '当前用户已存在!', data: '第2行（账号 imp1）' }]);
    const covered = await upload('admin', await workbook([row]), 'users.xlsx', '1');
    expect(covered.json()).toMatchObject({ msg: '导入成功', data: { created: 0, updated: 1, passwords: [] } });
    const imp1 = await t.deps.db
      .selectFrom('blade_user')
      .selectAll()
      .where('account', '=', 'imp1')
      .where('tenant_id', '=', '100001')
      .executeTakeFirstOrThrow();
    expect(imp1).toMatchObject({ real_name: '导入一改', dept_id: '2200', role_id: '2203' });
    expect((await login('imp1', 'Import@2026')).json().access_token).toBeTruthy();
    // The caller's own account is not the import's to change.
    const own = await upload(
      'admin',
      await workbook([['admin', '赵敏', '', '', '', '女', '公共卫生科', '护士', '', '', '']]),
      'users.xlsx',
      '1',
    );
    expect(own.json().data).toEqual([{ msg: '不能通过导入修改当前登录的账号', data: '第2行（账号 admin）' }]);
  });

  it('imports into the caller’s tenant only, with that tenant’s names', async () => {
    const other = await upload('admin2', await workbook([['imp1', '他院用户', '', '', '', '', '公共卫生科', '疾控人员', '', '', '']]));
    expect(other.json()).toMatchObject({ msg: '导入成功', data: { created: 1 } });
    const rows = await t.deps.db
      .selectFrom('blade_user')
      .select(['tenant_id', 'real_name', 'dept_id'])
      .where('account', '=', 'imp1')
      .orderBy('tenant_id')
      .execute();
    expect(rows).toEqual([
      { tenant_id: '100001', real_name: '导入一改', dept_id: '2200' },
      { tenant_id: '100002', real_name: '他院用户', dept_id: '3100' },
    ]);
    // 医生 is not a role of 100002.
    const wrong = await upload('admin2', await workbook([['imp9', '他院', '', '', '', '', '公共卫生科', '医生', '', '', '']]));
    expect(wrong.json().data).toEqual([{ msg: '所属角色不存在：医生', data: '第2行（账号 imp9）' }]);
  });

  it('refuses what is not the template: xls, other files, missing columns, no rows, no file', async () => {
    const good = await workbook([['x', 'y', '', '', '', '', '全科医疗科', '医生', '', '', '']]);
    expect((await upload('admin', good, 'users.xls')).json().msg).toBe('请将xls文件另存为xlsx格式后导入');
    expect((await upload('admin', good, 'users.csv')).json().msg).toBe('只能导入xlsx格式的Excel文件');
    expect((await upload('admin', Buffer.from('not a zip'), 'users.xlsx')).json().msg).toBe(
      '无法读取Excel文件，请使用导入模板（xlsx格式）',
    );
    expect((await upload('admin', await workbook([['x', 'y']], ['登录账号', '用户姓名']))).json().msg).toBe(
      '导入文件缺少列：所属部门*、所属角色*，请使用导入模板',
    );
    expect((await upload('admin', await workbook([]))).json().msg).toBe('导入文件中没有用户数据');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/blade-user/import-user',
      headers: { 'blade-auth': `bearer ${tokens.admin}` },
      payload: {},
    });
    expect(json.json().msg).toBe('请以multipart/form-data上传Excel文件');
    expect((await upload('doctor', good)).statusCode).toBe(403);
  });
});
