import { logout } from '../../api/auth';
import { clearSession, getStore, setUserDefault, storeLogin } from '../../api/session';
import type { TokenResponse } from '../../api/types';
import { getUserDefault, ssoLogout } from '../../api/user';
import { FIRST_PAGE_PATH, LOGIN_PATH } from '../../shared/config';

/** Set (sessionStorage) by the single sign-on page: such a session ends through the SSO logout. */
export const SSO_SESSION_KEY = 'ssoSession';

/** A full page load: every cached answer of the previous identity goes with it (spec §4 reloads). */
export const reloadAt = (path: string): void => window.location.assign(path);

/**
 * Logout (spec §4): clears token, menu, roles, tabs, lock, user info and role even if the call
 * fails. An SSO session calls the SSO logout and closes the window; otherwise to /login, reloaded.
 */
export async function logoutEverywhere({ keepDrafts = false }: { keepDrafts?: boolean } = {}): Promise<void> {
  if (getStore<boolean>(SSO_SESSION_KEY, 'session')) {
    try {
      await ssoLogout();
    } catch {
      // As for the normal logout: the local session ends whatever the server says.
    }
    clearSession();
    window.close();
    // window.close is refused for windows the script did not open: then land on the login page.
    reloadAt(LOGIN_PATH);
    return;
  }
  await logout({ keepDrafts });
  reloadAt(LOGIN_PATH);
}

/**
 * Adopts a new token answer (department/role/team change, organisation switch): stores it (which
 * clears tabs and lock), refreshes the user defaults, and reloads on the first page.
 */
export async function adoptLogin(answer: TokenResponse): Promise<void> {
  storeLogin(answer);
  try {
    setUserDefault(await getUserDefault());
  } catch {
    // The shell refetches the defaults after the reload; the new session is already stored.
  }
}

export const goHomeReloaded = (): void => reloadAt(FIRST_PAGE_PATH);
