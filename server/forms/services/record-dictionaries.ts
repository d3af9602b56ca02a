// Dictionaries for validating dictionary fields on the server: a list the form carries itself
// (doc.options), else the tenant's business dictionary, else the platform's (root tenant), else the
// code maps (codemaps/, read by forms/services/codemaps.ts) — the engine's one order
// (formDictionaryLookup), as in the browser, so both accept the same codes.
import type { Kysely } from 'kysely';
import {
  DICTIONARY_TYPES,
  formDictionaryLookup,
  usesFormOptions,
  type Codemaps,
  type DictOption,
  type EvalContext,
  type FormDocument,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { loadDictionaries } from '../../platform/repositories/dicts';
import { SERVER_CODEMAPS } from './codemaps';
import type { TenantCache } from '../../platform/services/tenant-cache';

/** The business dictionaries a form reads: its dictionary fields' bizCodes, less the lists it carries itself. */
export function dictionaryCodes(doc: FormDocument): string[] {
  return [
    ...new Set(
      doc.fields.filter((f) => DICTIONARY_TYPES.has(f.fieldType) && f.bizCode && !usesFormOptions(doc, f)).map((f) => f.bizCode as string),
    ),
  ];
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
