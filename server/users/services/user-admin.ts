// The user administration's writes (spec 000 Users: blade-user submit, update, remove, grant,
// relieve-account, update-platform-data), each within the caller's tenant. A change that would
// leave the tenant without an enabled administrator is refused inside its transaction (so it is
// rolled back whole); a change of a user's roles, departments, team, account or status ends that
// user's sessions, because their tokens carry the old ones (the next login reads the new ones).
import type { Kysely, Transaction } from 'kysely';
import type { AppDeps } from '../../app-deps';
import {
  hashPassword,
  announceRevocation,
  forgetRevoked,
  type AccessClaims,
  listDepts,
  listRoles,
  listTeams,
  splitIds,
  revokeUserSessions,
  clearLoginFailures,
  updateUserPlatform,
} from '../../auth/index';
import { newId } from '../../db/ids';
import type { Database } from '../../db/schema';
import { Conflict, NotFound, Refusal, VersionRequired } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import {
  ACCOUNT_TAKEN,
  admitGuests,
  countAdministrators,
  findAdminUser,
  findAdminUsers,
  findUserByAccountLive,
  insertAdminUser,
  softDeleteUsers,
  updateAdminUser,
  updateAdminUsers,
  type AdminUserPatch,
  type AdminUserRow,
  accountRoom,
} from '../repositories/user-admin';
import { checkDialog, dialogValues, DIALOG_FORMS, idList, dateTime } from '../../forms/index';
import { generatedPassword, revealPassword } from './user-admin-passwords';

export const USER_MESSAGES = {
  notFound: '用户不存在',
  versionMissing: '请先读取用户再修改（缺少版本号）',
  lastAdministrator: '不能移除最后一个管理员：本机构至少要保留一个启用的管理员账号',
  removeSelf: '不能删除当前登录的账号',
} as const;

/** What submit and update send (the route's TypeBox schema has checked the types and lengths). */
export interface UserInput {
  id?: string | undefined;
  account?: string | undefined;
  name?: string | undefined;
  realName?: string | undefined;
  /** RSA-encrypted (create only; an update never changes the password: reset-password does). */
  password?: string | undefined;
  password2?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  sex?: number | undefined;
  avatar?: string | undefined;
  deptId?: string | undefined;
  roleId?: string | undefined;
  teamId?: string | undefined;
  postId?: string | undefined;
  userType?: string | undefined;
  status?: number | undefined;
  rowVersion?: number | undefined;
}

const ACCOUNT = /^[A-Za-z0-9_.@-]{2,45}$/;
/** As the dialog's phone field (schemas/adminuser.json; spec 002 §5 mobile: 11 digits starting with 1), for the import. */
const PHONE = /^1\d{10}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const IDS = /^[0-9]{1,40}(,[0-9]{1,40})*$/;

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** The user's fields as they will be stored, checked: required ones, formats, and org ids of the caller's tenant. */
async function checkedFields(db: Kysely<Database>, tenantId: string, input: UserInput) {
  const fields = checkUserFields(input);
  await assertOrgIds(db, tenantId, { deptId: fields.dept_id, roleId: fields.role_id, teamId: fields.team_id });
  return fields;
}

/**
 * The user's fields as they will be stored, checked without the database: required ones and formats.
 * submit and update run the dialog's form first (checkUserDialog), so these checks answer the
 * import (a spreadsheet row has no dialog) and must say what the dialog says.
 */
export function checkUserFields(input: UserInput) {
  const account = trimmed(input.account);
  const realName = trimmed(input.realName);
  const deptId = trimmed(input.deptId);
  const roleId = trimmed(input.roleId);
  const teamId = trimmed(input.teamId);
  const postId = trimmed(input.postId);
  const phone = trimmed(input.phone);
  const email = trimmed(input.email);
  if (account === '') throw new Refusal('请输入登录账号');
  if (!ACCOUNT.test(account)) throw new Refusal('登录账号只能由2-45位字母、数字、下划线、点、@或中划线组成');
  if (realName === '') throw new Refusal('请输入用户姓名');
  if (deptId === '') throw new Refusal('请选择所属部门');
  if (roleId === '') throw new Refusal('请选择所属角色');
  if (phone !== '' && !PHONE.test(phone)) throw new Refusal('手机号码格式不正确');
  if (email !== '' && !EMAIL.test(email)) throw new Refusal('电子邮箱格式不正确');
  for (const [value, name] of [
    [deptId, 'deptId'],
    [roleId, 'roleId'],
    [teamId, 'teamId'],
    [postId, 'postId'],
  ] as const)
    if (value !== '' && !IDS.test(value)) throw new Refusal(`参数[${name}]格式不正确`);
  return {
    account,
    real_name: realName,
    name: trimmed(input.name) || realName,
    phone,
    email,
    sex: input.sex ?? 0,
    avatar: trimmed(input.avatar),
    dept_id: splitIds(deptId).join(','),
    role_id: splitIds(roleId).join(','),
    team_id: splitIds(teamId).join(','),
    post_id: splitIds(postId).join(','),
    user_type: trimmed(input.userType),
    status: input.status ?? 1,
  };
}

