import { getData, postData } from './envelope';
import { request } from './request';
import type { AuthAnswer, UserInfo } from '../shared/contract/auth';
import type { LoginLogRow, PlatformDetail, UserAnswer } from '../shared/contract/users';
import type { UploadView } from '../shared/contract/resource';
import type { Envelope } from './types';

/**
 * The profile screen's calls (spec 000 §2 /info/index, §7 Users) and the session's background
 * reads (system parameters, online count). Mutations are silent: the forms show the server's
 * message next to the fields they concern.
 */

/** The current user as blade-user/info answers it. */
export type ProfileInfo = UserInfo;

export const getProfile = () => getData<ProfileInfo>('/api/blade-user/info');

export interface ProfileUpdate {
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
  keepOnlineTime?: number;
}

export const updateProfile = (body: ProfileUpdate) =>
  postData<UserAnswer<'done'>>('/api/blade-user/update-info', body, { meta: { silent: true } });

/** The three passwords arrive RSA-encrypted (the server checks the policy on the clear text). */
export const updatePassword = (body: { oldPassword: string; newPassword: string; newPassword1: string }) =>
  postData<UserAnswer<'done'>>('/api/blade-user/update-password', body, { meta: { silent: true } });

/** Spec §3 Profile systemAssAccounts: one account on another platform. */
export interface PlatformAccount {
  platform: string;
  account: string;
  password: string;
}

export type { PlatformDetail };

export const getPlatformDetail = () => getData<UserAnswer<'platformDetail'>>('/api/blade-user/platform-detail');

export const updatePlatform = (body: { userType: string; userExt: string; authorizeCode: string }) =>
  postData<UserAnswer<'done'>>('/api/blade-user/update-platform', body, { meta: { silent: true } });

export type { LoginLogRow };

export const listLoginLog = (current: number, size: number) =>
  getData<UserAnswer<'loginLogPage'>>('/api/blade-user/loglogin/list', { params: { current, size } });

/** Avatar upload (spec §7): multipart put-file; the answer's data.link is the file's address. */
export async function uploadAvatar(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await request.post<Envelope<UploadView>>('/api/blade-resource/oss/endpoint/put-file', form, {
    params: { type: 'avatar' },
    meta: { silent: true },
  });
  return res.data.data.link;
}

/** A system parameter's value ('' when unset); silent and without the loading bar (spec §7). */
export const getParamByKey = (key: string) =>
  getData<string>('/api/blade-system/systemparam/getByKey', { params: { key }, meta: { silent: true, noLoading: true } });

export const getOnlineCount = (tenantId?: string) =>
  getData<AuthAnswer<'onlineCount'>>('/api/blade-user/list-on-line-number', {
    params: tenantId ? { tenantId } : {},
    meta: { silent: true, noLoading: true },
  });

/**
 * The `iat` and `exp` claims (ms) of a JWT access token. Read without a signature check: they
 * only decide when to refresh and what the profile shows; the server verifies every token.
 */
export function tokenTimes(token: string | undefined): { issuedAt?: number; expiresAt?: number } {
  const payload = token?.split('.')[1];
  if (!payload) return {};
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims = JSON.parse(json) as { iat?: unknown; exp?: unknown };
    const ms = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v * 1000 : undefined);
    return { issuedAt: ms(claims.iat), expiresAt: ms(claims.exp) };
  } catch {
    return {};
  }
}
