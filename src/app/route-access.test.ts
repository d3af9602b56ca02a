import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../api/types';
import { isRouteGranted, menuPaths } from './route-access';
import { findRoute, ROUTE_TABLE } from './route-table';

const item = (id: string, name: string, path: string, children?: MenuItem[]): MenuItem => ({
  id,
  parentId: '0',
  code: id,
  name,
  alias: '',
  path,
  source: '',
  sort: 0,
  category: 1,
  isOpen: 1,
  hasChildren: Boolean(children),
  ...(children && { children }),
});

// The seeded doctor's menus (server/seed/seed-data.ts) and the administrator's system menus.
const DOCTOR: MenuItem[] = [
  item('3001', '首页', '/home/index'),
  item('3002', '居民健康档案', '/publichealthwork/index'),
  item('3003', '任务中心', '/task/user_followup/index'),
  item('3004', '随访提交状态', '/home/morefollowupstatus'),
  item('3005', '健康教育', '/propaganda_education/index'),
];
const CDC: MenuItem[] = [
  item('3001', '首页', '/home/index'),
  item('3007', '质量管理', '/qualitymanage/index'),
  item('3008', '统计报表', '/statisticalreport/index'),
];
const ADMIN: MenuItem[] = [
  ...DOCTOR,
  item('3100', '系统管理', '/system', [
    item('3101', '业务字典', '/dict-horizontal/index'),
    item('3102', '字典管理', '/dict-vertical/index'),
    item('3103', '参数管理', '/system/param/index'),
    item('3104', '表单设计', '/system/form/index'),
  ]),
];

const granted = (pathname: string, menus: MenuItem[]) => {
  const route = findRoute(pathname);
  if (!route) throw new Error(`no route for ${pathname}`);
  return isRouteGranted(route, menuPaths(menus));
};

describe('which pages the menus open', () => {
  it('refuses a doctor the administration pages typed into the address bar', () => {
    for (const path of ['/system/param/index', '/system/form/index', '/dict-horizontal/index', '/dict-vertical/index']) {
      expect(granted(path, DOCTOR), path).toBe(false);
      expect(granted(path, ADMIN), path).toBe(true);
    }
  });

  it('opens a page its own menu leads to, submenus included', () => {
    expect(granted('/task/user_followup/index', DOCTOR)).toBe(true);
    // 健康教育 (3005) is one of the seeded work menus of doctors, nurses and team leaders; cdc has none.
    expect(granted('/propaganda_education/index', DOCTOR)).toBe(true);
    expect(granted('/propaganda_education/index', CDC)).toBe(false);
    // A menu path opens the whole section its route pattern covers.
    expect(granted('/qualitymanage/index', CDC)).toBe(true);
    expect(granted('/qualitymanage/anything', CDC)).toBe(true);
    expect(granted('/qualitymanage/edit', CDC)).toBe(true);
    expect(granted('/qualitymanage/edit', DOCTOR)).toBe(false);
    expect(granted('/qualitymanage/index', DOCTOR)).toBe(false);
  });

  it('opens the pages inside the archive work to whoever holds 居民健康档案, and only to them', () => {
    for (const path of [
      '/publichealthwork/detail/hypertensionfollowup',
      '/publichealthwork/addarchive',
      '/window/publichealthwork/jumparchive',
      '/publichealthwork/maternal/x',
    ]) {
      expect(granted(path, DOCTOR), path).toBe(true);
      expect(granted(path, CDC), path).toBe(false);
    }
  });

  it('always opens the shell’s own pages, even with no menus at all', () => {
    for (const path of [
      '/home/index',
      '/home/dashboard',
      '/info/index',
      '/form-preview/hypertensionfollowup',
      '/work/process/leave/form/p1',
    ]) {
      expect(granted(path, []), path).toBe(true);
    }
    // Public pages are the route guard's business.
    expect(granted('/403', [])).toBe(true);
  });

  it('does not let a submenu’s own path or a query string widen the grant', () => {
    // '/system' (the 系统管理 submenu) matches no page; a menu path with a query still names its page.
    expect(granted('/system/param/index', [item('3100', '系统管理', '/system', [])])).toBe(false);
    expect(granted('/system/param/index', [item('3103', '参数管理', '/system/param/index?tab=1')])).toBe(true);
  });

  it('grants a page by another menu only when that menu names a page of the table', () => {
    // A route granted by another menu must name a page of the table, or nobody could ever open it.
    for (const route of ROUTE_TABLE.filter((r) => typeof r.grant === 'string' && r.grant !== 'always')) {
      expect(findRoute(route.grant!), route.path).toBeDefined();
    }
  });
});
