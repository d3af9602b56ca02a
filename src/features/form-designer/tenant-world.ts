// The tenant's world as the designer sees it: form/dictionary-world's dictionaries with the working
// copy's carried dictionaries laid over (what the tenant will have once the form is published), as
// the engine's FormWorld for the 问题 check, and as the option lists of the panels' pickers and the
// rule editor's code completion. Pure: the editor loads the list once and passes it in.
import {
  CROWD_LABEL_DICTIONARY,
  withCarriedDictionaries,
  type DictOption,
  type FormDocument,
  type FormOptionList,
  type FormWorld,
} from '../../engine';
import type { CarriedDictionaries, WorldDictionary } from './designer-api';

export type WorldSource = WorldDictionary['source'];

/** The tenant's dictionaries as loaded (undefined: not known yet) and the working copy's carried ones. */
export interface TenantWorld {
  dictionaries: readonly WorldDictionary[];
  carried: CarriedDictionaries;
}

/** form/dictionary-world's list as the engine's FormWorld, the carried dictionaries laid over it. */
export function formWorldOf(dictionaries: readonly WorldDictionary[], carried?: CarriedDictionaries | null): FormWorld {
  const byCode = new Map(dictionaries.map((d) => [d.code, d.items]));
  return withCarriedDictionaries({ dictionary: (code) => byCode.get(code) }, carried ?? undefined);
}

/** One dictionary's items in the world with the carried ones (undefined: the tenant has no such dictionary). */
export function worldItems(world: TenantWorld, code: string): DictOption[] | undefined {
  const items = formWorldOf(world.dictionaries, world.carried).dictionary(code);
  return items ? [...items] : undefined;
}

/**
 * The choices of the field panel's dictionary picker: the form's own lists, the dictionaries it
 * carries, then the tenant's (`code — name (source)`), and the field's current code even when
 * nobody has it (so the picker shows what the field names).
 */
export function dictionaryChoices(
  world: TenantWorld | undefined,
  doc: FormDocument,
  words: { own: string; carried: string; missing: string; source: (s: WorldSource) => string },
  current?: string,
): FormOptionList['items'] {
  const out: FormOptionList['items'] = [];
  const seen = new Set<string>();
  const add = (value: string, label: string) => {
    if (seen.has(value)) return;
    seen.add(value);
    out.push({ value, label });
  };
  for (const [code, list] of Object.entries(doc.options ?? {})) add(code, `${code} — ${list.name} (${words.own})`);
  for (const [code, d] of Object.entries(world?.carried ?? {})) {
    const tenant = world?.dictionaries.find((w) => w.code === code);
    add(code, `${code} — ${tenant?.name ?? d.name} (${tenant ? words.source(tenant.source) : words.carried})`);
  }
  for (const d of world?.dictionaries ?? []) add(d.code, `${d.code} — ${d.name} (${words.source(d.source)})`);
  // Missing only once the world is known; while it loads the code stands alone.
  if (current && !seen.has(current)) add(current, world ? `${current} (${words.missing})` : current);
  return out;
}

/** The crowd labels a placement may name: crowd_label's items (with the carried ones), and the chosen ones nobody has. */
export function crowdLabelChoices(world: TenantWorld | undefined, chosen: readonly string[], unknown: string): FormOptionList['items'] {
  const items = world ? (worldItems(world, CROWD_LABEL_DICTIONARY) ?? []) : [];
  const out = items.map((i) => ({ value: i.value, label: i.label }));
  for (const c of chosen) if (!out.some((o) => o.value === c)) out.push({ value: c, label: world ? `${c} (${unknown})` : c });
  return out;
}

/** A stable text of what the pickers list, to rebuild (and remount) a panel when it changes. */
export const worldSignature = (world: TenantWorld | undefined): string =>
  world ? JSON.stringify([world.dictionaries.map((d) => [d.code, d.name, d.items.length]), world.carried]) : 'loading';

/**
 * What the preview shows: the document with the tenant's and the carried dictionaries its fields
 * name as its own lists (the preview asks no server, so a new dictionary's items are offered at once).
 */
export function previewDocument(doc: FormDocument | undefined, world: TenantWorld | undefined): FormDocument | undefined {
  if (!doc || !world) return doc;
  const options: Record<string, FormOptionList> = { ...(doc.options ?? {}) };
  const lookup = formWorldOf(world.dictionaries, world.carried);
  let added = false;
  for (const f of doc.fields) {
    const code = f.bizCode;
    if (!code || options[code]) continue;
    const items = lookup.dictionary(code);
    if (!items?.length) continue;
    const name = world.dictionaries.find((d) => d.code === code)?.name ?? world.carried[code]?.name ?? code;
    options[code] = { name, items: [...items] };
    added = true;
  }
  return added ? { ...doc, options } : doc;
}
