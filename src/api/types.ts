/** Wire shapes of the blade services the web app calls (server contract, spec 000 §3 and §7). */

/** The BladeX envelope every call except token and captcha answers with. */
export type { Envelope, Page } from '../shared/blade-envelope';

export interface LoginConfig {
  tenantMode: boolean;
  captchaMode: boolean;
  defaultTenantId: string;
}

export interface Captcha {
  key: string;
  image: string;
}

export interface DeptChoice {
  id: string;
  deptName: string;
}
export interface RoleChoice {
  id: string;
  roleName: string;
}
export interface TeamChoice {
  id: string;
  name: string;
}

export interface LoginChoices {
  depts: DeptChoice[];
  roles: RoleChoice[];
  teams: TeamChoice[];
}

/** The raw (snake_case, not enveloped) answer of POST oauth/token. */
export interface TokenResponse {
  access_token?: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
  tenant_id?: string;
  user_id?: string;
  account?: string;
  user_name?: string;
  real_name?: string;
  avatar?: string;
  role_id?: string;
  role_name?: string;
  dept_id?: string;
  team_id?: string;
  oauth_id?: string;
  license?: string;
  /** Present when dept/role/team hold several values and no token was issued. */
  choices?: LoginChoices;
  error_code?: number;
  error_description?: string;
}

export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  realName: string;
  avatar?: string;
  roleName?: string;
  roleId?: string;
  deptId?: string;
  teamId?: string;
  [extra: string]: unknown;
}

export interface UserDefault {
  userId: string;
  tenantId: string;
  account: string;
  lastDeptId?: string;
  lastRoleId?: string;
  lastTeamId?: string;
  lastRoleAlias?: string;
  tenantLastRegionCode?: string;
  isAdmin?: boolean | number;
  isDiseaseControl?: boolean | number;
  isHospitalManagement?: boolean | number;
  deptId?: string;
  roleId?: string;
  teamId?: string;
  keepOnlineTime?: number;
  tenantName?: string;
  tenantGroup?: string;
}

export interface TenantInfo {
  tenantId: string;
  tenantName: string;
  [extra: string]: unknown;
}

/** A node of the menu and button trees, as the contract has it (src/shared/contract/access.ts). */
export type { MenuNode as MenuItem } from '../shared/contract/access';
