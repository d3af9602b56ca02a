import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../app-deps';
import type { DatabaseKind } from '../db/open';
import type { Database } from '../db/schema';
import type { SessionCache } from './session-cache';

/**
 * The PostgreSQL channel on which a process says "sessions of this tenant were revoked": every other
 * server process drops the tenant's kept sessions (auth/session-cache.ts) at once instead of
 * believing them for up to SESSION_CACHE_TTL_MS. The payload is the tenant id.
 */
export const SESSIONS_REVOKED_CHANNEL = 'phw_sessions_revoked';

/** Starts listening (PostgreSQL; a no-op on PGlite, which one process owns). */
export async function listenForRevocations(opened: { listen(channel: string, onMessage: (payload: string) => void): Promise<void> }, sessions: SessionCache): Promise<void> {
  // '*' after a reconnect: what was kept while deaf may be revoked.
  await opened.listen(SESSIONS_REVOKED_CHANNEL, (tenantId) => sessions.clear([tenantId || '*']));
}

/**
 * Tells the other processes, inside the transaction that revokes: PostgreSQL delivers a NOTIFY on
 * commit only, so nobody drops a session that a rollback keeps.
 */
export async function announceRevocation(trx: Kysely<Database>, kind: DatabaseKind, tenantId: string): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${tenantId})`.execute(trx);
}

/** After the commit: this process's cache forgets the revoked sessions at once. */
export function forgetRevoked(deps: AppDeps, tenantId: string, sessionIds: string[]): void {
  for (const id of sessionIds) deps.sessions.revoke(tenantId, id);
}
