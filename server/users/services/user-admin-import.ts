// Users from an Excel file (blade-user/import-user, the template of blade-user/export-template).
// The spec shows the import dialog (002 §2: a cover-existing switch, an xls/xlsx upload; code 200 →
// 导入成功, otherwise the import log of {msg, data} rows) but not its path: these are BladeX's.
// One row per user. Every row is checked first; when any row is wrong nothing is written and the
// answer lists what is wrong with which row. Otherwise every row is written in one transaction.
import ExcelJS from 'exceljs';
import type { AppDeps } from '../../app-deps';
import { hashPassword, type AccessClaims, setPasswordHash, forgetRevoked } from '../../auth/index';
import { newId } from '../../db/ids';
import { Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { cellText } from '../../platform/services/excel-cell-text';
import { ACCOUNT_TAKEN, findUsersByAccounts, insertAdminUser, updateAdminUsers } from '../repositories/user-admin';
import { assertAccountRoom, assertAdministratorRemains, checkUserFields, endSessions, stampOf, type UserInput } from './user-admin';
import { checkPasswordPolicy, generatedPassword } from './user-admin-passwords';
import { loadOrgNames, type OrgNames } from './user-admin-view';

/** The template's columns, in order: header text → the user's field. A `*` marks the required ones. */
export const IMPORT_COLUMNS = [
  ['登录账号*', 'account'],
  ['用户姓名*', 'realName'],
  ['用户昵称', 'name'],
  ['手机号码', 'phone'],
  ['电子邮箱', 'email'],
  ['性别', 'sex'],
  ['所属部门*', 'dept'],
  ['所属角色*', 'role'],
  ['所属团队', 'team'],
  ['岗位', 'post'],
  ['初始密码', 'password'],
] as const;

type ImportField = (typeof IMPORT_COLUMNS)[number][1];

/** Rows one file may hold: each new password is a scrypt hash (tens of ms), and the import is one transaction. */
export const MAX_IMPORT_ROWS = 1000;

export interface ImportProblem {
  msg: string;
  data: string;
}

export type ImportOutcome =
  | { ok: true; created: number; updated: number; passwords: { account: string; password: string }[] }
  | { ok: false; problems: ImportProblem[] };

const SEX: Readonly<Record<string, number>> = { 男: 1, 女: 2, 1: 1, 2: 2, 未知: 0, 0: 0, 未说明: 9, 9: 9 };

/** The rows of the first sheet as field → text, with their sheet row numbers; the header row names the columns. */
export async function readImportRows(content: Buffer): Promise<{ row: number; values: Record<ImportField, string> }[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw new Refusal('无法读取Excel文件，请使用导入模板（xlsx格式）');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Refusal('Excel文件中没有工作表');
  const header = sheet.getRow(1);
  const columnOf = new Map<ImportField, number>();
  header.eachCell((cell, col) => {
    const text = cellText(cell).replace(/\*/g, '');
    const found = IMPORT_COLUMNS.find(([title]) => title.replace(/\*/g, '') === text);
    if (found) columnOf.set(found[1], col);
  });
  const missing = IMPORT_COLUMNS.filter(([title, field]) => title.endsWith('*') && !columnOf.has(field)).map(([title]) => title);
  if (missing.length > 0) throw new Refusal(`导入文件缺少列：${missing.join('、')}，请使用导入模板`);
  const rows: { row: number; values: Record<ImportField, string> }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const line = sheet.getRow(r);
    const values = Object.fromEntries(
      IMPORT_COLUMNS.map(([, field]) => [field, columnOf.has(field) ? cellText(line.getCell(columnOf.get(field)!)) : '']),
    ) as Record<ImportField, string>;
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ row: r, values });
    if (rows.length > MAX_IMPORT_ROWS) throw new Refusal(`一次最多导入${MAX_IMPORT_ROWS}个用户`);
  }
  if (rows.length === 0) throw new Refusal('导入文件中没有用户数据');
  return rows;
}

