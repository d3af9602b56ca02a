import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../db/ids';
import { addLoginLog, type LoginResult } from '../repositories/login-log';
import { listDepts, listRoles, listTeams, splitIds } from '../repositories/org-names';
import { createSession, findSession, revokeSession, rotateRefresh } from '../repositories/sessions';
import { findTenant, type Tenant } from '../repositories/tenants';
import { findLinkedAccount } from '../repositories/user-links';
import { findUserByAccount, findUserById, rememberLastChoice, type User } from '../repositories/users';
import { burnPasswordCheck, checkPasswordUnderLockout } from './password-check';
import { announceRevocation } from './session-revocation';
import type { TokenAnswer } from '../../../src/shared/contract/auth';

export interface LoginRequest {
  grantType: string;
  tenantId: string;
  username: string;
  password: string;
  refreshToken: string;
  captchaKey: string;
  captchaCode: string;
  /** The department / role / team the user chose (headers Dept-Id, Role-Id, Team-Id). */
  chosen: { deptId: string; roleId: string; teamId: string };
  /** The caller's current access token (Blade-Auth), for the change and switch grants. */
  currentToken: string;
  ip: string;
  userAgent: string;
  /** The grant types the request's OAuth client may use (blade_client); undefined: any. */
  allowedGrants?: ReadonlySet<string>;
}

export type LoginOutcome = { ok: true; body: TokenAnswer } | { ok: false; status: number; description: string };

const WRONG_CREDENTIALS = '用户名或密码不正确';

const failure = (description: string, status = 400): LoginOutcome => ({ ok: false, status, description });

/**
 * Why an institution takes no sign-in, or null: unknown, disabled or removed, or its licence
 * (租户管理's expiry, tenant/setting) has run out. Every grant asks it of the tenant it would sign
 * into — a password login, a refresh, a change of role and an organisation switch alike — so no
 * grant keeps an expired or removed institution working.
 */
function tenantRefusal(tenant: Tenant | undefined, now: number): string | null {
  if (!tenant || tenant.is_deleted === 1) return '租户ID未找到';
  if (tenant.expire_time && new Date(tenant.expire_time).getTime() < now) return '租户授权已过期，请联系管理员';
  return null;
}

const KNOWN_GRANTS = new Set(['password', 'captcha', 'refresh_token', 'change', 'switch_tenant']);

export async function handleTokenRequest(deps: AppDeps, req: LoginRequest): Promise<LoginOutcome> {
  if (req.allowedGrants && KNOWN_GRANTS.has(req.grantType) && !req.allowedGrants.has(req.grantType))
    return failure(`该客户端不允许授权类型[${req.grantType}]`);
  switch (req.grantType) {
    case 'password':
      return passwordLogin(deps, req, false);
    case 'captcha':
      return passwordLogin(deps, req, true);
    case 'refresh_token':
      return refreshLogin(deps, req);
    case 'change':
      return changeLogin(deps, req);
    case 'switch_tenant':
      return switchTenant(deps, req);
    default:
      return failure(`不支持的授权类型[${req.grantType || '空'}]`);
  }
}

