import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageLoading } from './page-loading';
import { isRouteGranted, menuPaths } from './route-access';
import { findRoute } from './route-table';
import { useMenuRoutes } from './shell/shell-data';
import { StatusPage } from './status-page';

/**
 * Shows the routed page only when the user's menus grant it (route-access.ts), else the 403 page in
 * its place — inside the layout, so the sidebar and tabs stay to go elsewhere. The menus are the
 * sidebar's own call (same SWR key), so this costs no extra request. When the menu call fails the
 * page shows: the server still refuses every call the role may not make, and a flaky menu call
 * must not lock a user out of the work the server would let them do.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { data: menus, error } = useMenuRoutes(undefined);
  const route = findRoute(pathname);
  if (!route || route.isPublic || route.grant === 'always') return children;
  if (!menus && !error) return <PageLoading />;
  if (menus && !isRouteGranted(route, menuPaths(menus))) return <StatusPage status={403} />;
  return children;
}
