import type { OpenedDatabase } from '../../db/open';
import { tenantChannel } from './tenant-channel';
import { TenantCache } from './tenant-cache';

/**
 * The PostgreSQL channel on which a process says "I cleared these tenants' read caches"
 * (dictionaries, a role's archive permissions and menu grants: `deps.caches`). Payload:
 * `<origin> <tenant ids, comma-separated, or *>`; the origin lets a process skip its own echo.
 */
export const CACHES_CLEARED_CHANNEL = 'phw_caches_cleared';

/**
 * `deps.caches` on PostgreSQL, where several server processes may share the database (issue 17):
 * every clear — a dictionary change, 清除缓存 — is also announced, after the change was
 * committed (callers clear after their write), and every other process clears the same tenants at
 * once instead of answering from its copy until the entry's own time runs out.
 */
export class SharedTenantCache<V> extends TenantCache<V> {
  constructor(private readonly announce: (tenantIds: string[]) => void) {
    super();
  }

  override clear(tenantIds: string[]): void {
    super.clear(tenantIds);
    if (tenantIds.length > 0) this.announce(tenantIds);
  }

  /** A clear heard from another process: done here only, never announced again. */
  clearHeard(tenantIds: string[]): void {
    super.clear(tenantIds);
  }
}

/**
 * The per-tenant cache for `deps.caches`: on PGlite (one process) a plain one; on PostgreSQL one
 * that announces its clears and hears the other processes' on CACHES_CLEARED_CHANNEL
 * (tenant-channel.ts: after a reconnect of the LISTEN connection whatever was kept is dropped).
 */
export async function tenantCacheFor(opened: Pick<OpenedDatabase, 'db' | 'kind' | 'listen'>): Promise<TenantCache<unknown>> {
  if (opened.kind !== 'postgres') return new TenantCache();
  // The cache announces through the channel, and the channel's messages clear the cache: the
  // announcer is set once the channel listens (nothing clears the cache before this returns).
  let announce: (tenantIds: string[]) => void = () => undefined;
  const cache = new SharedTenantCache<unknown>((tenantIds) => announce(tenantIds));
  announce = await tenantChannel(opened, CACHES_CLEARED_CHANNEL, 'cleared caches', (tenantIds) => cache.clearHeard(tenantIds));
  return cache;
}
