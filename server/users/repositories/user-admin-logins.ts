// The login log's rows as administrators handle them (blade-user/loglogin detail and remove). The
// login log is an audit table kept ≥ 180 days (ops/audit-retention.test.ts): "remove" records the
// row in blade_login_log_removed, which hides it from the lists, and never deletes or rewrites it.
import { type Kysely, type Selectable } from 'kysely';
import type { Database, LoginLogTable } from '../../db/schema';

export type LoginLogRow = Selectable<LoginLogTable>;

/** The tenant's login-log rows nobody removed. */
function shown(db: Kysely<Database>, tenantId: string) {
  return db
    .selectFrom('blade_login_log as l')
    .where('l.tenant_id', '=', tenantId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('blade_login_log_removed as r').select('r.id').whereRef('r.id', '=', 'l.id'))));
}

export async function findShownLoginLog(db: Kysely<Database>, tenantId: string, id: string): Promise<LoginLogRow | undefined> {
  return shown(db, tenantId).selectAll('l').where('l.id', '=', id).executeTakeFirst();
}

/** The ids among `ids` that are shown login-log rows of the tenant. */
export async function shownLoginLogIds(db: Kysely<Database>, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (
    await shown(db, tenantId)
      .select('l.id')
      .where('l.id', 'in', [...ids])
      .execute()
  ).map((r) => r.id);
}
