import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { DatabaseKind } from '../../db/open';
import type { Database } from '../../db/schema';
import { revokeTenantSessions } from '../repositories/sessions';
import type { SessionCache } from './session-cache';

/**
 * The PostgreSQL channel on which a process says "these sessions were revoked": every other server
 * process drops them from its kept sessions (auth/services/session-cache.ts) at once instead of believing
 * them for up to SESSION_CACHE_TTL_MS. The payload is a comma-separated list of entries, each
 * `tenantId:sessionId` (one session: a logout, a replayed refresh token, a role or organisation
 * switch), `tenantId` (every session of the tenant: a password change or reset, 清除缓存) or `*`.
 */
export const SESSIONS_REVOKED_CHANNEL = 'phw_sessions_revoked';

/** Applies one payload of the channel to this process's kept sessions. */
export function applyRevocation(sessions: SessionCache, payload: string): void {
  // '' (or '*') after a reconnect: whatever was kept while deaf may be revoked.
  for (const entry of (payload || '*').split(',')) {
    const colon = entry.indexOf(':');
    if (colon < 0) sessions.clear([entry]);
    else sessions.revoke(entry.slice(0, colon), entry.slice(colon + 1));
  }
}

/** Starts listening (PostgreSQL; a no-op on PGlite, which one process owns). */
export async function listenForRevocations(
  opened: { listen(channel: string, onMessage: (payload: string) => void): Promise<void> },
  sessions: SessionCache,
): Promise<void> {
  await opened.listen(SESSIONS_REVOKED_CHANNEL, (payload) => applyRevocation(sessions, payload));
}

/**
 * Tells the other processes, inside the transaction that revokes: PostgreSQL delivers a NOTIFY on
 * commit only, so nobody drops a session that a rollback keeps. Without `sessionId`, every session
 * of the tenant is dropped elsewhere (they are read again from the database, not ended).
 */
export async function announceRevocation(trx: Kysely<Database>, kind: DatabaseKind, tenantId: string, sessionId?: string): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${sessionId ? `${tenantId}:${sessionId}` : tenantId})`.execute(trx);
}

/**
 * 清除缓存: the other processes forget the kept sessions of these tenants ('*': all) too, as this
 * one does. Nothing was written, so no transaction to wait for; a failure is only logged — the
 * sessions are read again within SESSION_CACHE_TTL_MS anyway.
 */
export async function announceSessionsCleared(deps: Pick<AppDeps, 'db' | 'dbKind'>, tenantIds: string[]): Promise<void> {
  if (deps.dbKind !== 'postgres' || tenantIds.length === 0) return;
  try {
    await sql`select pg_notify(${SESSIONS_REVOKED_CHANNEL}, ${tenantIds.join(',')})`.execute(deps.db);
  } catch (error) {
    console.warn(`[sessions] could not tell the other processes of 清除缓存: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * An institution removed, disabled or given a new licence end: its live sessions are revoked when
 * `end` (removed, disabled, expired), and every process forgets its kept sessions at once — here,
 * and elsewhere through the channel (delivered at commit) — so each reads them again with the
 * tenant's new state.
 */
export async function endTenantSessions(deps: AppDeps, tenantIds: string[], end: boolean): Promise<void> {
  if (tenantIds.length === 0) return;
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (end) await revokeTenantSessions(trx, tenantIds, new Date(deps.now()));
      for (const tenantId of tenantIds) await announceRevocation(trx, deps.dbKind, tenantId);
    });
  } finally {
    deps.sessions.clear(tenantIds);
  }
}

/** After the commit: this process's cache forgets the revoked sessions at once. */
export function forgetRevoked(deps: AppDeps, tenantId: string, sessionIds: string[]): void {
  for (const id of sessionIds) deps.sessions.revoke(tenantId, id);
}
