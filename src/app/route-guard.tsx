import { useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearSession, getToken, getUserInfo, isLocked } from '../api/session';
import { useLang } from '../shared/i18n/i18n-context';
import { usePageAccess } from './page-access';
import { pageTitle } from './page-title';
import { decideRoute } from './route-decision';
import { addTab, tabPath } from './tabs/tab-rules';
import { tabStore } from './tabs/tab-store';

/** The page of the current tab (a tab keyed by a query src goes back to its embedding page). */
function currentTabPath(): string {
  const { tabs, current } = tabStore.get();
  const tab = tabs.find((t) => t.value === current);
  return tab ? tabPath(tab) : current;
}

/**
 * The root layout route: applies decideRoute to every navigation — logout, redirect, new
 * window, tab — and sets the page title.
 */
export function RouteGuard() {
  const location = useLocation();
  const { lang } = useLang();
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hasToken: Boolean(getToken()),
    user: getUserInfo(),
    locked: isLocked(),
    currentTab: currentTabPath(),
  });
  const logout = decision.kind !== 'window' && decision.logout === true;
  const tab = decision.kind === 'allow' ? decision.tab : undefined;
  // A page the user's menus refuse shows 403 (access-gate.tsx) and gets no tab: a tab would carry the
  // forbidden screen's name and stay after the user left (issue 17, app/README.md). While the menus
  // are on their way the tab waits.
  const access = usePageAccess(location.pathname, tab !== undefined);
  const tabAllowed = access === 'granted';
  const windowUrl = decision.kind === 'window' ? decision.url : undefined;

  // Layout effect: the session must be gone before <Navigate>'s effect moves on.
  useLayoutEffect(() => {
    // The guard logs out a session that lost its token or its choice: drafts stay for the next login.
    if (logout) clearSession({ keepDrafts: true });
  }, [logout, location.key]);

  // First, a tab close that was waiting for this navigation (tab-store.ts closeOnArrival).
  useEffect(() => {
    tabStore.arrived(location.pathname + location.search);
  }, [location.key, location.pathname, location.search]);

  // Keyed on the navigation, not the tab object: one tab change per navigation.
  const tabValue = tabAllowed ? tab?.value : undefined;
  useEffect(() => {
    if (tab && tabAllowed) tabStore.update((s) => addTab(s, tab));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- tab is rebuilt each render; tabValue and location.key identify it
  }, [tabValue, location.key]);

  useEffect(() => {
    if (windowUrl) window.open(windowUrl, '_blank', 'noopener');
  }, [windowUrl, location.key]);

  const titlePath = access === 'refused' ? '/403' : location.pathname;
  useEffect(() => {
    document.title = pageTitle(titlePath, lang);
  }, [titlePath, lang]);

  if (decision.kind === 'redirect' || decision.kind === 'window') return <Navigate to={decision.to} replace />;
  return <Outlet />;
}
