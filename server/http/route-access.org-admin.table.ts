import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/org-admin.ts (blade-system: departments, posts and regions): rows as in route-access.table.ts. */
export const ORG_ADMIN_ACCESS: Record<string, AccessRow> = {};
