import type { DeptOption, TeamOption } from '../../api/menu';
import type { UserDefault } from '../../api/types';
import { NO_TEAM_DEPT_CATEGORY } from '../../shared/config';

const flag = (v: unknown): boolean => v === true || v === 1 || v === '1';

/**
 * Which organisation list a user gets (spec §6): only a user whose flag matches the last-used
 * role alias sees the switch; administrators list administrator tenants, disease-control and
 * hospital-management users list tenants by user id and region code.
 */
export function orgSwitchKind(user: UserDefault | undefined): 'administrator' | 'region' | undefined {
  if (!user) return undefined;
  const alias = user.lastRoleAlias;
  const extra = user as UserDefault & { isAdministrator?: unknown };
  if (alias === 'administrator' && flag(extra.isAdministrator ?? user.isAdmin)) return 'administrator';
  if (alias === 'disease_control' && flag(user.isDiseaseControl)) return 'region';
  if (alias === 'hospital_management' && flag(user.isHospitalManagement)) return 'region';
  return undefined;
}

/** The team selector shows only with more than one team, disabled in a category-6 department (spec §2). */
export function teamSelector(
  teams: readonly TeamOption[] | undefined,
  depts: readonly DeptOption[] | undefined,
  deptId: string | undefined,
) {
  const category = depts?.find((d) => d.id === deptId)?.deptCategory;
  return { visible: (teams?.length ?? 0) > 1, disabled: Number(category) === NO_TEAM_DEPT_CATEGORY };
}

export interface OrgChoice {
  deptId?: string;
  roleId?: string;
  teamId?: string;
}

/** Department and role are both required for a switch, else 请选择角色 (spec §4, §8). */
export const choiceComplete = (c: OrgChoice): c is OrgChoice & { deptId: string; roleId: string } => Boolean(c.deptId && c.roleId);
