import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/user-admin.ts (blade-user: users (page, detail, submit, update, remove, grant, reset, unlock, import, doctors lists, login log rows)): rows as in route-access.table.ts. */
export const USER_ADMIN_ACCESS: Record<string, AccessRow> = {};
