import { FIRST_PAGE_PATH, LOCK_PATH, LOGIN_PATH, SWITCH_MODE } from '../shared/config';
import { isMultiId } from '../shared/ids';
import { findRoute, isLoginPath } from './route-table';
import { tabForLocation, type TabRecord } from './tabs/tab-rules';

export interface GuardInput {
  pathname: string;
  /** location.search, with or without the leading '?'. */
  search: string;
  hasToken: boolean;
  /** The stored ids of the session; several comma-joined values mean an unfinished choice. */
  user?: { dept_id?: string; role_id?: string; team_id?: string };
  switchMode?: boolean;
  /** The lock state (sessionStorage, spec §4 Lock). */
  locked?: boolean;
  /** The current tab's value: where a "target" navigation leaves the user after opening a window. */
  currentTab?: string;
}

export type GuardDecision =
  /** `tab`: the page to add as the current tab (logged-in pages only). */
  | { kind: 'allow'; logout?: boolean; tab?: TabRecord }
  | { kind: 'redirect'; to: string; logout?: boolean }
  /** A query target: open `url` in a new window and stay on (go back to) `to`. */
  | { kind: 'window'; url: string; to: string };

/**
 * Where a navigation may go (spec 000 §2 Route guard), as a pure function of the location and
 * the session so every rule is testable without a router. `logout` asks the caller to forget the
 * local session before following the decision.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, hasToken } = input;
  const locked = input.locked === true;
  if (pathname === '/' || pathname === '' || pathname === '/home') {
    if (!hasToken) return { kind: 'redirect', to: LOGIN_PATH, logout: true };
    return { kind: 'redirect', to: locked ? LOCK_PATH : FIRST_PAGE_PATH };
  }
  const route = findRoute(pathname);

  if (!hasToken) {
    // An empty token logs out; only isAuth-false routes pass. The lock screen has nobody to unlock.
    if (!route) return { kind: 'redirect', to: '/404' };
    if (route.isPublic && pathname !== LOCK_PATH) return { kind: 'allow' };
    return { kind: 'redirect', to: LOGIN_PATH, logout: true };
  }

  const user = input.user ?? {};
  if ((input.switchMode ?? SWITCH_MODE) && (isMultiId(user.dept_id) || isMultiId(user.role_id) || isMultiId(user.team_id))) {
    // An abnormal session (spec §4 Session): acting as several departments at once is not allowed.
    return { kind: 'redirect', to: LOGIN_PATH, logout: true };
  }

  if (isLoginPath(pathname)) {
    // Another system handing the user over (target / auth-header) keeps the session; a person
    // who comes back to the login page on purpose wants to log in afresh.
    const query = new URLSearchParams(input.search);
    if (query.get('target') || query.get('auth-header')) return { kind: 'redirect', to: '/' };
    return { kind: 'allow', logout: true };
  }

  if (locked) return pathname === LOCK_PATH ? { kind: 'allow' } : { kind: 'redirect', to: LOCK_PATH };
  // Nothing to unlock: the lock screen of an unlocked session is just the way home.
  if (pathname === LOCK_PATH) return { kind: 'redirect', to: input.currentTab ?? FIRST_PAGE_PATH };
  if (!route) return { kind: 'redirect', to: '/404' };

  const action = tabForLocation(pathname, input.search, route);
  if (action.kind === 'window') return { kind: 'window', url: action.url, to: input.currentTab ?? FIRST_PAGE_PATH };
  return action.kind === 'tab' ? { kind: 'allow', tab: action.tab } : { kind: 'allow' };
}
