import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/tenant-client-admin.ts (blade-system: tenants and OAuth clients): rows as in route-access.table.ts. */
export const TENANT_CLIENT_ADMIN_ACCESS: Record<string, AccessRow> = {};
