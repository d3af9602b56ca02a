import type { AccessRow } from './route-access.table';

/** Who may call the routes of routes/dict-param-admin.ts (blade-system: dictionary trees, batches, sync with progress, backups; params and system params beyond getByKey): rows as in route-access.table.ts. */
export const DICT_PARAM_ADMIN_ACCESS: Record<string, AccessRow> = {};
