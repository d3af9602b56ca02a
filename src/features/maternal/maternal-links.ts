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
