import type { Kysely } from 'kysely';
import type { DictOption } from '../../../src/engine';
import type { Database } from '../../db/schema';

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

/** Several dictionaries at once, code → options in sort order; a tenant's own copy of a dictionary replaces the platform's entirely. */
export async function loadDictionaries(db: Kysely<Database>, tenantId: string, codes: string[]): Promise<Map<string, DictOption[]>> {
  const out = new Map<string, DictOption[]>();
  if (codes.length === 0) return out;
  const rows = await db
    .selectFrom('blade_dict_biz')
    .select(['tenant_id', 'code', 'dict_key', 'dict_value', 'sort'])
    .where('code', 'in', codes)
    .where('tenant_id', 'in', [tenantId, ROOT_TENANT])
    .where('parent_id', '!=', '0')
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .execute();
  for (const tenant of [tenantId, ROOT_TENANT]) {
    for (const r of rows.filter((x) => x.tenant_id === tenant)) {
      // A tenant's own copy of a dictionary replaces the platform's entirely.
      if (tenant === ROOT_TENANT && tenantId !== ROOT_TENANT && rows.some((x) => x.tenant_id === tenantId && x.code === r.code)) continue;
      const list = out.get(r.code) ?? [];
      list.push({ value: r.dict_key, label: r.dict_value });
      out.set(r.code, list);
    }
  }
  return out;
}

/** A row of a business dictionary as a form's world reads it: a parent (parent_id '0') or an item. */
export interface WorldDictRow {
  id: string;
  tenant_id: string;
  parent_id: string;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
  is_admin: number;
}

/**
 * Every live row, parents and items, of the tenant's and the platform's business dictionaries (of
 * `codes` when given), in sort order: one statement, for a form's world (forms/services/form-world.ts).
 */
export async function worldDictionaryRows(db: Kysely<Database>, tenantId: string, codes?: string[]): Promise<WorldDictRow[]> {
  if (codes && codes.length === 0) return [];
  return db
    .selectFrom('blade_dict_biz')
    .select(['id', 'tenant_id', 'parent_id', 'code', 'dict_key', 'dict_value', 'sort', 'is_admin'])
    .where('tenant_id', 'in', [tenantId, ROOT_TENANT])
    .where('is_deleted', '=', 0)
    .$if(codes !== undefined, (q) => q.where('code', 'in', codes!))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