/** Departments, roles and teams named must be the caller's tenant's (another tenant's ids do not exist here). */
export async function assertOrgIds(db: Kysely<Database>, tenantId: string, ids: { deptId?: string; roleId?: string; teamId?: string }) {
  const check = async (
    joined: string | undefined,
    list: (db: Kysely<Database>, t: string, ids: string[]) => Promise<{ id: string }[]>,
    message: string,
  ) => {
    const wanted = [...new Set(splitIds(joined))];
    if (wanted.length === 0) return;
    const found = await list(db, tenantId, wanted);
    if (found.length !== wanted.length) throw new Refusal(message);
  };
  await check(ids.deptId, listDepts, '所选部门不存在');
  await check(ids.roleId, listRoles, '所选角色不存在');
  await check(ids.teamId, listTeams, '所选团队不存在');
}

/** 409 with the current version and who changed the user last and when (data for the conflict dialog). */
export function staleUser(current: AdminUserRow): Conflict {
  const updateTime = current.update_time === null ? '' : dateTime(new Date(current.update_time));
  const name = current.update_user_name;
  const who = name ? `${name}于${updateTime}` : updateTime ? `他人于${updateTime}` : '他人';
  return new Conflict(`该用户已被${who}修改，请刷新后重试（您填写的内容已保留）`, {
    rowVersion: current.row_version,
    updateUserName: name,
    updateTime,
  });
}

export const stampOf = (auth: AccessClaims, now: Date) => ({
  update_user: auth.user_id,
  update_user_name: auth.real_name || auth.account,
  update_time: now,
});

/** Inside the change's transaction: refuses (and so rolls back) a change that leaves no enabled administrator. */
export async function assertAdministratorRemains(trx: Transaction<Database>, tenantId: string): Promise<void> {
  if ((await countAdministrators(trx, tenantId)) === 0) throw new Refusal(USER_MESSAGES.lastAdministrator);
}

/** Ends every session of these users in the transaction (announced to the other processes at commit). */
export async function endSessions(deps: AppDeps, trx: Transaction<Database>, tenantId: string, userIds: readonly string[], at: Date) {
  const revoked: string[] = [];
  for (const id of userIds) revoked.push(...(await revokeUserSessions(trx, tenantId, id, null, at)));
  if (revoked.length > 0) await announceRevocation(trx, deps.dbKind, tenantId);
  return revoked;
}

export interface CreatedUser {
  id: string;
  account: string;
  /** The generated temporary password, answered this once (absent when the administrator set one). */
  password?: string;
}

/**
 * The body's fields the dialog's form checks (schemas/adminuser.json). Not the password: it comes
 * RSA-encrypted, is not required (an edit carries none, a create without one gets a generated one)
 * and is checked after decryption by the policy (revealPassword, spec 002 §5).
 */
const USER_FIELDS = ['account', 'realName', 'name', 'roleId', 'deptId', 'postId', 'phone', 'email', 'sex', 'status'] as const;

/** The dialog's own form (schemas/adminuser.json + rules) checks what is required and the formats, with its messages. */
async function checkUserDialog(deps: AppDeps, auth: AccessClaims, input: UserInput): Promise<void> {
  const ctx = { db: deps.db, tenantId: auth.tenant_id, now: new Date(deps.now()), dictionaries: deps.caches };
  await checkDialog(ctx, DIALOG_FORMS.adminUser, dialogValues(input, USER_FIELDS));
}

export const ACCOUNT_LIMIT_REACHED = '当前租户已到最大账号额度';

