import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';

export type Tenant = Selectable<Database['blade_tenant']>;

export async function findTenant(db: Kysely<Database>, tenantId: string): Promise<Tenant | undefined> {
  return db.selectFrom('blade_tenant').selectAll().where('tenant_id', '=', tenantId).where('status', '=', 1).executeTakeFirst();
}

/** Every tenant's id, the platform's (000000) first: the server's work across tenants (the forms import). */
export async function allTenantIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('blade_tenant').select('tenant_id').orderBy('tenant_id').execute();
  return rows.map((r) => r.tenant_id);
}
