import { getData } from './envelope';
import { request } from './request';
import { clearSession } from './session';
import type { AuthAnswer } from '../shared/contract/auth';
import type { Captcha, LoginConfig, TokenResponse, UserInfo } from './types';

/** The blade-auth service (spec 000 §7 Authentication). */
const BASE = '/api/blade-auth/oauth';

export const getLoginConfig = () => getData<LoginConfig>(`${BASE}/login-config`);

export const getPublicKey = () => getData<string>(`${BASE}/public-key`);

/** Not enveloped: the answer is {key, image} itself. */
export async function getCaptcha(): Promise<Captcha> {
  const res = await request.get<Captcha>(`${BASE}/captcha`);
  return res.data;
}

export interface PasswordLogin {
  tenantId: string;
  username: string;
  /** Already RSA-encrypted (see encryptPassword). */
  password: string;
  captcha?: { key: string; code: string };
  /** The department / role / team chosen after a multi-value answer. */
  choice?: { deptId: string; roleId: string; teamId?: string };
}

/**
 * POST oauth/token with the password (or captcha) grant. Silent: the login form shows the
 * error_description itself, inline and as a message, so the interceptor's toast would double it.
 */
export async function loginByPassword(login: PasswordLogin): Promise<TokenResponse> {
  const headers: Record<string, string> = { 'Tenant-Id': login.tenantId };
  if (login.captcha) {
    headers['Captcha-Key'] = login.captcha.key;
    headers['Captcha-Code'] = login.captcha.code;
  }
  if (login.choice) {
    headers['Dept-Id'] = login.choice.deptId;
    headers['Role-Id'] = login.choice.roleId;
    if (login.choice.teamId) headers['Team-Id'] = login.choice.teamId;
  }
  const res = await request.post<TokenResponse>(`${BASE}/token`, null, {
    headers,
    params: {
      tenantId: login.tenantId,
      username: login.username,
      password: login.password,
      grant_type: login.captcha ? 'captcha' : 'password',
      scope: 'all',
      type: 'account',
    },
    meta: { silent: true },
  });
  return res.data;
}

export async function refreshToken(token: string, tenantId: string): Promise<TokenResponse> {
  const res = await request.post<TokenResponse>(`${BASE}/token`, null, {
    headers: { 'Tenant-Id': tenantId },
    params: { tenantId, refresh_token: token, grant_type: 'refresh_token', scope: 'all' },
    meta: { silent: true },
  });
  return res.data;
}

export const getUserInfo = () => getData<UserInfo>(`${BASE}/user-info`);

/** Tells the server the session ends. */
export const logoutCall = () => getData<AuthAnswer<'done'>>(`${BASE}/logout`, { meta: { silent: true } });

/**
 * Logs out (spec §4): the server call, then the local session is forgotten even when the call
 * fails — a user who pressed logout must never stay logged in because the network was down.
 */
export async function logout({ keepDrafts = false }: { keepDrafts?: boolean } = {}): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // Deliberately ignored: see above.
  } finally {
    clearSession({ keepDrafts });
  }
}
