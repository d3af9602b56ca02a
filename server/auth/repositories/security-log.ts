// blade_log_security: password changes and administrators' resets (issue 22 §4), searchable by the
// tenant's administrators (blade-log/usual).
import type { Kysely, Selectable } from 'kysely';
import { newId } from '../../db/ids';
import type { Database, SecurityLogTable } from '../../db/schema';

export type SecurityLogRow = Selectable<SecurityLogTable>;

export interface SecurityLogFilter {
  /** The actor's or the target's account. */
  account?: string | undefined;
  action?: string | undefined;
}

/** A page of the tenant's security log, newest first. */
export async function listSecurityLog(db: Kysely<Database>, tenantId: string, filter: SecurityLogFilter, current: number, size: number) {
  let base = db.selectFrom('blade_log_security').where('tenant_id', '=', tenantId);
  const who = filter.account?.trim();
  if (who) base = base.where((eb) => eb.or([eb('actor_account', '=', who), eb('target_account', '=', who)]));
  if (filter.action) base = base.where('action', '=', filter.action);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function findSecurityLog(db: Kysely<Database>, tenantId: string, id: string): Promise<SecurityLogRow | undefined> {
  return db.selectFrom('blade_log_security').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

export interface SecurityLogEntry {
  tenantId: string;
  action: 'password_change' | 'password_reset';
  actor: { id: string; account: string };
  target: { id: string; account: string };
  ip: string;
  userAgent: string;
  message: string;
  time: Date;
}

export async function insertSecurityLog(db: Kysely<Database>, entry: SecurityLogEntry): Promise<void> {
  await db
    .insertInto('blade_log_security')
    .values({
      id: newId(entry.time.getTime()),
      tenant_id: entry.tenantId,
      action: entry.action,
      actor_id: entry.actor.id,
      actor_account: entry.actor.account,
      target_id: entry.target.id,
      target_account: entry.target.account,
      ip: entry.ip,
      user_agent: entry.userAgent.slice(0, 500),
      message: entry.message,
      create_time: entry.time,
    })
    .execute();
}
