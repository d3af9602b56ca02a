import type { AccessRow } from './route-access.table';

/**
 * Who may call the routes of users/routes/user-admin.ts (blade-user: users (page, detail, submit, update,
 * remove, grant, reset, unlock, import, doctors lists, login log rows)): rows as in route-access.table.ts.
 * The writes need the 用户管理 buttons (user_add, user_edit, …), seeded for the administrators only;
 * the doctor pickers are for those who work on archives (居民健康档案); the two calls nobody may make
 * (loglogin/submit, get-supper-pwd) are refused to every role, administrators included.
 */
const ADMINISTRATOR = ['admin'] as const;
const CARE_TEAM = ['admin', 'doctor', 'nurse', 'leader'] as const;
const EVERYONE = ['admin', 'doctor', 'nurse', 'leader', 'cdc'] as const;
const NOBODY = [] as const;

export const USER_ADMIN_ACCESS: Record<string, AccessRow> = {
  'GET /blade-user/page': ADMINISTRATOR,
  'GET /blade-user/detail': ADMINISTRATOR,
  'POST /blade-user/submit': ADMINISTRATOR,
  'POST /blade-user/update': ADMINISTRATOR,
  'POST /blade-user/remove': ADMINISTRATOR,
  'POST /blade-user/grant': ADMINISTRATOR,
  'POST /blade-user/relieve-account': ADMINISTRATOR,
  'POST /blade-user/register-guest': 'public',
  'GET /blade-user/search/newUser': ADMINISTRATOR,
  'GET /blade-user/listDoctor': CARE_TEAM,
  'GET /blade-user/listMainDoctor': CARE_TEAM,
  'GET /blade-user/user-sel': CARE_TEAM,
  'GET /blade-user/getUserInfo': EVERYONE,
  'POST /blade-user/update-platform-data': ADMINISTRATOR,
  'GET /blade-user/loglogin/detail': EVERYONE,
  'POST /blade-user/loglogin/remove': ADMINISTRATOR,
  'POST /blade-user/loglogin/submit': NOBODY,
  'GET /blade-user/get-supper-pwd': NOBODY,
  'POST /blade-user/import-user': ADMINISTRATOR,
  'GET /blade-user/export-template': ADMINISTRATOR,
};
