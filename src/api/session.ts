import { STORAGE_PREFIX } from '../shared/config';
import type { TokenResponse, UserDefault } from './types';

/**
 * Where the session lives (spec 000 §7, §9): tokens in cookies (so a reload or a second tab keeps
 * them), the user's profile in localStorage under prefixed keys, the tenant target and the lock
 * state in sessionStorage (per tab).
 */
export const ACCESS_TOKEN_COOKIE = 'saber-access-token';
export const REFRESH_TOKEN_COOKIE = 'saber-refresh-token';

export const STORE_KEYS = {
  userInfo: 'userInfo',
  userDefault: 'userDefault',
  tenantId: 'tenantId',
  lastTenantId: 'lastTenantId',
  tagList: 'tagList',
  tag: 'tag',
  menu: 'menu',
  permission: 'permission',
  isLock: 'isLock',
  lockPasswd: 'lockPasswd',
  tenantTarget: 'tenantTarget',
  /** Unsaved form drafts (form-runtime): `draft:<user>:<archive>:<form>:<version>`, encrypted. */
  draftPrefix: 'draft:',
  /** The drafts' AES key, in this tab's sessionStorage only. */
  draftKey: 'draft-key',
} as const;

// ---- cookies -------------------------------------------------------------------------------

export function getCookie(name: string, cookieString: string = document.cookie): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export const getToken = (): string | undefined => getCookie(ACCESS_TOKEN_COOKIE) || undefined;
export const setToken = (token: string): void => setCookie(ACCESS_TOKEN_COOKIE, token);
export const getRefreshToken = (): string | undefined => getCookie(REFRESH_TOKEN_COOKIE) || undefined;
export const setRefreshToken = (token: string): void => setCookie(REFRESH_TOKEN_COOKIE, token);

export function removeTokens(): void {
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie(REFRESH_TOKEN_COOKIE);
}

// ---- prefixed local / session storage ------------------------------------------------------

type Area = 'local' | 'session';
const area = (where: Area): Storage => (where === 'session' ? sessionStorage : localStorage);

export function setStore(name: string, value: unknown, where: Area = 'local'): void {
  area(where).setItem(STORAGE_PREFIX + name, JSON.stringify(value));
}

export function getStore<T>(name: string, where: Area = 'local'): T | undefined {
  const raw = area(where).getItem(STORAGE_PREFIX + name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // Written by something else (or an old version): treat as absent rather than crash the page.
    return undefined;
  }
}

export function removeStore(name: string, where: Area = 'local'): void {
  area(where).removeItem(STORAGE_PREFIX + name);
}

/**
 * Removes every prefixed key except table_* ones: those hold users' column layouts and outlive a
 * session by design (spec §9). Keys of other apps on the same origin are left alone.
 */
export function clearStore(where: Area = 'local', keep: (name: string) => boolean = () => false): void {
  const storage = area(where);
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  for (const key of keys) {
    if (!key.startsWith(STORAGE_PREFIX)) continue;
    const name = key.slice(STORAGE_PREFIX.length);
    if (name.startsWith('table_') || keep(name)) continue;
    storage.removeItem(key);
  }
}

// ---- the session as the app sees it --------------------------------------------------------

/** The user fields the login answer carries, kept as returned (snake_case, spec §3). */
export type SessionUser = Omit<TokenResponse, 'access_token' | 'refresh_token' | 'choices'>;

export const getUserInfo = (): SessionUser | undefined => getStore<SessionUser>(STORE_KEYS.userInfo);
export const setUserInfo = (user: SessionUser): void => setStore(STORE_KEYS.userInfo, user);
export const getUserDefault = (): UserDefault | undefined => getStore<UserDefault>(STORE_KEYS.userDefault);
export const setUserDefault = (value: UserDefault): void => setStore(STORE_KEYS.userDefault, value);

export function getTenantTarget(): string | undefined {
  return getStore<string>(STORE_KEYS.tenantTarget, 'session') || undefined;
}

export function isLocked(): boolean {
  return getStore<boolean>(STORE_KEYS.isLock, 'session') === true;
}

/** Strips tokens and the choice list before the answer is written to storage. */
export function toSessionUser(answer: TokenResponse): SessionUser {
  const { access_token: _a, refresh_token: _r, choices: _c, ...user } = answer;
  return user;
}

/**
 * Stores a successful login (spec §4): tokens, tenant and user; tabs and lock of any previous
 * session are dropped so the new user starts on a clean first page.
 */
export function storeLogin(answer: TokenResponse): void {
  if (answer.access_token) setToken(answer.access_token);
  if (answer.refresh_token) setRefreshToken(answer.refresh_token);
  setUserInfo(toSessionUser(answer));
  if (answer.tenant_id) {
    setStore(STORE_KEYS.tenantId, answer.tenant_id);
    setStore(STORE_KEYS.lastTenantId, answer.tenant_id);
  }
  clearTabsAndLock();
}

export function clearTabsAndLock(): void {
  removeStore(STORE_KEYS.tagList);
  removeStore(STORE_KEYS.tag);
  removeStore(STORE_KEYS.isLock, 'session');
  removeStore(STORE_KEYS.lockPasswd, 'session');
}

const isDraftEntry = (name: string): boolean => name.startsWith(STORE_KEYS.draftPrefix) || name === STORE_KEYS.draftKey;

/**
 * Forgets the session (spec §4 Logout): token, menu, permissions, tabs, lock, user info and role.
 * The last tenant id survives so the login form can prefill it. `keepDrafts` is for a session that
 * timed out rather than one the user ended: the encrypted drafts and their key (this tab only)
 * stay, so the form offers the unsaved values back after the next login (issue: drafts after a
 * session timeout). A logout the user chooses forgets them, so the next user of a shared PC
 * cannot read them.
 */
export function clearSession({ keepDrafts = false }: { keepDrafts?: boolean } = {}): void {
  const lastTenant = getStore<string>(STORE_KEYS.lastTenantId);
  const keep = keepDrafts ? isDraftEntry : undefined;
  removeTokens();
  clearStore('local', keep);
  clearStore('session', keep);
  if (lastTenant) setStore(STORE_KEYS.lastTenantId, lastTenant);
}

export function getLastTenantId(): string | undefined {
  return getStore<string>(STORE_KEYS.lastTenantId);
}

/** True when any of dept / role / team holds several values: the user still has to choose. */
export function needsChoice(user: Pick<TokenResponse, 'dept_id' | 'role_id' | 'team_id'>): boolean {
  return [user.dept_id, user.role_id, user.team_id].some((v) => typeof v === 'string' && v.includes(','));
}
