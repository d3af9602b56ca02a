import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/role-menu-admin.ts (blade-system: roles, menus, user menus, top menus, data scopes and api scopes): rows as in route-access.table.ts. */
export const ROLE_MENU_ADMIN_ACCESS: Record<string, AccessRow> = {};
