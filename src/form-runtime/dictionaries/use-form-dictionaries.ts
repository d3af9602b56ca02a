import { useMemo } from 'react';
import useSWR from 'swr';
import {
  DICTIONARY_TYPES,
  formDictionaryLookup,
  usesFormOptions,
  type DictOption,
  type EvalContext,
  type FormDocument,
} from '../../engine';
import { BUNDLED_CODEMAPS, codemapLookup } from '../bundled/bundled-codemaps';
import { dictionaryKey, loadDictionary } from './load-dictionary';

type Lookup = NonNullable<EvalContext['lookupDictionary']>;

/**
 * The code maps as a lookup: what a form has before (or without) the server's dictionaries. The
 * form's own option lists need no lookup: the engine puts them first itself.
 */
export const offlineLookup: Lookup = codemapLookup;

/**
 * Every dictionary a form's fields name, loaded together (one SWR entry per form version), as the
 * engine's lookupDictionary: the engine filters them by options rules and checks membership. A
 * code the form carries itself (doc.options) is not asked of the server; the order of the lists is
 * the engine's (formDictionaryLookup: the form's own, the server's, the code maps).
 */
export function useFormDictionaries(doc: FormDocument | undefined, offline: boolean): Lookup {
  const sources = useMemo(() => {
    const map = new Map<string, { bizCode?: string; fieldUrl?: string }>();
    for (const f of doc?.fields ?? []) {
      if (!DICTIONARY_TYPES.has(f.fieldType) || usesFormOptions(doc, f)) continue;
      const source = { bizCode: f.bizCode, fieldUrl: f.fieldUrl };
      const key = dictionaryKey(source);
      if (key) map.set(key, source);
    }
    return map;
  }, [doc]);
  const swrKey = doc && !offline && sources.size > 0 ? ['form-dictionaries', doc.formCode, doc.version] : null;
  const { data } = useSWR(
    swrKey,
    async () => {
      const entries = await Promise.all([...sources].map(async ([key, source]) => [key, await loadDictionary(source, false)] as const));
      const out: Record<string, DictOption[]> = {};
      for (const [key, options] of entries) if (options) out[key] = options;
      return out;
    },
    { revalidateOnFocus: false },
  );
  return useMemo<Lookup>(() => {
    if (!data) return offlineLookup;
    return formDictionaryLookup(
      doc,
      (_code, field) => data[dictionaryKey({ bizCode: field.bizCode, fieldUrl: field.fieldUrl }) ?? ''],
      BUNDLED_CODEMAPS,
    );
  }, [data, doc]);
}
