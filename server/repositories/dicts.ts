import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const ROOT_TENANT = '000000';

/**
 * The entries of one business dictionary for a tenant. A tenant without its own copy of the
 * dictionary sees the platform's (root tenant) entries.
 */
export async function dictionaryEntries(db: Kysely<Database>, tenantId: string, code: string) {
  const rows = (tenant: string) =>
    db
      .selectFrom('blade_dict_biz')
      .select(['id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'remark'])
      .where('tenant_id', '=', tenant)
      .where('code', '=', code)
      .where('parent_id', '!=', '0')
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .execute();
  const own = await rows(tenantId);
  return own.length > 0 || tenantId === ROOT_TENANT ? own : rows(ROOT_TENANT);
}
