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
