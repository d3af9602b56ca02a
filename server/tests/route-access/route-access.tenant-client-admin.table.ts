// Types only from route-access.table.ts: it imports this file, so a value from it would not be there yet.
import type { AccessRow } from './route-access.table';

/**
 * Who may call the routes of org/routes/tenant-client-admin.ts (blade-system: tenants and OAuth clients):
 * rows as in route-access.table.ts. Tenants and clients are the platform administrator's (tenant
 * 000000, not a seeded account of the demo tenant): every seeded account is refused, the demo
 * tenant's admin included.
 */
export const TENANT_CLIENT_ADMIN_ACCESS: Record<string, AccessRow> = {
  // The login page finds its institution before anyone signs in.
  'GET /blade-system/tenant/info': 'public',
  'GET /blade-system/tenant/list-info': ['admin', 'doctor', 'nurse', 'leader', 'cdc'],
  'GET /blade-system/tenant/list': [],
  'GET /blade-system/tenant/detail': [],
  'POST /blade-system/tenant/submit': [],
  'POST /blade-system/tenant/remove': [],
  'POST /blade-system/tenant/setting': [],
  'GET /blade-system/client/list': [],
  'GET /blade-system/client/detail': [],
  'POST /blade-system/client/submit': [],
  'POST /blade-system/client/remove': [],
};
