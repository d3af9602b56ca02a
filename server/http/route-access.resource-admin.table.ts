import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/resource-admin.ts (blade-resource: object storage configuration, attachments, SMS configuration, sending and records): rows as in route-access.table.ts. */
export const RESOURCE_ADMIN_ACCESS: Record<string, AccessRow> = {};
