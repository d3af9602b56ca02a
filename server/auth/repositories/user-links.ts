import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function findLinkedAccount(db: Kysely<Database>, userId: string, tenantId: string) {
  return db
    .selectFrom('blade_user_link')
    .selectAll()
    .where('user_id', '=', userId)
    .where('linked_tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/**
 * The tenants a user may switch to, with the linked account there (spec 000 §3 "Tenant option"),
 * the user's own tenant included. regionPrefix narrows to tenants whose region code starts with it.
 */
export async function listSwitchableTenants(db: Kysely<Database>, user: { id: string; tenant_id: string }, regionPrefix?: string) {
  let query = db
    .selectFrom('blade_user_link as l')
    .innerJoin('blade_tenant as t', 't.tenant_id', 'l.linked_tenant_id')
    .innerJoin('blade_user as u', (join) => join.onRef('u.id', '=', 'l.linked_user_id').onRef('u.tenant_id', '=', 'l.linked_tenant_id'))
    .select(['t.tenant_id', 't.tenant_name', 't.region_code', 'u.account', 'u.dept_id', 'u.role_id', 'u.team_id'])
    .where('l.user_id', '=', user.id)
    .where('u.is_deleted', '=', 0)
    .where('t.status', '=', 1);
  if (regionPrefix) query = query.where('t.region_code', 'like', `${regionPrefix}%`);
  return query.orderBy('t.tenant_id').execute();
}
