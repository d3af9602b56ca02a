import { matchPath } from 'react-router-dom';
import type { MenuItem } from '../api/types';
import type { RouteMeta } from './route-table';

/**
 * Whether the user's menus open a page (issue 17: access in the browser matches the server). The
 * server answers 403 to every call a role may not make (server/http/route-access.ts); this is the
 * same rule one step earlier, so a doctor who types /system/param/index sees a 403 page instead of
 * a screen whose every save is refused.
 *
 * The rule, per route of route-table.ts:
 * - public pages (login, status pages, /myiframe/*) are the route guard's business, never refused here;
 * - `grant: 'always'` — the shell's own pages every signed-in user has: 首页 /home/index and
 *   /home/dashboard, 个人信息 /info/index, the leave workflow /work/process/leave/… (reached from
 *   the home page's to-do list) and the read-only form preview /form-preview/:formCode;
 * - `grant: '<menu path>'` — a page inside another menu's screen (an archive's detail, the add-archive
 *   windows) is open to whoever holds that menu (居民健康档案 /publichealthwork/index);
 * - otherwise a menu of the user must lead to the page itself: one of its paths matches the
 *   route's pattern (/qualitymanage/index opens /qualitymanage/*).
 */
export function isRouteGranted(route: RouteMeta, menuPaths: readonly string[]): boolean {
  if (route.isPublic || route.grant === 'always') return true;
  const { grant } = route;
  if (grant !== undefined) return menuPaths.includes(grant);
  return menuPaths.some((path) => matchPath({ path: route.path, end: true }, path) !== null);
}

/** Every path of the menu tree, submenus included (a submenu's own path is harmless: it matches no page). */
export function menuPaths(menus: readonly MenuItem[]): string[] {
  return menus.flatMap((m) => [
    ...(m.path ? [m.path.split(/[?#]/)[0] ?? m.path] : []),
    ...menuPaths(Array.isArray(m.children) ? m.children : []),
  ]);
}
