import type { AccessRow } from './route-access.table';

/** Any signed-in user: dictionaries and parameters are read by every screen. */
const EVERYONE: AccessRow = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];
/** The tenant's administrator: its own business dictionaries' backups. */
const ADMINISTRATOR: AccessRow = ['admin'];
/**
 * The platform administrator only (root tenant 000000): system dictionaries, platform parameters and
 * the syncs from the platform to tenants. None of the demo tenant's accounts, its administrator
 * included (the route lets administrators in; the service refuses a non-root one with 403).
 */
const PLATFORM: AccessRow = [];

/** Who may call the routes of dicts/routes/dict-param-admin.ts (blade-system: dictionary trees, batches, sync with progress, backups; params and system params beyond getByKey): rows as in route-access.table.ts. */
export const DICT_PARAM_ADMIN_ACCESS: Record<string, AccessRow> = {
  'GET /blade-system/dict/list': EVERYONE,
  'GET /blade-system/dict/parent-list': EVERYONE,
  'GET /blade-system/dict/child-list': EVERYONE,
  'GET /blade-system/dict/detail': EVERYONE,
  'POST /blade-system/dict/submit': PLATFORM,
  'POST /blade-system/dict/remove': PLATFORM,
  'GET /blade-system/dict/tree': EVERYONE,
  'GET /blade-system/dict/dictionary-tree': EVERYONE,
  'GET /blade-system/dict-biz/tree': EVERYONE,
  'GET /blade-system/dict-biz/dictionary-tree': EVERYONE,
  'GET /blade-system/dict-biz/dictionary-batch': EVERYONE,
  'GET /blade-system/dict-biz/child-list-errs': EVERYONE,
  'GET /blade-system/client/dict-biz/get-value': EVERYONE,
  'POST /blade-system/dict-biz/syndict': PLATFORM,
  'GET /blade-system/dict-biz/syndict-progress': PLATFORM,
  'POST /blade-system/dict-biz/backups': ADMINISTRATOR,
  'POST /blade-system/dict-biz/recovery': ADMINISTRATOR,
  'GET /blade-system/param/list': EVERYONE,
  'GET /blade-system/param/detail': EVERYONE,
  'POST /blade-system/param/submit': PLATFORM,
  'POST /blade-system/param/remove': PLATFORM,
  'POST /blade-system/systemparam/synparam': PLATFORM,
  'GET /blade-system/systemparam/listByName': EVERYONE,
};
