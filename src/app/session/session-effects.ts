import { refreshToken } from '../../api/auth';
import { sendErrorLog } from '../../api/error-log';
import { getOnlineCount, getParamByKey } from '../../api/profile';
import {
  getRefreshToken,
  getStore,
  getToken,
  getUserDefault,
  getUserInfo,
  needsChoice,
  setRefreshToken,
  setStore,
  setToken,
} from '../../api/session';
import { DEFAULT_KEEP_ONLINE_MINUTES, ROOT_TENANT_ID } from '../../shared/config';
import type { MaintenanceState, SessionEffects } from './session-clock';
import { setOnlineCount } from './online-count';
import { tokenIssuedAtMs } from './token-age';

/** The parameter keys of the maintenance countdown (spec 000 §4, seeded by the server). */
export const MAINTENANCE_TAGS_KEY = 'system_updating_tags';
export const MAINTENANCE_TEXT_KEY = 'system_updating_copywriting';

/** The user's keep-online time in minutes (user defaults, 10–120), else the default 20. */
export function keepOnlineMinutes(): number {
  const value = Number(getUserDefault()?.keepOnlineTime);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_KEEP_ONLINE_MINUTES;
}

export const isRootTenant = (): boolean => getUserInfo()?.tenant_id === ROOT_TENANT_ID;

/** Set (localStorage) by the tab that is refreshing; see refreshStoredToken. */
export const REFRESH_MARK_KEY = 'tokenRefreshAt';
const REFRESH_MARK_MS = 30_000;

/**
 * Refresh grant; only the tokens change (storeLogin would also drop the tabs and the lock).
 * Every open tab runs a clock over the same cookies, and the server ends a session whose refresh
 * token is used twice (a replay): so a tab that sees another tab refreshing in the last 30 s
 * leaves it to that tab — the new cookie reaches every tab anyway.
 */
export async function refreshStoredToken(now: number = Date.now()): Promise<void> {
  const mark = getStore<number>(REFRESH_MARK_KEY);
  if (typeof mark === 'number' && now - mark >= 0 && now - mark < REFRESH_MARK_MS) return;
  setStore(REFRESH_MARK_KEY, now);
  const token = getRefreshToken();
  const tenantId = getUserInfo()?.tenant_id;
  if (!token || !tenantId) throw new Error('no refresh token');
  const answer = await refreshToken(token, tenantId);
  if (!answer.access_token) throw new Error('refresh refused');
  setToken(answer.access_token);
  if (answer.refresh_token) setRefreshToken(answer.refresh_token);
}

/** On when system_updating_tags is '1' (or 'true'); the text is the copywriting parameter. */
export async function readMaintenance(): Promise<MaintenanceState> {
  const tags = (await getParamByKey(MAINTENANCE_TAGS_KEY)).trim();
  if (tags !== '1' && tags.toLowerCase() !== 'true') return { on: false, text: '' };
  return { on: true, text: await getParamByKey(MAINTENANCE_TEXT_KEY) };
}

/** The real calls behind the clock; what is shown and how the session ends come from the caller. */
export function realSessionEffects(ui: Pick<SessionEffects, 'idleWarning' | 'maintenanceWarning' | 'logout'>): SessionEffects {
  return {
    tokenIssuedAt: () => tokenIssuedAtMs(getToken()),
    refreshToken: () => refreshStoredToken(),
    isAbnormal: () => {
      const user = getUserInfo();
      return !!user && needsChoice(user);
    },
    readMaintenance,
    fetchOnlineCount: () => getOnlineCount(getUserInfo()?.tenant_id),
    sendErrorLog: () => sendErrorLog({ silent: true }),
    onlineCount: setOnlineCount,
    ...ui,
  };
}
