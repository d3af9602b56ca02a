/**
 * A small per-tenant read cache (dictionaries are read on every form). The shell's 清除缓存 empties
 * it: the root tenant for the tenants it names ('*' for all), other tenants for themselves.
 */
export class TenantCache<V> {
  private readonly byTenant = new Map<string, Map<string, V>>();

  get(tenantId: string, key: string): V | undefined {
    return this.byTenant.get(tenantId)?.get(key);
  }

  set(tenantId: string, key: string, value: V): void {
    let entries = this.byTenant.get(tenantId);
    if (!entries) this.byTenant.set(tenantId, (entries = new Map()));
    if (entries.size > 1000) entries.clear();
    entries.set(key, value);
  }

  clear(tenantIds: string[]): void {
    if (tenantIds.includes('*')) this.byTenant.clear();
    else for (const id of tenantIds) this.byTenant.delete(id);
  }
}
