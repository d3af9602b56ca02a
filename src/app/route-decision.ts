import { FIRST_PAGE_PATH, LOGIN_PATH, SWITCH_MODE } from '../shared/config';
import { findRoute, isLoginPath } from './route-table';

export interface GuardInput {
  pathname: string;
  /** location.search, with or without the leading '?'. */
  search: string;
  hasToken: boolean;
  /** The stored ids of the session; several comma-joined values mean an unfinished choice. */
  user?: { dept_id?: string; role_id?: string; team_id?: string };
  switchMode?: boolean;
}

export type GuardDecision =
  | { kind: 'allow'; logout?: boolean }
  | { kind: 'redirect'; to: string; logout?: boolean };

const hasSeveral = (v: string | undefined) => typeof v === 'string' && v.includes(',');

/**
 * Where a navigation may go (spec 000 §2 Route guard), as a pure function of the location and
 * the session so every rule is testable without a router. `logout` asks the caller to forget the
 * local session before following the decision.
 */
export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, hasToken } = input;
  if (pathname === '/' || pathname === '') {
    return hasToken ? { kind: 'redirect', to: FIRST_PAGE_PATH } : { kind: 'redirect', to: LOGIN_PATH, logout: true };
  }

  const route = findRoute(pathname);
  if (route?.isPublic) {
    if (hasToken && isLoginPath(pathname)) {
      // Another system handing the user over (target / auth-header) keeps the session; a person
      // who comes back to the login page on purpose wants to log in afresh.
      const query = new URLSearchParams(input.search);
      if (query.get('target') || query.get('auth-header')) return { kind: 'redirect', to: '/' };
      return { kind: 'allow', logout: true };
    }
    return { kind: 'allow' };
  }

  if (!hasToken) return { kind: 'redirect', to: LOGIN_PATH, logout: true };

  const user = input.user ?? {};
  if ((input.switchMode ?? SWITCH_MODE) && (hasSeveral(user.dept_id) || hasSeveral(user.role_id) || hasSeveral(user.team_id))) {
    // An abnormal session (spec §4 Session): acting as several departments at once is not allowed.
    return { kind: 'redirect', to: LOGIN_PATH, logout: true };
  }

  return route ? { kind: 'allow' } : { kind: 'redirect', to: '/404' };
}