/** Names (or ids) separated by commas → the tenant's ids; the names not found are reported. */
function resolve(text: string, list: readonly { id: string; name: string }[]): { ids: string[]; unknown: string[] } {
  const ids: string[] = [];
  const unknown: string[] = [];
  for (const part of text
    .split(/[,，、]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const hit = list.find((item) => item.name === part) ?? list.find((item) => item.id === part);
    if (hit) ids.push(hit.id);
    else unknown.push(part);
  }
  return { ids, unknown };
}

interface PlannedRow {
  account: string;
  fields: ReturnType<typeof checkUserFields>;
  password: string;
  /** The id of the live user this row covers (isCovered), or undefined for a new user. */
  coversId: string | undefined;
}

function planRow(values: Record<ImportField, string>, names: OrgNames): Omit<PlannedRow, 'coversId'> {
  const sex = values.sex === '' ? 0 : SEX[values.sex];
  if (sex === undefined) throw new Refusal(`性别只能填写男或女：${values.sex}`);
  const org: Record<'dept' | 'role' | 'team' | 'post', string> = { dept: '', role: '', team: '', post: '' };
  const lists = { dept: names.depts, role: names.roles, team: names.teams, post: names.posts };
  const labels = { dept: '所属部门', role: '所属角色', team: '所属团队', post: '岗位' };
  for (const key of ['dept', 'role', 'team', 'post'] as const) {
    const { ids, unknown } = resolve(values[key], lists[key]);
    if (unknown.length > 0) throw new Refusal(`${labels[key]}不存在：${unknown.join('、')}`);
    org[key] = ids.join(',');
  }
  const input: UserInput = {
    account: values.account,
    realName: values.realName,
    name: values.name,
    phone: values.phone,
    email: values.email,
    sex,
    deptId: org.dept,
    roleId: org.role,
    teamId: org.team,
    postId: org.post,
  };
  const fields = checkUserFields(input);
  if (values.password !== '') checkPasswordPolicy(values.password);
  return { account: fields.account, fields, password: values.password };
}

/**
 * Checks every row, then (all good) writes them in one transaction. `isCovered`: an account that
 * already exists is overwritten by its row (its password only when the row gives one); otherwise
 * such a row is wrong (当前用户已存在!). New users without a password get a generated one,
 * answered once. The caller's own account cannot be covered (it would end the session doing it).
 */
export async function importUsers(deps: AppDeps, auth: AccessClaims, content: Buffer, isCovered: boolean): Promise<ImportOutcome> {
  const tenantId = auth.tenant_id;
  const rows = await readImportRows(content);
  const names = await loadOrgNames(deps.db, tenantId);
  const existing = new Map(
    (await findUsersByAccounts(deps.db, tenantId, [...new Set(rows.map((r) => r.values.account.trim()).filter(Boolean))])).map((u) => [
      u.account,
      u,
    ]),
  );
  const problems: ImportProblem[] = [];
  const planned: PlannedRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of rows) {
    const where = `第${row}行${values.account ? `（账号 ${values.account}）` : ''}`;
    try {
      const plan = planRow(values, names);
      const first = seen.get(plan.account);
      if (first !== undefined) throw new Refusal(`账号与第${first}行重复`);
      seen.set(plan.account, row);
      const holder = existing.get(plan.account);
      if (holder && !isCovered) throw new Refusal(ACCOUNT_TAKEN);
      if (holder && holder.id === auth.user_id) throw new Refusal('不能通过导入修改当前登录的账号');
      planned.push({ ...plan, coversId: holder?.id });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      problems.push({ msg: error.message, data: where });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  await assertAccountRoom(deps.db, tenantId, planned.filter((p) => p.coversId === undefined).length);

  const now = new Date(deps.now());
  const passwords: { account: string; password: string }[] = [];
  const hashes = new Map<string, string>();
  for (const plan of planned) {
    if (plan.password === '' && plan.coversId !== undefined) continue;
    const plain = plan.password || generatedPassword();
    if (!plan.password) passwords.push({ account: plan.account, password: plain });
    hashes.set(plan.account, await hashPassword(plain));
  }
  const covered = planned.filter((p) => p.coversId !== undefined).map((p) => p.coversId!);
  const revoked = await inTransaction(deps.db, async (trx) => {
    for (const plan of planned) {
      const hash = hashes.get(plan.account);
      if (plan.coversId === undefined) {
        await insertAdminUser(trx, {
          id: newId(now.getTime()),
          tenant_id: tenantId,
          ...plan.fields,
          password_hash: hash!,
          create_user: auth.user_id,
          keep_online_time: 20,
          ...stampOf(auth, now),
        });
      } else {
        await updateAdminUsers(trx, tenantId, [plan.coversId], { ...plan.fields, ...stampOf(auth, now) });
        if (hash) await setPasswordHash(trx, { id: plan.coversId, tenant_id: tenantId }, hash);
      }
    }
    await assertAdministratorRemains(trx, tenantId);
    return endSessions(deps, trx, tenantId, covered, now);
  });
  forgetRevoked(deps, tenantId, revoked);
  return { ok: true, created: planned.length - covered.length, updated: covered.length, passwords };
}

/** The import template: the header row, and a second sheet with the rules and the tenant's names to use. */
export async function importTemplate(deps: AppDeps, auth: AccessClaims): Promise<Buffer> {
  const names = await loadOrgNames(deps.db, auth.tenant_id);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户数据');
  sheet.addRow(IMPORT_COLUMNS.map(([title]) => title));
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((column) => (column.width = 16));
  const help = workbook.addWorksheet('填写说明');
  help.addRow(['带*的列必填；部门、角色、团队、岗位填写名称（多个用逗号分隔）；性别填写男或女。']);
  help.addRow(['初始密码可不填：系统生成临时密码，导入成功时只显示一次；填写时须不少于8位，含大小写字母、数字和特殊字符。']);
  help.addRow([]);
  help.addRow(['所属部门', ...names.depts.map((d) => d.name)]);
  help.addRow(['所属角色', ...names.roles.map((r) => r.name)]);
  help.addRow(['所属团队', ...names.teams.map((t) => t.name)]);
  help.addRow(['岗位', ...names.posts.map((p) => p.name)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
