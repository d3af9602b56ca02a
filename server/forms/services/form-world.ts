// A form's world on the server (issue 30): every dictionary the tenant can name, in the engine's one
// order — the tenant's business dictionary, else the platform's (root tenant), else the code maps —
// as form/dictionary-world lists it, publish checks a document against it (worldProblems) and
// form/import reports what the files bring to it. A tenant's copy of a dictionary replaces the
// platform's entirely, as loadDictionaries and the submit's validation read it.
import type { Kysely } from 'kysely';
import {
  CROWD_LABEL_DICTIONARY,
  withCarriedDictionaries,
  worldDictionaryCodes,
  worldProblems,
  type CompiledForm,
  type WorldProblem,
  type Codemaps,
  type DictOption,
  type DictsFile,
  type FormDocument,
  type FormWorld,
} from '../../../src/engine';
import type { WorldDictionary } from '../../../src/shared/contract/forms';
import type { Database } from '../../db/schema';
import { ROOT_TENANT, worldDictionaryRows, type WorldDictRow } from '../../platform/repositories/dicts';
import { SERVER_CODEMAPS } from './codemaps';

/** One dictionary as the tenant sees it, with the rows it was read from (for adding to it at publish). */
export interface WorldEntry extends WorldDictionary {
  /** The tenant's own parent row of the code, or the platform's (a tenant's copy hangs under it). */
  tenantParent?: WorldDictRow;
  platformParent?: WorldDictRow;
  /** The parent the tenant's own items hang under, when it has items. */
  tenantItemsParentId?: string;
}

const SOURCE_ORDER = { tenant: 0, platform: 1, codemap: 2 } as const;

const options = (rows: WorldDictRow[]): DictOption[] => rows.map((r) => ({ value: r.dict_key, label: r.dict_value }));

/** The world's dictionaries built from the rows read and the code maps; `codes` limits it (all when absent). */
export function worldEntries(rows: WorldDictRow[], tenantId: string, codemaps: Codemaps, codes?: string[]): Map<string, WorldEntry> {
  const all = codes ?? [...new Set([...rows.map((r) => r.code), ...Object.keys(codemaps.maps)])];
  const out = new Map<string, WorldEntry>();
  for (const code of all) {
    const of = (tenant: string, parent: boolean) =>
      rows.filter((r) => r.code === code && r.tenant_id === tenant && (r.parent_id === '0') === parent);
    const tenantItems = of(tenantId, false);
    const platformItems = tenantId === ROOT_TENANT ? [] : of(ROOT_TENANT, false);
    const [tenantParent] = of(tenantId, true);
    const [platformParent] = tenantId === ROOT_TENANT ? [] : of(ROOT_TENANT, true);
    const map = codemaps.codemap(code);
    const name = tenantParent?.dict_value ?? platformParent?.dict_value ?? map?.name ?? code;
    const rowsOf = { ...(tenantParent && { tenantParent }), ...(platformParent && { platformParent }) };
    let entry: WorldEntry | undefined;
    if (tenantItems.length)
      entry = { code, name, source: 'tenant', items: options(tenantItems), tenantItemsParentId: tenantItems[0]!.parent_id };
    else if (platformItems.length) entry = { code, name, source: 'platform', items: options(platformItems) };
    else if (map) entry = { code, name, source: 'codemap', items: codemaps.codemapOptions(code) ?? [] };
    else if (tenantParent) entry = { code, name, source: 'tenant', items: [] };
    else if (platformParent) entry = { code, name, source: 'platform', items: [] };
    if (entry) out.set(code, { ...entry, ...rowsOf });
  }
  return out;
}

/** Reads the tenant's world for `codes` (every dictionary when absent): one statement, plus the code maps. */
export async function readWorld(
  db: Kysely<Database>,
  tenantId: string,
  codes?: string[],
  codemaps: Codemaps = SERVER_CODEMAPS,
): Promise<Map<string, WorldEntry>> {
  if (codes && codes.length === 0) return new Map();
  return worldEntries(await worldDictionaryRows(db, tenantId, codes), tenantId, codemaps, codes);
}

/** The entries as the engine's world check asks for them. */
export const asFormWorld = (entries: ReadonlyMap<string, WorldEntry>): FormWorld => ({ dictionary: (code) => entries.get(code)?.items });

/**
 * The world check publish and import make: the tenant's world for the codes the document names,
 * with the carried dictionaries laid over it.
 */
export async function formWorldProblems(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  compiled: CompiledForm | undefined,
  carried: DictsFile['dictionaries'] | undefined,
): Promise<{ entries: Map<string, WorldEntry>; problems: WorldProblem[] }> {
  const entries = await readWorld(db, tenantId, worldDictionaryCodes(doc));
  const problems = worldProblems(doc, withCarriedDictionaries(asFormWorld(entries), carried), compiled);
  return { entries, problems };
}

/** form/dictionary-world: the tenant's dictionaries, then the platform's, then the code maps, each by code. */
export async function dictionaryWorld(db: Kysely<Database>, tenantId: string): Promise<WorldDictionary[]> {
  const entries = [...(await readWorld(db, tenantId)).values()];
  return entries
    .sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source] || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map(({ code, name, source, items }) => ({ code, name, source, items }));
}

/**
 * form/version-dictionaries: what forms:pull writes as rules/<code>.dicts.json — each dictionary the
 * document names that the tenant's world finds in a business dictionary (the tenant's or the
 * platform's), not the code maps (files of the same repository, which travel with it); of
 * crowd_label only the labels the placement names that the code maps lack. null when none.
 */
export async function versionDictionaries(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  codemaps: Codemaps = SERVER_CODEMAPS,
): Promise<DictsFile['dictionaries'] | null> {
  const entries = await readWorld(db, tenantId, worldDictionaryCodes(doc), codemaps);
  const out: DictsFile['dictionaries'] = {};
  for (const entry of entries.values()) {
    if (entry.source === 'codemap') continue;
    let items = entry.items;
    if (entry.code === CROWD_LABEL_DICTIONARY) {
      const named = new Set(doc.placement?.appliesTo?.crowdLabels ?? []);
      const mapped = new Set((codemaps.codemapOptions(CROWD_LABEL_DICTIONARY) ?? []).map((i) => i.value));
      items = items.filter((i) => named.has(i.value) && !mapped.has(i.value));
    }
    if (items.length) out[entry.code] = { name: entry.name, items };
  }
  return Object.keys(out).length ? out : null;
}
