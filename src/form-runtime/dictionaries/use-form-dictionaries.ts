import { useMemo } from 'react';
import useSWR from 'swr';
import { codemapOptions, DICTIONARY_TYPES, type DictOption, type EvalContext, type FormDocument } from '../../engine';
import { dictionaryKey, loadDictionary } from './load-dictionary';

type Lookup = NonNullable<EvalContext['lookupDictionary']>;

/** The code maps as a lookup: what a form has before (or without) the server's dictionaries. */
export const offlineLookup: Lookup = (code) => codemapOptions(code);

/**
 * Every dictionary a form's fields name, loaded together (one SWR entry per form version), as the
 * engine's lookupDictionary: the engine filters them by options rules and checks membership.
 */
export function useFormDictionaries(doc: FormDocument | undefined, offline: boolean): Lookup {
  const sources = useMemo(() => {
    const map = new Map<string, { bizCode?: string; fieldUrl?: string }>();
    for (const f of doc?.fields ?? []) {
      if (!DICTIONARY_TYPES.has(f.fieldType)) continue;
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
    return (code, field) => data[dictionaryKey({ bizCode: field.bizCode, fieldUrl: field.fieldUrl }) ?? ''] ?? codemapOptions(code);
  }, [data]);
}