async function passwordLogin(deps: AppDeps, req: LoginRequest, captchaGrant: boolean): Promise<LoginOutcome> {
  if (!req.tenantId && deps.config.tenantMode) return failure('租户ID不能为空');
  if (!req.username) return failure('用户名不能为空');
  if (!req.password) return failure('密码不能为空');
  const tenantId = req.tenantId || '000000';
  const closed = tenantRefusal(await findTenant(deps.db, tenantId), deps.now());
  if (closed) return failure(closed);

  const log = (result: LoginResult, message: string, userId: string | null = null) =>
    addLoginLog(deps.db, {
      tenantId,
      account: req.username,
      userId,
      ip: req.ip,
      userAgent: req.userAgent,
      result,
      message,
      time: new Date(deps.now()),
    });

  if (captchaGrant || deps.config.captchaMode) {
    if (!req.captchaKey || !req.captchaCode) {
      await log('rejected', '验证码不能为空');
      return failure('验证码不能为空');
    }
    if (!(await deps.captcha.verify(req.captchaKey, req.captchaCode))) {
      await log('rejected', '验证码不正确');
      return failure('验证码不正确');
    }
  }

  const user = await findUserByAccount(deps.db, tenantId, req.username);
  if (!user) {
    await burnPasswordCheck(deps, req.password);
    await log('failure', WRONG_CREDENTIALS);
    return failure(WRONG_CREDENTIALS);
  }
  const verdict = await checkPasswordUnderLockout(deps, user, req.password);
  if (verdict.kind === 'locked') {
    await log('locked', verdict.message, user.id);
    return failure(verdict.message);
  }
  if (verdict.kind === 'wrong') {
    await log(verdict.lockedMessage ? 'locked' : 'failure', verdict.lockedMessage ?? WRONG_CREDENTIALS, user.id);
    return failure(verdict.lockedMessage ?? WRONG_CREDENTIALS);
  }
  if (user.status !== 1) {
    await log('rejected', '该账号已被停用', user.id);
    return failure('该账号已被停用，请联系管理员');
  }

  const outcome = await issueForUser(deps, user, req.chosen);
  await log(
    outcome.ok ? 'success' : 'rejected',
    outcome.ok ? (outcome.body.access_token ? '登录成功' : '需要选择部门和角色') : outcome.description,
    user.id,
  );
  return outcome;
}

/**
 * Builds the token answer. A user whose department, role or team ids hold several values and who
 * has not chosen gets the user info and the choices but no token (spec 000 §4).
 */
async function issueForUser(deps: AppDeps, user: User, chosen: LoginRequest['chosen']): Promise<LoginOutcome> {
  const deptIds = splitIds(user.dept_id);
  const roleIds = splitIds(user.role_id);
  const teamIds = splitIds(user.team_id);
  const pick = (ids: string[], wanted: string) => (wanted ? (ids.includes(wanted) ? wanted : null) : ids.length === 1 ? ids[0]! : '');
  const deptId = pick(deptIds, chosen.deptId);
  const roleId = pick(roleIds, chosen.roleId);
  const teamId = pick(teamIds, chosen.teamId);
  if (deptId === null || roleId === null || teamId === null) return failure('所选部门、角色或团队不属于该用户');

  const [depts, roles, teams] = await Promise.all([
    listDepts(deps.db, user.tenant_id, deptIds),
    listRoles(deps.db, user.tenant_id, roleIds),
    listTeams(deps.db, user.tenant_id, teamIds),
  ]);
  const base = tokenBodyBase(user);
  const needsChoice =
    (deptId === '' && deptIds.length > 1) || (roleId === '' && roleIds.length > 1) || (teamId === '' && teamIds.length > 1);
  if (needsChoice) {
    return {
      ok: true,
      body: {
        ...base,
        dept_id: user.dept_id,
        role_id: user.role_id,
        team_id: user.team_id,
        role_name: roles.map((r) => r.role_name).join(','),
        choices: {
          depts: depts.map((d) => ({ id: d.id, deptName: d.dept_name, deptCategory: d.dept_category })),
          roles: roles.map((r) => ({ id: r.id, roleName: r.role_name, roleAlias: r.role_alias })),
          teams: teams.map((t) => ({ id: t.id, name: t.name })),
        },
      },
    };
  }
  const session = await startSession(deps, user, { deptId, roleId, teamId });
  await rememberLastChoice(deps.db, user, { deptId, roleId, teamId });
  return issueTokens(
    deps,
    user,
    roles.find((r) => r.id === roleId),
    { id: session.id, jti: session.refreshJti, deptId, roleId, teamId },
  );
}

/** What every token answer says of the user, with or without tokens (spec 000 §7). */
function tokenBodyBase(user: User) {
  return {
    token_type: 'bearer',
    tenant_id: user.tenant_id,
    user_id: user.id,
    account: user.account,
    user_name: user.name,
    real_name: user.real_name,
    avatar: user.avatar,
    oauth_id: '',
    license: 'powered by blade',
  };
}