/** Refuses new accounts past the tenant's 账号额度 (issue 35 §5): creation, import and guest registration alike. */
export async function assertAccountRoom(db: Kysely<Database>, tenantId: string, adding: number): Promise<void> {
  const room = await accountRoom(db, tenantId);
  if (room !== null && adding > room)
    throw new Refusal(room > 0 ? `${ACCOUNT_LIMIT_REACHED}（还可新增${room}个账号）` : ACCOUNT_LIMIT_REACHED);
}

/** submit without id: a new user; the password is the one sent (policy-checked) or a generated one. */
export async function createUser(deps: AppDeps, auth: AccessClaims, input: UserInput): Promise<CreatedUser> {
  const tenantId = auth.tenant_id;
  await checkUserDialog(deps, auth, input);
  const fields = await checkedFields(deps.db, tenantId, input);
  if (await findUserByAccountLive(deps.db, tenantId, fields.account)) throw new Refusal(ACCOUNT_TAKEN);
  await assertAccountRoom(deps.db, tenantId, 1);
  const given = trimmed(input.password);
  const plain = given === '' ? generatedPassword() : revealPassword(deps.rsa, given, input.password2);
  const now = new Date(deps.now());
  const id = newId(now.getTime());
  await insertAdminUser(deps.db, {
    id,
    tenant_id: tenantId,
    ...fields,
    password_hash: await hashPassword(plain),
    create_user: auth.user_id,
    keep_online_time: 20,
    ...stampOf(auth, now),
  });
  return given === '' ? { id, account: fields.account, password: plain } : { id, account: fields.account };
}

/** The columns whose change ends the user's sessions (their tokens name the old values). */
const SESSION_COLUMNS = ['account', 'dept_id', 'role_id', 'team_id', 'status'] as const;

/**
 * submit with id, or update: the user as sent, over the version the caller read (428 without it,
 * 409 when stale, nothing changed then). The password is never changed here.
 */
export async function updateUser(deps: AppDeps, auth: AccessClaims, input: UserInput) {
  const tenantId = auth.tenant_id;
  const id = trimmed(input.id);
  if (input.rowVersion === undefined) throw new VersionRequired(USER_MESSAGES.versionMissing);
  const before = await findAdminUser(deps.db, tenantId, id);
  if (!before) throw new NotFound(USER_MESSAGES.notFound);
  await checkUserDialog(deps, auth, input);
  const fields = await checkedFields(deps.db, tenantId, input);
  if (fields.account !== before.account) {
    const holder = await findUserByAccountLive(deps.db, tenantId, fields.account);
    if (holder && holder.id !== id) throw new Refusal(ACCOUNT_TAKEN);
  }
  if (id === auth.user_id && fields.status !== 1) throw new Refusal('不能停用当前登录的账号');
  const now = new Date(deps.now());
  const patch: AdminUserPatch = { ...fields, ...stampOf(auth, now) };
  const version = input.rowVersion;
  const sessionsEnd = SESSION_COLUMNS.some((column) => String(fields[column]) !== String(before[column]));
  const { after, revoked } = await inTransaction(deps.db, async (trx) => {
    const changed = await updateAdminUser(trx, tenantId, id, version, patch);
    if (!changed) return { after: undefined, revoked: [] as string[] };
    await assertAdministratorRemains(trx, tenantId);
    return { after: changed, revoked: sessionsEnd ? await endSessions(deps, trx, tenantId, [id], now) : [] };
  });
  if (!after) {
    const current = await findAdminUser(deps.db, tenantId, id);
    if (!current) throw new NotFound(USER_MESSAGES.notFound);
    throw staleUser(current);
  }
  forgetRevoked(deps, tenantId, revoked);
  return after;
}

/** The live users of the tenant named by a comma list, all or none (404 when one is not). */
async function allUsers(db: Kysely<Database>, tenantId: string, joined: string, emptyMessage: string): Promise<AdminUserRow[]> {
  if (joined.trim() === '') throw new Refusal(emptyMessage);
  const ids = [...new Set(idList(joined))];
  if (ids.length > 500) throw new Refusal('一次最多处理500个用户');
  const users = await findAdminUsers(db, tenantId, ids);
  if (users.length !== ids.length) throw new NotFound('数据不存在!');
  return users;
}

