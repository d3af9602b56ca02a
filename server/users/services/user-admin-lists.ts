// The user administration's reads (spec 000 Users): the list with its department subtree, the
// detail, the guests waiting for a role (search/newUser), the doctor pickers of the archive
// screens (listDoctor, listMainDoctor, user-sel) and getUserInfo — all within the caller's tenant.
import type { AppDeps } from '../../app-deps';
import { type AccessClaims, splitIds } from '../../auth/index';
import { NotFound, Refusal } from '../../domain/errors';
import { deptSubtree, findAdminUser, listAdminUsers, pageAdminUsers, type UserListScope } from '../repositories/user-admin';
import { hideLogRows } from '../../logs/index';
import { findShownLoginLog, shownLoginLogIds } from '../repositories/user-admin-logins';
import { idList, isFormAdministrator, dateTime } from '../../forms/index';
import { USER_MESSAGES } from './user-admin';
import { userDataScope } from '../../access/index';
import { doctorView, loadOrgNames, userView } from './user-admin-view';
import type { LoginLogDetail, UserCard } from '../../../src/shared/contract/users';

type ListQuery = Record<string, unknown> & { current?: number; size?: number };

/** Role aliases of the family doctors who may be an archive's 主管医生 / 责任医生. */
const DOCTOR_ALIASES = new Set(['doctor', 'team_leader']);

/** blade-user/page: `deptId` lists that department and every one under it. */
export async function userPage(deps: AppDeps, auth: AccessClaims, query: ListQuery & { deptId?: string | undefined }) {
  const tenantId = auth.tenant_id;
  const deptId = query.deptId?.trim();
  const scope: UserListScope = deptId ? { deptIds: await deptSubtree(deps.db, tenantId, deptId) } : {};
  // The caller's data scope on 用户管理 (access/services/scope-data.ts) narrows further: to departments, or to the caller alone.
  const dataScope = await userDataScope(deps, auth);
  const allowed = dataScope?.deptIds;
  if (allowed) scope.deptIds = scope.deptIds ? scope.deptIds.filter((d) => allowed.includes(d)) : allowed;
  const listed = dataScope?.ownOnly ? { ...query, id_equal: auth.user_id } : query;
  const [result, names] = await Promise.all([pageAdminUsers(deps.db, tenantId, listed, scope), loadOrgNames(deps.db, tenantId)]);
  const now = deps.now();
  return { ...result, rows: result.rows.map((row) => userView(row, names, now)) };
}

export async function userDetail(deps: AppDeps, auth: AccessClaims, id: string) {
  const row = await findAdminUser(deps.db, auth.tenant_id, id);
  if (!row) throw new NotFound(USER_MESSAGES.notFound);
  return userView(row, await loadOrgNames(deps.db, auth.tenant_id), deps.now());
}

/** search/newUser: the guests who registered themselves and wait for an administrator's role grant. */
export async function newUserPage(deps: AppDeps, auth: AccessClaims, query: ListQuery) {
  const [result, names] = await Promise.all([
    pageAdminUsers(deps.db, auth.tenant_id, query, { guestPending: true }),
    loadOrgNames(deps.db, auth.tenant_id),
  ]);
  const now = deps.now();
  return { ...result, rows: result.rows.map((row) => userView(row, names, now)) };
}

async function doctorRoleIds(deps: AppDeps, tenantId: string) {
  const names = await loadOrgNames(deps.db, tenantId);
  return { names, roleIds: names.roles.filter((r) => DOCTOR_ALIASES.has(r.alias)).map((r) => r.id) };
}

/**
 * listDoctor: the tenant's enabled family doctors (doctor and team-leader roles); with `userIds`,
 * those users instead (a picker showing what is already chosen) — of the caller's tenant only.
 */
export async function listDoctors(deps: AppDeps, auth: AccessClaims, userIds: string | undefined) {
  const { names, roleIds } = await doctorRoleIds(deps, auth.tenant_id);
  const chosen = userIds?.trim() ? [...new Set(idList(userIds))] : undefined;
  const scope: UserListScope = chosen ? { enabledOnly: true } : { roleIds, enabledOnly: true };
  const rows = await listAdminUsers(deps.db, auth.tenant_id, scope);
  return (chosen ? rows.filter((r) => chosen.includes(r.id)) : rows).map((row) => doctorView(row, names));
}