/** Signs the access and refresh tokens of a session and builds the token answer: login and refresh alike. */
async function issueTokens(
  deps: AppDeps,
  user: User,
  role: { role_name: string; role_alias: string } | undefined,
  session: { id: string; jti: string; deptId: string; roleId: string; teamId: string },
): Promise<LoginOutcome> {
  const chosen = {
    role_id: session.roleId,
    role_name: role?.role_name ?? '',
    role_alias: role?.role_alias ?? '',
    dept_id: session.deptId,
    team_id: session.teamId,
  };
  const accessToken = await deps.tokens.signAccess({
    tenant_id: user.tenant_id,
    user_id: user.id,
    account: user.account,
    user_name: user.name,
    real_name: user.real_name,
    ...chosen,
    sid: session.id,
  });
  const refreshToken = await deps.tokens.signRefresh({ tenant_id: user.tenant_id, user_id: user.id, sid: session.id, jti: session.jti });
  return {
    ok: true,
    body: { ...tokenBodyBase(user), access_token: accessToken, refresh_token: refreshToken, expires_in: deps.tokens.accessTtl, ...chosen },
  };
}

async function startSession(deps: AppDeps, user: User, choice: { deptId: string; roleId: string; teamId: string }) {
  const now = deps.now();
  const id = newId(now);
  const refreshJti = crypto.randomUUID();
  await createSession(deps.db, {
    id,
    tenant_id: user.tenant_id,
    user_id: user.id,
    dept_id: choice.deptId,
    role_id: choice.roleId,
    team_id: choice.teamId,
    refresh_jti: refreshJti,
    expires_at: new Date(now + deps.tokens.refreshTtl * 1000),
    create_time: new Date(now),
  });
  return { id, refreshJti };
}

const EXPIRED = '令牌已失效，请重新登录';

async function refreshLogin(deps: AppDeps, req: LoginRequest): Promise<LoginOutcome> {
  if (!req.refreshToken) return failure('refresh_token不能为空');
  const claims = await deps.tokens.verifyRefresh(req.refreshToken);
  if (!claims) return failure(EXPIRED, 401);
  const session = await findSession(deps.db, claims.tenant_id, claims.sid);
  if (!session || session.revoked_at) return failure(EXPIRED, 401);
  const now = deps.now();
  if (session.refresh_jti !== claims.jti) {
    // A refresh token used twice was copied: end the whole session.
    await endSession(deps, session.tenant_id, session.id, now);
    return failure(EXPIRED, 401);
  }
  const user = await findUserById(deps.db, claims.tenant_id, claims.user_id);
  if (!user || user.status !== 1) return failure(EXPIRED, 401);
  const closed = tenantRefusal(await findTenant(deps.db, claims.tenant_id), now);
  if (closed) {
    await endSession(deps, session.tenant_id, session.id, now);
    return failure(closed, 401);
  }
  const nextJti = crypto.randomUUID();
  if (!(await rotateRefresh(deps.db, session, nextJti, new Date(now + deps.tokens.refreshTtl * 1000)))) return failure(EXPIRED, 401);
  const [role] = await listRoles(deps.db, user.tenant_id, [session.role_id]);
  return issueTokens(deps, user, role, {
    id: session.id,
    jti: nextJti,
    deptId: session.dept_id,
    roleId: session.role_id,
    teamId: session.team_id,
  });
}

export async function logoutSession(deps: AppDeps, tenantId: string, sessionId: string): Promise<void> {
  await endSession(deps, tenantId, sessionId, deps.now());
}

/**
 * Revokes a session and, once that is committed, drops it from the auth guard's cache, so no later
 * request of this process is let through with it (auth/services/session-cache.ts). Every revocation goes here.
 * On PostgreSQL the revocation is announced in its own transaction (pg_notify, delivered at commit),
 * so every other server process drops the session at once too (issue 17: a logout on one machine
 * is a logout on all).
 */
