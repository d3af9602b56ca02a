import { getCaptcha, getLoginConfig, getPublicKey, loginByPassword, type PasswordLogin } from '../../api/auth';
import { RequestError } from '../../api/request';
import type { Captcha, LoginConfig, TokenResponse, UserDefault } from '../../api/types';
import { getUserDefault } from '../../api/user';

/**
 * Everything the login page needs from the outside, as one object, so stories and tests hand in
 * stubs instead of mocking modules.
 */
export interface LoginApi {
  getLoginConfig: () => Promise<LoginConfig>;
  getPublicKey: () => Promise<string>;
  getCaptcha: () => Promise<Captcha>;
  encryptPassword: (publicKeyPem: string, password: string) => string | Promise<string>;
  login: (login: PasswordLogin) => Promise<TokenResponse>;
  getUserDefault: () => Promise<UserDefault>;
}

/**
 * The RSA library is only needed once the user presses 登录, so it is fetched then instead of with
 * the login page's first download (issue 17: the login page loads at most 300 KB of JavaScript).
 */
async function encryptPasswordOnDemand(publicKeyPem: string, password: string): Promise<string> {
  const { encryptPassword } = await import('../../api/password-crypto');
  return encryptPassword(publicKeyPem, password);
}

export const defaultLoginApi: LoginApi = {
  getLoginConfig,
  getPublicKey,
  getCaptcha,
  encryptPassword: encryptPasswordOnDemand,
  login: loginByPassword,
  getUserDefault,
};

/** The error_description of a failed token call, or the request layer's message. */
export function loginErrorText(error: unknown, fallback: string): string {
  if (error instanceof RequestError) {
    const body = error.body as { error_description?: unknown } | null | undefined;
    if (body && typeof body.error_description === 'string' && body.error_description) return body.error_description;
    return error.message || fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
