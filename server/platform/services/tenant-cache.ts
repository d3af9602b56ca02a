/**
 * A small per-tenant read cache (dictionaries are read on every form). The shell's 清除缓存 empties
 * it: the root tenant for the tenants it names ('*' for all), other tenants for themselves.
 */
export class TenantCache<V> {
  private readonly byTenant = new Map<string, Map<string, V>>();
  /** Bumped by every clear of a tenant (and by '*'): a read begun before a clear must not be kept after it. */
  private readonly generations = new Map<string, number>();
  private everyTenantGeneration = 0;

  get(tenantId: string, key: string): V | undefined {
    return this.byTenant.get(tenantId)?.get(key);
  }

  set(tenantId: string, key: string, value: V): void {
    let entries = this.byTenant.get(tenantId);
    if (!entries) this.byTenant.set(tenantId, (entries = new Map()));
    if (entries.size > 1000) entries.clear();
    entries.set(key, value);
  }

  /**
   * The tenant's generation: take it before reading what you will `setIfCurrent`, so a value read
   * while a change was being committed and cleared is not kept as if it were new.
   */
  generation(tenantId: string): string {
    return `${this.everyTenantGeneration}.${this.generations.get(tenantId) ?? 0}`;
  }

  /** Keeps the value only when no clear of the tenant came since `generation` was taken. */
  setIfCurrent(tenantId: string, key: string, value: V, generation: string): void {
    if (this.generation(tenantId) === generation) this.set(tenantId, key, value);
  }

  clear(tenantIds: string[]): void {
    if (tenantIds.includes('*')) {
      this.byTenant.clear();
      this.everyTenantGeneration += 1;
    } else
      for (const id of tenantIds) {
        this.byTenant.delete(id);
        this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
      }
  }
}
