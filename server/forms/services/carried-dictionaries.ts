// The dictionaries a form carries (the `dictionaries` map of rules/<code>.dicts.json, kept in
// form.dictionaries and form_version.dictionaries): checked when saved, and made true in the tenant
// when the form is published — a dictionary it lacks is created, an item it lacks added, an item it
// has keeps its label. A tenant's copy replaces the platform's dictionary or the code map of that
// code entirely (the engine's order), so a copy made where the tenant had none holds the items the
// tenant saw before as well as the new ones.
import type { Kysely } from 'kysely';
import { schemaIssueText, validateDictsFile, type Codemaps, type DictOption, type DictsFile } from '../../../src/engine';
import type { Database } from '../../db/schema';
import { Refusal } from '../../domain/errors';
import { insertDictionaryItems, insertDictionaryParent } from '../repositories/carried-dictionaries';
import { SERVER_CODEMAPS } from './codemaps';
import { readWorld } from './form-world';

export type CarriedDictionaries = DictsFile['dictionaries'];

/** A stored map, or undefined when none (null or empty). */
export function carriedOf(stored: unknown): CarriedDictionaries | undefined {
  if (!stored || typeof stored !== 'object' || Object.keys(stored).length === 0) return undefined;
  return stored as CarriedDictionaries;
}

/** Dictionaries posted with a form (form/submit): the DictsFile's map checked, null removes them; an empty map is none. */
export function checkedDictionaries(raw: unknown, formCode: string): CarriedDictionaries | null {
  if (raw === null) return null;
  const checked = validateDictsFile({ formCode, dictionaries: raw });
  if (!checked.ok) throw new Refusal(`字典格式不正确: ${checked.issues.map(schemaIssueText).join('；')}`);
  return carriedOf(checked.value.dictionaries) ?? null;
}

/** The first item of each value (a file may repeat one). */
function distinct(items: readonly DictOption[]): DictOption[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.value) && !!seen.add(i.value));
}

/**
 * Creates in the tenant's business dictionary what the carried dictionaries bring that its world
 * lacks; answers whether anything was written (the tenant's dictionary caches are then cleared).
 */
export async function createCarriedDictionaries(
  db: Kysely<Database>,
  tenantId: string,
  carried: CarriedDictionaries | undefined,
  userId: string,
  now: Date,
  codemaps: Codemaps = SERVER_CODEMAPS,
): Promise<boolean> {
  const codes = Object.keys(carried ?? {});
  if (!carried || codes.length === 0) return false;
  const world = await readWorld(db, tenantId, codes, codemaps);
  let wrote = false;
  for (const code of codes) {
    const file = carried[code]!;
    const entry = world.get(code);
    const have = entry?.items ?? [];
    const known = new Set(have.map((i) => i.value));
    const extra = distinct(file.items.filter((i) => !known.has(i.value)));
    if (extra.length === 0) continue;
    if (entry?.source === 'tenant' && entry.tenantItemsParentId) {
      await insertDictionaryItems(
        db,
        tenantId,
        { parentId: entry.tenantItemsParentId, code, firstSort: have.length + 1 },
        extra,
        userId,
        now,
      );
    } else {
      const parentId =
        entry?.tenantParent?.id ??
        entry?.platformParent?.id ??
        (await insertDictionaryParent(db, tenantId, { code, name: file.name }, userId, now));
      await insertDictionaryItems(db, tenantId, { parentId, code, firstSort: 1 }, [...have, ...extra], userId, now);
    }
    wrote = true;
  }
  return wrote;
}
