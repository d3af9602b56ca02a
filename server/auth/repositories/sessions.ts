import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionTable } from '../../db/schema';

export type Session = Selectable<SessionTable>;

export async function createSession(db: Kysely<Database>, session: Omit<Session, 'revoked_at' | 'last_seen_at'>): Promise<void> {
  await db
    .insertInto('blade_session')
    .values({ ...session, revoked_at: null, last_seen_at: session.create_time })
    .execute();
}

/** Marks a session as seen now; the guard calls it at most once a minute per session. */
export async function touchSession(db: Kysely<Database>, tenantId: string, id: string, at: Date): Promise<void> {
  await db.updateTable('blade_session').set({ last_seen_at: at }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Sessions of a tenant alive and seen since `since`: the online count. */
export async function countOnline(db: Kysely<Database>, tenantId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('blade_session')
    .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A session with its tenant's state, as the auth guard keeps it: the licence's end (expire_time) and
 * whether the institution is open (status 1, not removed); a missing tenant row reads as closed.
 */
export async function findGuardedSession(db: Kysely<Database>, tenantId: string, id: string) {
  return db
    .selectFrom('blade_session as s')
    .leftJoin('blade_tenant as t', 't.tenant_id', 's.tenant_id')
    .select(['s.id', 's.tenant_id', 's.revoked_at', 's.last_seen_at', 't.expire_time as tenant_expire_time'])
    .select((eb) => eb.and([eb('t.status', '=', 1), eb('t.is_deleted', '=', 0)]).as('tenant_open'))
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Revokes every live session of these tenants (an institution removed, disabled or past its licence). */
export async function revokeTenantSessions(db: Kysely<Database>, tenantIds: readonly string[], at: Date): Promise<void> {
  if (tenantIds.length === 0) return;
  await db
    .updateTable('blade_session')
    .set({ revoked_at: at })
    .where('tenant_id', 'in', tenantIds)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function findSession(db: Kysely<Database>, tenantId: string, id: string): Promise<Session | undefined> {
  return db.selectFrom('blade_session').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** Swaps the refresh token id only if it is still the expected one, so a refresh token works once. */
export async function rotateRefresh(
  db: Kysely<Database>,
  session: Pick<Session, 'id' | 'tenant_id' | 'refresh_jti'>,
  nextJti: string,
  expiresAt: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('blade_session')
    .set({ refresh_jti: nextJti, expires_at: expiresAt })
    .where('tenant_id', '=', session.tenant_id)
    .where('id', '=', session.id)
    .where('refresh_jti', '=', session.refresh_jti)
    .where('revoked_at', 'is', null)
    // RETURNING rather than the affected-row count: kysely-pglite reports no counts.
    .returning('id')
    .execute();
  return result.length === 1;
}

export async function revokeSession(db: Kysely<Database>, tenantId: string, id: string, at: Date): Promise<void> {
  await db
    .updateTable('blade_session')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every live session of a user but `keepId` (null: all of them); answers the ids revoked. */
export async function revokeUserSessions(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  keepId: string | null,
  at: Date,
): Promise<string[]> {
  let query = db
    .updateTable('blade_session')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepId) query = query.where('id', '<>', keepId);
  // RETURNING rather than the affected-row count: kysely-pglite reports no counts.
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}