/** remove: soft-deletes the users and ends their sessions; never the caller, never the last administrator. */
export async function removeUsers(deps: AppDeps, auth: AccessClaims, joined: string): Promise<void> {
  const tenantId = auth.tenant_id;
  const users = await allUsers(deps.db, tenantId, joined, '请选择至少一条数据');
  const ids = users.map((u) => u.id);
  if (ids.includes(auth.user_id)) throw new Refusal(USER_MESSAGES.removeSelf);
  const now = new Date(deps.now());
  const revoked = await inTransaction(deps.db, async (trx) => {
    await softDeleteUsers(trx, tenantId, ids, { update_user: auth.user_id, update_time: now });
    await assertAdministratorRemains(trx, tenantId);
    return endSessions(deps, trx, tenantId, ids, now);
  });
  forgetRevoked(deps, tenantId, revoked);
}

/**
 * grant: the users' roles become exactly `roleIds` (BladeX's 角色配置). A guest waiting for a role
 * is enabled by it. The users' sessions end: the next login reads the new roles (and menus).
 */
export async function grantRoles(deps: AppDeps, auth: AccessClaims, userIds: string, roleIds: string): Promise<void> {
  const tenantId = auth.tenant_id;
  const users = await allUsers(deps.db, tenantId, userIds, '请选择用户');
  // The 角色配置 dialog's own form (schemas/adminusergrant.json + rules) checks the roles are chosen, with its message.
  const ctx = { db: deps.db, tenantId, now: new Date(deps.now()), dictionaries: deps.caches };
  await checkDialog(ctx, DIALOG_FORMS.adminUserGrant, dialogValues({ roleIds }, ['roleIds']));
  const roles = [...new Set(idList(roleIds))];
  await assertOrgIds(deps.db, tenantId, { roleId: roles.join(',') });
  const ids = users.map((u) => u.id);
  const now = new Date(deps.now());
  const revoked = await inTransaction(deps.db, async (trx) => {
    await updateAdminUsers(trx, tenantId, ids, { role_id: roles.join(','), ...stampOf(auth, now) });
    await admitGuests(trx, tenantId, ids);
    await assertAdministratorRemains(trx, tenantId);
    return endSessions(deps, trx, tenantId, ids, now);
  });
  forgetRevoked(deps, tenantId, revoked);
}

/** relieve-account: lifts the login lockout (failed count, lock) of the users; they may log in at once. */
export async function unlockUsers(deps: AppDeps, auth: AccessClaims, userIds: string): Promise<void> {
  const users = await allUsers(deps.db, auth.tenant_id, userIds, '请选择用户');
  await inTransaction(deps.db, async (trx) => {
    for (const user of users) await clearLoginFailures(trx, user);
  });
}

/** user_ext holds `{accounts, authorizeCode}` (profile.ts); older rows the bare array. */
function storedAuthorizeCode(stored: string): string {
  try {
    const parsed: unknown = JSON.parse(stored || 'null');
    const code =
      parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as { authorizeCode?: unknown }).authorizeCode : '';
    return typeof code === 'string' ? code : '';
  } catch {
    return '';
  }
}

/**
 * update-platform-data: an administrator sets a user's platform info (the profile's 修改平台信息,
 * for another user of the tenant), with the same checks as update-platform; the user's
 * authorisation code is kept.
 */
export async function updatePlatformData(
  deps: AppDeps,
  auth: AccessClaims,
  input: { userId: string; userType: string; userExt?: string | undefined },
) {
  if (input.userType.trim() === '') throw new Refusal('请选择用户平台');
  let rows: unknown = [];
  const ext = input.userExt ?? '';
  if (ext.trim() !== '') {
    try {
      rows = JSON.parse(ext);
    } catch {
      throw new Refusal('平台账号信息格式不正确');
    }
    if (!Array.isArray(rows)) throw new Refusal('平台账号信息格式不正确');
    for (const row of rows as unknown[]) {
      const r = (row !== null && typeof row === 'object' ? row : {}) as Record<string, unknown>;
      if (!r.platform) throw new Refusal('请选择平台');
      if (!r.account) throw new Refusal('请输入账号');
      if (!r.password) throw new Refusal('请输入密码');
    }
  }
  const user = await findAdminUser(deps.db, auth.tenant_id, input.userId);
  if (!user) throw new NotFound(USER_MESSAGES.notFound);
  const accounts = rows as unknown[];
  await updateUserPlatform(
    deps.db,
    auth.tenant_id,
    user.id,
    input.userType.trim(),
    JSON.stringify({ accounts, authorizeCode: storedAuthorizeCode(user.user_ext) }),
  );
}
