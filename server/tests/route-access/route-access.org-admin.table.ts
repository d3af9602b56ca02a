import type { AccessRow, SeededAccount } from './route-access.table';

/** Everyone signed in: the department, post and region pickers of every screen. */
const EVERYONE: readonly SeededAccount[] = ['admin', 'doctor', 'nurse', 'leader', 'cdc'];
/** The tenant's administrator: 机构管理 / 岗位管理 and their dept_* / post_* buttons. */
const ADMINISTRATOR: readonly SeededAccount[] = ['admin'];
/**
 * The platform administrator of the root tenant 000000 only (regions, post synchronisation): none of
 * the demo tenant's accounts, its administrator included (403 before the input is read).
 */
const PLATFORM_ONLY: readonly SeededAccount[] = [];

/** Who may call the routes of org/routes/org-admin.ts (blade-system: departments, posts and regions): rows as in route-access.table.ts. */
export const ORG_ADMIN_ACCESS: Record<string, AccessRow> = {
  'GET /blade-system/dept/list': ADMINISTRATOR,
  'GET /blade-system/dept/lazy-list': ADMINISTRATOR,
  'GET /blade-system/dept/detail': ADMINISTRATOR,
  'GET /blade-system/dept/tree': EVERYONE,
  'GET /blade-system/dept/lazy-tree': EVERYONE,
  'GET /blade-system/dept/select': EVERYONE,
  'POST /blade-system/dept/submit': ADMINISTRATOR,
  'POST /blade-system/dept/remove': ADMINISTRATOR,
  'GET /blade-system/post/list': ADMINISTRATOR,
  'GET /blade-system/post/select': EVERYONE,
  'GET /blade-system/post/detail': ADMINISTRATOR,
  'POST /blade-system/post/submit': ADMINISTRATOR,
  'POST /blade-system/post/remove': ADMINISTRATOR,
  'POST /blade-system/post/syn-post': PLATFORM_ONLY,
  'POST /blade-system/post/import': ADMINISTRATOR,
  'GET /blade-system/region/list': EVERYONE,
  'GET /blade-system/region/get-tenant-region-code': EVERYONE,
  'GET /blade-system/region/lazy-tree': EVERYONE,
  'GET /blade-system/region/detail': EVERYONE,
  'GET /blade-system/region/level-tree': EVERYONE,
  'GET /blade-system/region/treeByCodes': EVERYONE,
  'POST /blade-system/region/treeByCodes': EVERYONE,
  'GET /blade-system/region/parseConcatAddress': EVERYONE,
  'POST /blade-system/region/submit': PLATFORM_ONLY,
  'POST /blade-system/region/remove': PLATFORM_ONLY,
};