/**
 * listMainDoctor: who may be an archive's main doctor. `category` (e.g. 2,10) names post categories
 * (blade_post.category): the users holding such a post; without it, the family doctors.
 */
export async function listMainDoctors(deps: AppDeps, auth: AccessClaims, category: string | undefined) {
  const { names, roleIds } = await doctorRoleIds(deps, auth.tenant_id);
  const wanted = category?.trim() ? category.split(',').map((c) => c.trim()) : [];
  if (wanted.some((c) => !/^[0-9]{1,9}$/.test(c))) throw new Refusal('参数[category]格式不正确');
  const scope: UserListScope = wanted.length ? { postCategories: wanted.map(Number), enabledOnly: true } : { roleIds, enabledOnly: true };
  return (await listAdminUsers(deps.db, auth.tenant_id, scope)).map((row) => doctorView(row, names));
}

/** user-sel: the paginated user select (realName / account searches, `id_in` for the chosen values). */
export async function userSelectPage(deps: AppDeps, auth: AccessClaims, query: ListQuery & { id_in?: string | undefined }) {
  const { id_in: chosen, ...rest } = query;
  // The select asks for its chosen values with `<value>_in`; the list filters call that `_or`.
  const filters: ListQuery = chosen?.trim() ? { ...rest, id_or: idList(chosen).join(',') } : rest;
  const [result, names] = await Promise.all([
    pageAdminUsers(deps.db, auth.tenant_id, filters, { enabledOnly: true }),
    loadOrgNames(deps.db, auth.tenant_id),
  ]);
  return { ...result, rows: result.rows.map((row) => doctorView(row, names)) };
}

/**
 * getUserInfo: a user's card. The caller's own (no `userId`, or their own id) with contact data;
 * another user of the tenant with the picker's fields only — phone and e-mail are not everybody's
 * to read, except an administrator's.
 */
export async function userInfoCard(deps: AppDeps, auth: AccessClaims, userId: string | undefined): Promise<UserCard> {
  const id = userId?.trim() || auth.user_id;
  const row = await findAdminUser(deps.db, auth.tenant_id, id);
  if (!row) throw new NotFound(USER_MESSAGES.notFound);
  const names = await loadOrgNames(deps.db, auth.tenant_id);
  if (id === auth.user_id || isFormAdministrator(auth)) {
    const view = userView(row, names, deps.now());
    return { ...doctorView(row, names), avatar: view.avatar, phone: view.phone, email: view.email, sex: view.sex, status: view.status };
  }
  return { ...doctorView(row, names), avatar: row.avatar };
}

/** loglogin/detail: a login-log row — the caller's own, or any of the tenant's for an administrator. */
export async function loginLogDetail(deps: AppDeps, auth: AccessClaims, id: string): Promise<LoginLogDetail> {
  const row = await findShownLoginLog(deps.db, auth.tenant_id, id);
  if (!row || (row.user_id !== auth.user_id && !isFormAdministrator(auth))) throw new NotFound('数据不存在!');
  return {
    id: row.id,
    account: row.account,
    userId: row.user_id,
    ip: row.ip,
    result: row.result,
    message: row.message,
    userAgent: row.user_agent,
    createTime: dateTime(new Date(row.create_time)),
  };
}

/** loglogin/remove: hides the rows (all must be the tenant's shown rows, else nothing changes); never deletes. */
export async function removeLoginLogs(deps: AppDeps, auth: AccessClaims, joined: string): Promise<void> {
  if (joined.trim() === '') throw new Refusal('请选择至少一条数据');
  const ids = [...new Set(splitIds(joined))];
  if (ids.some((id) => !/^[0-9]{1,40}$/.test(id))) throw new Refusal('参数[ids]格式不正确');
  const shown = await shownLoginLogIds(deps.db, auth.tenant_id, ids);
  if (shown.length !== ids.length) throw new NotFound('数据不存在!');
  await hideLogRows(deps.db, 'blade_login_log_removed', auth.tenant_id, ids, auth.user_id, new Date(deps.now()));
}
