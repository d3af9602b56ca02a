import { getData } from './envelope';
import { request } from './request';
import type { AuthAnswer } from '../shared/contract/auth';
import type { TokenResponse, UserDefault } from './types';

/** The blade-user service (spec 000 §7 Users). */
export const getUserDefault = () => getData<UserDefault>('/api/blade-user/getUserDefault');

export type ChangeType = 'dept' | 'role' | 'team';

/**
 * Switching department, role or team (spec §4): a change-type login with the chosen ids as
 * headers; the server starts a new session and ends the old one. Silent: the top bar reports.
 */
export async function changeLogin(
  changeType: ChangeType,
  choice: { deptId: string; roleId: string; teamId?: string },
): Promise<TokenResponse> {
  const headers: Record<string, string> = { 'Dept-Id': choice.deptId, 'Role-Id': choice.roleId };
  if (choice.teamId) headers['Team-Id'] = choice.teamId;
  const res = await request.post<TokenResponse>('/api/blade-auth/oauth/token', null, {
    headers,
    params: { grant_type: 'change', changeType, scope: 'all' },
    meta: { silent: true },
  });
  return res.data;
}

/** The single sign-on logout (spec §7); only SSO sessions call it. */
export const ssoLogout = () => getData<AuthAnswer<'none'>>('/api/blade-user/sso/yunan/logout', { meta: { silent: true } });

/** Exchanges an SSO ticket for a session; the server says plainly when no provider is configured. */
export const ssoTokenByTicket = (a: string, b: string) =>
  getData<TokenResponse>(`/api/blade-user/sso/yunan/get-token-by-ticket/${encodeURIComponent(a)}/${encodeURIComponent(b)}`, {
    meta: { silent: true },
  });
