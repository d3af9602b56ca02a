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

/**
 * The resident's case of a kind a new record is filed under when none is named: the open one (status
 * '1'), else the newest closed one (its check then refuses a new visit with its own words); never a
 * cancelled or deleted one. The newest first, as a resident has at most one open case of a kind.
 */
export async function findResidentCase(db: Kysely<Database>, tenantId: string, archId: string, kind: 'maternal' | 'child') {
  return db
    .selectFrom('iph_user_archives_other')
    .select(['id', 'arch_id', 'kind', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('arch_id', '=', archId)
    .where('kind', '=', kind)
    .where('status', 'in', ['1', '2'])
    .where('is_deleted', '=', 0)
    .orderBy('status', 'asc')
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
