import { getData } from './envelope';
import { request } from './request';
import type { AuthAnswer } from '../shared/contract/auth';
import type { TenantInfo, TokenResponse } from './types';

/** The caller's own tenant (institution) from blade-system. */
export const getTenantInfo = () => getData<TenantInfo>('/api/blade-system/tenant/info');

/** Spec §3 "Tenant option", plus the server's mark of the tenant the caller is in now. */
export type { TenantOption } from '../shared/contract/auth';

/** Organisation switch lists (spec §6): administrators' tenants, or by user and region. */
export const listAdministratorTenants = () => getData<AuthAnswer<'tenantOptions'>>('/api/blade-system/menu/listAdministratorInfo');
export const listDiseaseControlTenants = (params: { userId?: string; regionCode?: string }) =>
  getData<AuthAnswer<'tenantOptions'>>('/api/blade-system/menu/listDiseaseControlInfo', { params });

/**
 * Logs in as the same person's account in another tenant (token grant switch_tenant). Silent:
 * the switch dialog shows 切换失败 itself.
 */
export async function switchTenantLogin(tenantId: string): Promise<TokenResponse> {
  const res = await request.post<TokenResponse>('/api/blade-auth/oauth/token', null, {
    headers: { 'Tenant-Id': tenantId },
    params: { tenantId, grant_type: 'switch_tenant', scope: 'all' },
    meta: { silent: true },
  });
  return res.data;
}

/** The server-side caches: the root tenant names the tenants (none = all), others clear their own. */
export const clearServerCache = (tenantIds?: string[]) =>
  getData<AuthAnswer<'cacheCleared'>>('/api/blade-auth/oauth/clear-cache', {
    params: tenantIds?.length ? { tenantIds: tenantIds.join(',') } : {},
  });

/** Keys of the session-storage GET cache (get-cache.ts writes them with this prefix). */
const URL_CACHE_PREFIX = 'saber-url-cache:';

/** Forgets the cached urls of this browser tab, so the next calls go to the server again. */
export function clearCachedUrls(storage: Storage = sessionStorage): number {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(URL_CACHE_PREFIX)) keys.push(key);
  }
  keys.forEach((k) => storage.removeItem(k));
  return keys.length;
}
