import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../db/open';
import { asSystem } from '../db/tenant-scope';
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
 * that announces its clears and listens for the other processes' (on the database's LISTEN
 * connection, which reports '*' after a reconnect: whatever was kept while deaf is dropped).
 */
export async function tenantCacheFor(opened: Pick<OpenedDatabase, 'db' | 'kind' | 'listen'>): Promise<TenantCache<unknown>> {
  if (opened.kind !== 'postgres') return new TenantCache();
  const origin = crypto.randomUUID();
  const cache = new SharedTenantCache<unknown>((tenantIds) => {
    // Fire and forget: the clear here is done; a lost announcement leaves the others on their
    // entries' own expiry (PERMISSION_CACHE_TTL_MS), as before this channel existed. A system
    // statement: a clear may come from start-up (the forms import) where no tenant is in scope.
    asSystem('announce cleared caches', () =>
      sql`select pg_notify(${CACHES_CLEARED_CHANNEL}, ${`${origin} ${tenantIds.join(',')}`})`.execute(opened.db),
    ).catch((error: unknown) => {
      console.warn(
        `[caches] could not tell the other processes of a cleared cache: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  });
  await opened.listen(CACHES_CLEARED_CHANNEL, (payload) => {
    const space = payload.indexOf(' ');
    if (space < 0) return cache.clearHeard(['*']); // '*' after a reconnect, or a payload not of ours
    if (payload.slice(0, space) === origin) return undefined;
    return cache.clearHeard(payload.slice(space + 1).split(','));
  });
  return cache;
}
