// The authentication contract (spec 000 §3, §4, §7 blade-auth and the shell's session calls): what
// the server's auth/ routes answer — login configuration, captcha, the token answer, the current
// user and its defaults, the organisation-switch tenants, the online count, the cache clear — and
// what src/api/auth.ts, user.ts, tenant.ts and session.ts read.
import { Type, type Static } from 'typebox';
import { envelope, orNull } from './envelope';

const optional = Type.Optional;

/** oauth/login-config: whether the login form shows the tenant and the captcha. */
export const LoginConfig = Type.Object({ tenantMode: Type.Boolean(), captchaMode: Type.Boolean(), defaultTenantId: Type.String() });
export type LoginConfig = Static<typeof LoginConfig>;

/** oauth/captcha, not enveloped: the key to send back and the image (a data URL). */
export const Captcha = Type.Object({ key: Type.String(), image: Type.String() });
export type Captcha = Static<typeof Captcha>;

/** A department, role and team the user may choose (the login's choice, the user's info). */
export const DeptChoice = Type.Object({ id: Type.String(), deptName: Type.String(), deptCategory: Type.Integer() });
export type DeptChoice = Static<typeof DeptChoice>;
export const RoleChoice = Type.Object({ id: Type.String(), roleName: Type.String(), roleAlias: Type.String() });
export type RoleChoice = Static<typeof RoleChoice>;
export const TeamChoice = Type.Object({ id: Type.String(), name: Type.String() });
export type TeamChoice = Static<typeof TeamChoice>;

export const LoginChoices = Type.Object({ depts: Type.Array(DeptChoice), roles: Type.Array(RoleChoice), teams: Type.Array(TeamChoice) });
export type LoginChoices = Static<typeof LoginChoices>;

/**
 * oauth/token's answer (200), BladeX's bare token object (snake_case, not enveloped): the user and
 * the tokens of the chosen department, role and team; or, when the user holds several and has not
 * chosen, the user, the comma-joined ids and the choices, without tokens (spec 000 §4).
 */
export const TokenAnswer = Type.Object({
  token_type: Type.String(),
  tenant_id: Type.String(),
  user_id: Type.String(),
  account: Type.String(),
  user_name: Type.String(),
  real_name: Type.String(),
  avatar: Type.String(),
  oauth_id: Type.String(),
  license: Type.String(),
  dept_id: Type.String(),
  role_id: Type.String(),
  team_id: Type.String(),
  role_name: Type.String(),
  /** With the tokens only. */
  role_alias: optional(Type.String()),
  access_token: optional(Type.String()),
  refresh_token: optional(Type.String()),
  /** Seconds the access token lives. */
  expires_in: optional(Type.Integer()),
  /** Without the tokens only: what the user must choose from. */
  choices: optional(LoginChoices),
});
export type TokenAnswer = Static<typeof TokenAnswer>;

/** oauth/token's refusal (4xx), not enveloped either: the request layer rejects with it as the error's body. */
export const TokenError = Type.Object({ error_code: Type.Integer(), error_description: Type.String() });
export type TokenError = Static<typeof TokenError>;

/** A user's own particulars, as every user answer carries them. */
export const UserParticulars = {
  account: Type.String(),
  name: Type.String(),
  realName: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  sex: Type.Integer(),
};

/** The current user as oauth/user-info and blade-user/info describe it (camelCase, string ids). */
export const UserInfo = Type.Object({
  userId: Type.String(),
  id: Type.String(),
  tenantId: Type.String(),
  ...UserParticulars,
  keepOnlineTime: Type.Integer(),
  /** The session's department, role and team. */
  deptId: Type.String(),
  roleId: Type.String(),
  teamId: Type.String(),
  roleName: Type.String(),
  roleAlias: Type.String(),
  deptName: Type.String(),
  /** Every department, role and team the user holds. */
  depts: Type.Array(DeptChoice),
  roles: Type.Array(RoleChoice),
  teams: Type.Array(TeamChoice),
});
export type UserInfo = Static<typeof UserInfo>;

/** blade-user/getUserDefault: the last choices and the flags the shell needs (spec 000 §3 "User default info"). */
export const UserDefault = Type.Object({
  userId: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  lastDeptId: Type.String(),
  lastRoleId: Type.String(),
  lastTeamId: Type.String(),
  lastRoleAlias: Type.String(),
  tenantLastRegionCode: Type.String(),
  deptRegionCode: Type.String(),
  /** The session department's category; null without one. */
  deptCategory: orNull('integer'),
  /** 1 or 0. */
  isAdmin: Type.Integer(),
  isAdministrator: Type.Integer(),
  isDiseaseControl: Type.Integer(),
  isHospitalManagement: Type.Integer(),
  isTeamMaster: Type.Integer(),
  isMainDoctor: Type.Integer(),
  /** All the user's ids, comma-joined. */
  deptId: Type.String(),
  roleId: Type.String(),
  teamId: Type.String(),
  keepOnlineTime: Type.Integer(),
});
export type UserDefault = Static<typeof UserDefault>;

/** Spec 000 §3 "Tenant option": a tenant of the organisation switch, and whether the caller is in it now. */
export const TenantOption = Type.Object({
  tenantId: Type.String(),
  tenantName: Type.String(),
  account: Type.String(),
  deptId: Type.String(),
  roleId: Type.String(),
  teamId: Type.String(),
  current: Type.Boolean(),
});
export type TenantOption = Static<typeof TenantOption>;

/** The answers, as the routes declare them. */
export const authAnswers = {
  loginConfig: envelope(LoginConfig),
  publicKey: envelope(Type.String()),
  captcha: Captcha,
  token: TokenAnswer,
  /** logout: true. */
  done: envelope(Type.Boolean()),
  userInfo: envelope(UserInfo),
  userDefault: envelope(UserDefault),
  tenantOptions: envelope(Type.Array(TenantOption)),
  onlineCount: envelope(Type.Integer()),
  cacheCleared: envelope(Type.Object({ cleared: Type.Array(Type.String()) })),
  /** The single sign-on calls: none is configured, so they always refuse (501) and never answer 200. */
  none: envelope(Type.Null()),
};

/** The `data` of one of the enveloped answers, as the web app reads it. */
export type AuthAnswer<K extends Exclude<keyof typeof authAnswers, 'captcha' | 'token'>> = Static<(typeof authAnswers)[K]>['data'];
