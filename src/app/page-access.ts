import useSWR from 'swr';
import { getRoutes } from '../api/menu';
import { isRouteGranted, menuPaths } from './route-access';
import { findRoute } from './route-table';
import { menuRoutesKey } from './shell/shell-data';

/** `pending`: the menus have not arrived yet, so nobody can tell. */
export type PageAccess = 'granted' | 'refused' | 'pending';

/**
 * Whether the user's menus open the page at `pathname` (route-access.ts), for the access gate (which
 * shows 403 in its place) and the route guard (which adds no tab for it). Only pages a menu must grant
 * ask for the menus; `enabled: false` asks for nothing (a visitor without a session has no menus).
 * When the menu call fails the page is granted: the server still refuses every call the role may not
 * make, and a flaky menu call must not lock a user out of the work the server would let them do.
 */
export function usePageAccess(pathname: string, enabled = true): PageAccess {
  const route = findRoute(pathname);
  const needsMenus = enabled && route !== undefined && !route.isPublic && route.grant !== 'always';
  // Same key as the sidebar's useMenuRoutes(undefined): one request for all three.
  const { data: menus, error } = useSWR(needsMenus ? menuRoutesKey() : null, () => getRoutes());
  if (!needsMenus) return 'granted';
  if (!menus && !error) return 'pending';
  if (menus && !isRouteGranted(route, menuPaths(menus))) return 'refused';
  return 'granted';
}
