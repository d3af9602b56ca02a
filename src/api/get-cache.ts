/**
 * Session-scoped cache for GET calls whose answers rarely change within a session (spec §7):
 * the two dictionary endpoints. Keyed by url, tenant and params so switching tenant or asking
 * for another dictionary never serves the wrong answer.
 */
export const CACHED_GET_URLS: readonly string[] = ['/api/blade-system/dict-biz/dictionary', '/api/blade-system/dict/dictionary'];

const CACHE_PREFIX = 'saber-url-cache:';

export function isCacheableGet(method: string | undefined, url: string | undefined): boolean {
  if ((method ?? 'get').toLowerCase() !== 'get' || !url) return false;
  const path = url.split('?')[0];
  return CACHED_GET_URLS.includes(path ?? '');
}

/** Key order must not matter: {a,b} and {b,a} are the same request. */
function stableParams(params: unknown): string {
  if (params === null || params === undefined) return '';
  if (typeof params !== 'object') return String(params);
  const entries = Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

export function cacheKey(url: string, tenantId: string | undefined, params: unknown): string {
  return `${CACHE_PREFIX}${url}|${tenantId ?? ''}|${stableParams(params)}`;
}

export function readCached(storage: Pick<Storage, 'getItem'>, key: string): { hit: true; body: unknown } | { hit: false } {
  const raw = storage.getItem(key);
  if (raw === null) return { hit: false };
  try {
    return { hit: true, body: JSON.parse(raw) as unknown };
  } catch {
    return { hit: false };
  }
}

export function writeCached(storage: Pick<Storage, 'setItem'>, key: string, body: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(body));
  } catch {
    // Quota exceeded: the next call simply goes to the network again.
  }
}
