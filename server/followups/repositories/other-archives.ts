import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A live maternal or child case of the tenant (iph_user_archives_other, migration 056), or undefined. */
export async function findOtherArchive(db: Kysely<Database>, tenantId: string, id: string) {
  return db
    .selectFrom('iph_user_archives_other')
    .select(['id', 'arch_id', 'kind', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
}
