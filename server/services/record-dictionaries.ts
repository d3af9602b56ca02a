// Dictionaries for validating dictionary fields on the server: a list the form carries itself
// (doc.options), else the tenant's business dictionary, else the platform's (root tenant), else the
// code maps (codemaps/, read by services/codemaps.ts) — the engine's one order
// (formDictionaryLookup), as in the browser, so both accept the same codes.
import type { Kysely } from 'kysely';
import { DICTIONARY_TYPES, formDictionaryLookup, usesFormOptions, type Codemaps, type DictOption, type EvalContext, type FormDocument } from '../../src/engine';
import type { Database } from '../db/schema';
import { ROOT_TENANT } from '../repositories/dicts';
import { SERVER_CODEMAPS } from './codemaps';
import type { TenantCache } from './tenant-cache';

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

/** The business dictionaries a form reads: its dictionary fields' bizCodes, less the lists it carries itself. */
export function dictionaryCodes(doc: FormDocument): string[] {
  return [...new Set(doc.fields.filter((f) => DICTIONARY_TYPES.has(f.fieldType) && f.bizCode && !usesFormOptions(doc, f)).map((f) => f.bizCode as string))];
}

/**
 * The lookup validation uses. With `cache` (the app's per-tenant cache, which dictionary changes and
 * 清除缓存 clear — a platform change clears every tenant), the dictionaries a form reads are loaded
 * once instead of on every submit.
 */
export async function dictionaryLookup(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  cache?: TenantCache<unknown>,
  codemaps: Codemaps = SERVER_CODEMAPS,
): Promise<NonNullable<EvalContext['lookupDictionary']>> {
  const codes = dictionaryCodes(doc);
  const key = `record-dictionaries ${codes.join(',')}`;
  let dicts = cache?.get(tenantId, key) as Map<string, DictOption[]> | undefined;
  if (!dicts) {
    dicts = await loadDictionaries(db, tenantId, codes);
    cache?.set(tenantId, key, dicts);
  }
  const found = dicts;
  return formDictionaryLookup(doc, (code) => found.get(code), codemaps);
}
