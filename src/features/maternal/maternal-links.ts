/**
 * The maternal shell's address (spec 001 line 17): /publichealthwork/maternal/archive with arch_id,
 * otherId, otherType, lastMenstrualPeriod…, and the `#nav_name=<path>` hash naming the menu it was
 * opened from, which 关闭 returns to.
 */
export const SHELL_PATH = '/publichealthwork/maternal/archive';
const NAV_PREFIX = '#nav_name=';

export interface ShellLink {
  archId: string;
  otherId?: string;
  lastMenstrualPeriod?: string | null;
  tab?: string;
  /** The page (path and query) 关闭 returns to. */
  navName?: string;
}

export function shellHref({ archId, otherId, lastMenstrualPeriod, tab, navName }: ShellLink): string {
  const query = new URLSearchParams({ arch_id: archId });
  if (otherId) query.set('otherId', otherId);
  if (otherId) query.set('otherType', 'maternal');
  if (lastMenstrualPeriod) query.set('lastMenstrualPeriod', lastMenstrualPeriod);
  if (tab) query.set('tab', tab);
  return `${SHELL_PATH}?${query.toString()}${navName ? `${NAV_PREFIX}${encodeURIComponent(navName)}` : ''}`;
}

/**
 * The menu a `#nav_name=<path>` hash names, or null for any other hash (#x, an empty nav_name, a
 * full address to another site): only an in-app path is a place to return to.
 */
export function navNameOf(hash: string): string | null {
  if (!hash.startsWith(NAV_PREFIX)) return null;
  let path: string;
  try {
    path = decodeURIComponent(hash.slice(NAV_PREFIX.length));
  } catch {
    return null;
  }
  // In-app only: "/x", never "//host" nor "http:…".
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** What the shell takes from its query besides arch_id / otherId (decision 0044). */
export interface ShellQuery {
  /** Prefills 孕产妇档案 when a pregnancy is filed: a real yyyy-MM-dd only. */
  lastMenstrualPeriod?: string;
  /** BARCODE: the manual barcode, prefilled when filing. */
  barcode?: string;
  /** caseClosed=1: the opener says the case is closed (its status 结案 says the same). */
  caseClosed: boolean;
  /** ClosedCaseAllowsEditing: '1'/'true' allows, '0'/'false' forbids; absent leaves it to the system setting. */
  closedCaseAllowsEditing?: boolean;
}

const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const flag = (v: string | null): boolean | undefined => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : undefined);

export function readShellQuery(search: URLSearchParams): ShellQuery {
  const lmp = search.get('lastMenstrualPeriod')?.trim() ?? '';
  const barcode = search.get('BARCODE')?.trim().slice(0, 50) ?? '';
  const allows = flag(search.get('ClosedCaseAllowsEditing'));
  return {
    ...(isDate(lmp) && { lastMenstrualPeriod: lmp }),
    ...(barcode && { barcode }),
    caseClosed: flag(search.get('caseClosed')) === true,
    ...(allows !== undefined && { closedCaseAllowsEditing: allows }),
  };
}

/** Whether the case form may be edited: a closed case only when editing closed cases is allowed (the query's word first, else the setting). */
export function caseEditable(status: string | undefined, q: ShellQuery, settingAllows: string): boolean {
  const closed = q.caseClosed || status === '2';
  if (!closed) return true;
  return q.closedCaseAllowsEditing ?? flag(settingAllows) === true;
}
