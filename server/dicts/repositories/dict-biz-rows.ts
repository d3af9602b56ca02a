import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DictRow } from './dict-admin';
import { ROOT_TENANT } from '../../platform/repositories/dicts';

/**
 * Every live business dictionary row a tenant may see — its own and the platform's — optionally of
 * one code: the trees, child-list-errs and the syncs work on these in memory (a dictionary has tens of
 * entries, a tenant a few hundred rows).
 */
export async function visibleDictRows(db: Kysely<Database>, tenantId: string, code?: string): Promise<DictRow[]> {
  return db
    .selectFrom('blade_dict_biz')
    .selectAll()
    .where('tenant_id', 'in', tenantId === ROOT_TENANT ? [ROOT_TENANT] : [tenantId, ROOT_TENANT])
    .where('is_deleted', '=', 0)
    .$if(code !== undefined, (q) => q.where('code', '=', code!))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The tenant's own live rows only (what a backup keeps). */
export async function ownDictRows(db: Kysely<Database>, tenantId: string): Promise<DictRow[]> {
  return db.selectFrom('blade_dict_biz').selectAll().where('tenant_id', '=', tenantId).where('is_deleted', '=', 0).orderBy('id').execute();
}
