/**
 * Product-wide constants (spec 000 §9). Kept in one place so the request layer, the guard and
 * the pages agree on them; nothing here reads the environment or the browser.
 */
export const SYSTEM_TITLE_ZH = '智慧公卫工作系统';
export const SYSTEM_TITLE_EN = 'Smart Public Health Work System';

/** The platform tenant: exempt from tenant headers and maintenance logout (spec §6). */
export const ROOT_TENANT_ID = '000000';
/** Prefilled on the login form when no tenant was used on this browser before (the demo tenant). */
export const DEMO_TENANT_ID = '100001';

export const LOGIN_PATH = '/login';
export const FIRST_PAGE_PATH = '/home/index';
export const LOCK_PATH = '/lock';

/** Request time-out in ms (spec §9). */
export const REQUEST_TIMEOUT_MS = 120_000;

/** Prefix of every key the app writes to localStorage / sessionStorage (spec §9). */
export const STORAGE_PREFIX = 'saber-';

/**
 * Switch mode: the user may switch department, role and team after login, so the request layer
 * sends Muser-Id / Tenant-Group and the guard treats multi-valued ids as an abnormal session.
 */
export const SWITCH_MODE = true;

/** Paths that render their own full-page layout instead of the standard shell (spec §2). */
export const DETAIL_LAYOUT_PREFIXES: readonly string[] = [
  '/publichealthwork/detail',
  '/publichealthwork/maternal',
  '/publichealthwork/ipad',
];
/** Where closing every tab of a detail layout returns to (spec §2). */
export const PUBLIC_HEALTH_INDEX_PATH = '/publichealthwork/index';
/** The theme colour and its default (spec §9). */
export const DEFAULT_THEME_COLOR = '#409EFF';
/** Debug-log badge maximum and the top bar's name width (spec §9). */
export const LOG_BADGE_MAX = 99;
export const TOP_BAR_NAME_MAX_WIDTH = 100;
/** A department of this category works without teams: the team selector is disabled (spec §2). */
export const NO_TEAM_DEPT_CATEGORY = 6;

/** Session timers (spec 000 §4, §9). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
/** The website's token-refresh age ("token lifetime setting 30", minutes; the server's token lives 60). */
export const TOKEN_REFRESH_AGE_MINUTES = 30;
export const DEFAULT_KEEP_ONLINE_MINUTES = 20;
export const IDLE_WARNING_SECONDS = 120;
export const ONLINE_COUNT_INTERVAL_MS = 60_000;
export const ONLINE_COUNT_FIRST_DELAY_MS = 10_000;
export const ERROR_LOG_SEND_INTERVAL_MS = 10_000;
export const MAINTENANCE_WARNING_INTERVAL_MS = 5_000;
/** How long the maintenance countdown runs once system_updating_tags is switched on (our choice; the spec is silent). */
export const MAINTENANCE_COUNTDOWN_SECONDS = 60;
