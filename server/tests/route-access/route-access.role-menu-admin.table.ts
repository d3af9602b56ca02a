import type { AccessRow } from './route-access.table';

// The seeded grants: 角色管理 (role, with role_add/edit/delete/grant), 菜单管理 (menu), 顶部菜单
// (topmenu), 数据权限 (datascope), 接口权限 (apiscope) are the demo tenant administrator's; menus,
// top menus and scopes are platform rows whose writes are the platform administrator's (tenant
// 000000) — no seeded account of the demo tenant may make them.
const TENANT_ADMIN: AccessRow = ['admin'];
const PLATFORM_ADMIN_ONLY: AccessRow = [];

/** Who may call the routes of access/routes/role-menu-admin.ts (blade-system: roles, menus, user menus, top menus, data scopes and api scopes): rows as in route-access.table.ts. */
export const ROLE_MENU_ADMIN_ACCESS: Record<string, AccessRow> = {
  'GET /blade-system/role/list': TENANT_ADMIN,
  'GET /blade-system/role/tree': TENANT_ADMIN,
  'GET /blade-system/role/tree-by-id': TENANT_ADMIN,
  'GET /blade-system/role/select': TENANT_ADMIN,
  'POST /blade-system/role/submit': TENANT_ADMIN,
  'POST /blade-system/role/remove': TENANT_ADMIN,
  'POST /blade-system/role/grant': TENANT_ADMIN,
  'POST /blade-system/role/syn-role': PLATFORM_ADMIN_ONLY,
  'GET /blade-system/menu/grant-tree': TENANT_ADMIN,
  'GET /blade-system/menu/role-tree-keys': TENANT_ADMIN,
  'GET /blade-system/menu/list': TENANT_ADMIN,
  'GET /blade-system/menu/menu-list': TENANT_ADMIN,
  'GET /blade-system/menu/lazy-list': TENANT_ADMIN,
  'GET /blade-system/menu/lazy-menu-list': TENANT_ADMIN,
  'GET /blade-system/menu/tree': TENANT_ADMIN,
  'GET /blade-system/menu/detail': TENANT_ADMIN,
  'POST /blade-system/menu/submit': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/menu/remove': PLATFORM_ADMIN_ONLY,
  'GET /blade-system/menu/grant-top-tree': TENANT_ADMIN,
  'GET /blade-system/menu/top-tree-keys': TENANT_ADMIN,
  'GET /blade-system/topmenu/list': TENANT_ADMIN,
  'GET /blade-system/topmenu/detail': TENANT_ADMIN,
  'POST /blade-system/topmenu/submit': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/topmenu/remove': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/topmenu/grant': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/topmenu/syn-top-menu': PLATFORM_ADMIN_ONLY,
  'GET /blade-system/data-scope/list': TENANT_ADMIN,
  'GET /blade-system/data-scope/detail': TENANT_ADMIN,
  'POST /blade-system/data-scope/submit': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/data-scope/remove': PLATFORM_ADMIN_ONLY,
  'GET /blade-system/api-scope/list': TENANT_ADMIN,
  'GET /blade-system/api-scope/detail': TENANT_ADMIN,
  'POST /blade-system/api-scope/submit': PLATFORM_ADMIN_ONLY,
  'POST /blade-system/api-scope/remove': PLATFORM_ADMIN_ONLY,
};
