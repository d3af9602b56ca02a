import type { Kysely, Selectable } from 'kysely';
import type { Database, TenantTable } from '../db/schema';

export type Tenant = Selectable<TenantTable>;

export async function findTenant(db: Kysely<Database>, tenantId: string): Promise<Tenant | undefined> {
  return db.selectFrom('blade_tenant').selectAll().where('tenant_id', '=', tenantId).where('status', '=', 1).executeTakeFirst();
}