async function endSession(deps: AppDeps, tenantId: string, sessionId: string, now: number): Promise<void> {
  try {
    if (deps.dbKind !== 'postgres') await revokeSession(deps.db, tenantId, sessionId, new Date(now));
    else
      await deps.db.transaction().execute(async (trx) => {
        await revokeSession(trx, tenantId, sessionId, new Date(now));
        await announceRevocation(trx, deps.dbKind, tenantId, sessionId);
      });
  } finally {
    deps.sessions.revoke(tenantId, sessionId);
  }
}

/** The current session of a change or switch call, or why there is none. */
async function currentSession(deps: AppDeps, token: string) {
  const claims = token ? await deps.tokens.verifyAccess(token) : null;
  if (!claims) return null;
  const session = await findSession(deps.db, claims.tenant_id, claims.sid);
  if (!session || session.revoked_at) return null;
  const user = await findUserById(deps.db, claims.tenant_id, claims.user_id);
  if (!user || user.status !== 1) return null;
  if (tenantRefusal(await findTenant(deps.db, claims.tenant_id), deps.now())) return null;
  return { claims, session, user };
}

/** Switching department, role or team: a new session for the new choice, the old one ends. */
async function changeLogin(deps: AppDeps, req: LoginRequest): Promise<LoginOutcome> {
  const current = await currentSession(deps, req.currentToken);
  if (!current) return failure(EXPIRED, 401);
  if (!req.chosen.deptId || !req.chosen.roleId) return failure('请选择角色');
  const teamIds = splitIds(current.user.team_id);
  const chosen = { ...req.chosen, teamId: req.chosen.teamId || (teamIds.length === 1 ? teamIds[0]! : '') };
  if (!chosen.teamId && teamIds.length > 1) chosen.teamId = current.session.team_id;
  const outcome = await issueForUser(deps, current.user, chosen);
  if (outcome.ok && outcome.body.access_token) await endSession(deps, current.session.tenant_id, current.session.id, deps.now());
  await addLoginLog(deps.db, {
    tenantId: current.user.tenant_id,
    account: current.user.account,
    userId: current.user.id,
    ip: req.ip,
    userAgent: req.userAgent,
    result: outcome.ok ? 'success' : 'rejected',
    message: outcome.ok ? '切换部门/角色/团队' : outcome.description,
    time: new Date(deps.now()),
  });
  return outcome;
}

const SWITCHING_ALIASES = new Set(['administrator', 'disease_control', 'hospital_management']);

/** Organisation switch: log in as the same person's linked account in another tenant. */
async function switchTenant(deps: AppDeps, req: LoginRequest): Promise<LoginOutcome> {
  const current = await currentSession(deps, req.currentToken);
  if (!current) return failure(EXPIRED, 401);
  if (!SWITCHING_ALIASES.has(current.claims.role_alias)) return failure('当前角色不能切换机构', 403);
  if (!req.tenantId) return failure('请选择机构');
  const link = await findLinkedAccount(deps.db, current.user.id, req.tenantId);
  if (!link) return failure('切换失败：没有该机构的账号');
  const closed = tenantRefusal(await findTenant(deps.db, link.linked_tenant_id), deps.now());
  if (closed) return failure(`切换失败：${closed}`);
  const target = await findUserById(deps.db, link.linked_tenant_id, link.linked_user_id);
  if (!target || target.status !== 1) return failure('切换失败：该机构的账号不可用');
  const outcome = await issueForUser(deps, target, { deptId: '', roleId: '', teamId: '' });
  if (outcome.ok && outcome.body.access_token) await endSession(deps, current.session.tenant_id, current.session.id, deps.now());
  await addLoginLog(deps.db, {
    tenantId: target.tenant_id,
    account: target.account,
    userId: target.id,
    ip: req.ip,
    userAgent: req.userAgent,
    result: outcome.ok ? 'success' : 'rejected',
    message: outcome.ok ? `从机构${current.user.tenant_id}切换` : outcome.description,
    time: new Date(deps.now()),
  });
  return outcome;
}
