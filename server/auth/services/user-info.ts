import type { AppDeps } from '../../app-deps';
import type { AccessClaims } from './tokens';
import { NotFound } from '../../domain/errors';
import { listDepts, listRoles, listTeams, splitIds } from '../repositories/org-names';
import { findTenant } from '../repositories/tenants';
import { findUserById } from '../repositories/users';
import type { UserDefault, UserInfo } from '../../../src/shared/contract/auth';

const ADMIN_ALIASES = new Set(['administrator', 'admin']);

/** The current user as oauth/user-info and blade-user/info describe it (camelCase, string ids). */
export async function loadUserInfo(deps: AppDeps, auth: AccessClaims): Promise<UserInfo> {
  const user = await findUserById(deps.db, auth.tenant_id, auth.user_id);
  if (!user) throw new NotFound('用户不存在');
  const [depts, roles, teams] = await Promise.all([
    listDepts(deps.db, user.tenant_id, splitIds(user.dept_id)),
    listRoles(deps.db, user.tenant_id, splitIds(user.role_id)),
    listTeams(deps.db, user.tenant_id, splitIds(user.team_id)),
  ]);
  return {
    userId: user.id,
    id: user.id,
    tenantId: user.tenant_id,
    account: user.account,
    name: user.name,
    realName: user.real_name,
    avatar: user.avatar,
    email: user.email,
    phone: user.phone,
    sex: user.sex,
    keepOnlineTime: user.keep_online_time,
    deptId: auth.dept_id,
    roleId: auth.role_id,
    teamId: auth.team_id,
    roleName: auth.role_name,
    roleAlias: auth.role_alias,
    deptName: depts.find((d) => d.id === auth.dept_id)?.dept_name ?? '',
    depts: depts.map((d) => ({ id: d.id, deptName: d.dept_name, deptCategory: d.dept_category })),
    roles: roles.map((r) => ({ id: r.id, roleName: r.role_name, roleAlias: r.role_alias })),
    teams: teams.map((t) => ({ id: t.id, name: t.name })),
  };
}

/** getUserDefault: the last choices and the flags the shell needs (spec 000 §3 "User default info"). */
export async function loadUserDefault(deps: AppDeps, auth: AccessClaims): Promise<UserDefault> {
  const user = await findUserById(deps.db, auth.tenant_id, auth.user_id);
  if (!user) throw new NotFound('用户不存在');
  const tenant = await findTenant(deps.db, user.tenant_id);
  const dept = (await listDepts(deps.db, user.tenant_id, auth.dept_id ? [auth.dept_id] : []))[0];
  const alias = auth.role_alias;
  return {
    userId: user.id,
    tenantId: user.tenant_id,
    tenantName: tenant?.tenant_name ?? '',
    account: user.account,
    realName: user.real_name,
    lastDeptId: user.last_dept_id ?? auth.dept_id,
    lastRoleId: user.last_role_id ?? auth.role_id,
    lastTeamId: user.last_team_id ?? auth.team_id,
    lastRoleAlias: alias,
    tenantLastRegionCode: tenant?.region_code ?? '',
    deptRegionCode: dept?.region_code ?? '',
    deptCategory: dept?.dept_category ?? null,
    isAdmin: ADMIN_ALIASES.has(alias) ? 1 : 0,
    isAdministrator: alias === 'administrator' ? 1 : 0,
    isDiseaseControl: alias === 'disease_control' ? 1 : 0,
    isHospitalManagement: alias === 'hospital_management' ? 1 : 0,
    isTeamMaster: alias === 'team_leader' ? 1 : 0,
    isMainDoctor: alias === 'doctor' ? 1 : 0,
    deptId: user.dept_id,
    roleId: user.role_id,
    teamId: user.team_id,
    keepOnlineTime: user.keep_online_time,
  };
}
