import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearSession, getToken, getUserInfo } from '../api/session';
import { useLang } from '../shared/i18n/i18n-context';
import { pageTitle } from './page-title';
import { decideRoute } from './route-decision';

/** The root layout route: applies decideRoute to every navigation and sets the page title. */
export function RouteGuard() {
  const location = useLocation();
  const { lang } = useLang();
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(getToken()),
    user: getUserInfo(),
  });
  const logout = decision.logout === true;

  // Layout effect: the session must be gone before <Navigate>'s effect moves on.
  useLayoutEffect(() => {
    if (logout) clearSession();
  }, [logout, location.key]);

  useEffect(() => {
    document.title = pageTitle(location.pathname, lang);
  }, [location.pathname, lang]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
