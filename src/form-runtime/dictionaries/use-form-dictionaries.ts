import { useCallback, useMemo, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import {
  DICTIONARY_TYPES,
  dictionaryText,
  fieldUrlParams,
  formDictionaryLookup,
  resolveFieldUrl,
  usesFormOptions,
  type DictOption,
  type EvalContext,
  type FieldDef,
  type FieldValue,
  type FormDocument,
} from '../../engine';
import { BUNDLED_CODEMAPS, codemapLookup } from '../bundled/bundled-codemaps';
import { MISSING_DICTIONARY_RETRY_MS, useDictionaryRevision } from './dictionary-revision';
import { dictionaryKey, loadDictionary } from './load-dictionary';

type Lookup = NonNullable<EvalContext['lookupDictionary']>;

/**
 * The code maps as a lookup: what a form has before (or without) the server's dictionaries. The
 * form's own option lists need no lookup: the engine puts them first itself.
 */
export const offlineLookup: Lookup = codemapLookup;

type Source = { bizCode?: string; fieldUrl?: string };

/** A field's source with its fieldUrl resolved against the form's values (field-url.ts); undefined while it cannot be. */
type Resolve = (url: string) => string | undefined;

function sourceOf(f: FieldDef, resolve: Resolve): Source | undefined {
  if (f.bizCode !== undefined || f.fieldUrl === undefined) return { bizCode: f.bizCode, fieldUrl: f.fieldUrl };
  const fieldUrl = resolve(f.fieldUrl);
  return fieldUrl === undefined ? undefined : { fieldUrl };
}

/** The dictionaries a form asks the host for (not its own lists), by cache key, in a stable order. */
function sourcesOf(doc: FormDocument | undefined, resolve: Resolve): Map<string, Source> {
  const map = new Map<string, Source>();
  for (const f of doc?.fields ?? []) {
    if (!DICTIONARY_TYPES.has(f.fieldType) || usesFormOptions(doc, f)) continue;
    const source = sourceOf(f, resolve);
    const key = source && dictionaryKey(source);
    if (key) map.set(key, source);
  }
  return new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
}

/** The form's values as far as dependent urls read them: the runtime's store (useSyncExternalStore). */
export interface FormValueSource {
  subscribe: (listener: () => void) => () => void;
  value: (prop: string) => FieldValue | undefined;
}

const NO_VALUES = () => () => undefined;
const SEPARATOR = '\u0001';

/**
 * The values of the fields the form's urls name, as one string (a stable snapshot): the dictionaries
 * are asked again only when one of them changes, not on every keystroke elsewhere in the form.
 */
function useUrlValues(doc: FormDocument | undefined, values: FormValueSource | undefined): Resolve {
  const params = useMemo(() => [...new Set((doc?.fields ?? []).flatMap((f) => fieldUrlParams(f.fieldUrl)))].sort(), [doc]);
  const snapshot = useCallback(
    () => (values ? params.map((p) => JSON.stringify(values.value(p) ?? null)).join(SEPARATOR) : ''),
    [params, values],
  );
  const signature = useSyncExternalStore(values?.subscribe ?? NO_VALUES, snapshot);
  return useMemo(() => {
    const parts = signature.split(SEPARATOR);
    const byProp = new Map(params.map((p, i) => [p, parts[i] ? (JSON.parse(parts[i]) as FieldValue) : null]));
    return (url: string) => resolveFieldUrl(url, (prop) => byProp.get(prop));
  }, [signature, params]);
}

/**
 * Every dictionary a form's fields name, loaded together, as the engine's lookupDictionary: the
 * engine filters them by options rules and checks membership. A code the form carries itself
 * (doc.options) is not asked of the server; the order of the lists is the engine's
 * (formDictionaryLookup: the form's own, the server's, the code maps).
 *
 * The SWR entry is keyed by the set of dictionaries asked (not by form code and version: a working
 * copy keeps its version while its fields change) and by the dictionary revision
 * (refreshFormDictionaries); while one of them has no entries anywhere it is asked again now and
 * then, so a dictionary created after the form first loaded shows in every host.
 */
export function useFormDictionaries(doc: FormDocument | undefined, offline: boolean, values?: FormValueSource): Lookup {
  const resolve = useUrlValues(doc, values);
  const sources = useMemo(() => sourcesOf(doc, resolve), [doc, resolve]);
  const revision = useDictionaryRevision();
  const codes = [...sources.keys()].join('|');
  const swrKey = doc && !offline && sources.size > 0 ? ['form-dictionaries', codes, revision] : null;
  const { data } = useSWR(
    swrKey,
    async () => {
      const entries = await Promise.all([...sources].map(async ([key, source]) => [key, await loadDictionary(source, false)] as const));
      const out: Record<string, DictOption[]> = {};
      for (const [key, options] of entries) if (options && options.length > 0) out[key] = options;
      return out;
    },
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
      refreshInterval: (latest) => (latest && [...sources.keys()].some((k) => !latest[k]) ? MISSING_DICTIONARY_RETRY_MS : 0),
    },
  );
  return useMemo<Lookup>(() => {
    if (!data) return offlineLookup;
    return formDictionaryLookup(
      doc,
      (_code, field) => {
        const source = sourceOf(field, resolve);
        // A url still missing a value it names has no options yet: the select empties, and a code
        // kept from before (a doctor of the team just cleared) no longer passes.
        return source ? data[dictionaryKey(source) ?? ''] : [];
      },
      BUNDLED_CODEMAPS,
    );
  }, [data, doc, resolve]);
}

/** A dictionary field's value as text (labels joined with '，'); other fields: undefined. */
export type DictionaryLabels = (field: FieldDef, value: FieldValue | undefined) => string | undefined;

export interface FormLabels {
  /** The form's own lists, the tenant's dictionaries (when loaded), the code maps — the engine's order. */
  lookup: Lookup;
  /** What a reader sees for a value: a dictionary field's labels joined with '，'; other fields: undefined. */
  text: DictionaryLabels;
}

/**
 * The one lookup for labels outside the form (history, 上次记录, record lists, print): the same
 * dictionaries the form itself loads, so a field whose dictionary exists only in the tenant's
 * business dictionary shows its labels there too, never its codes. `offline` (bundled previews,
 * stories): the form's own lists and the code maps only.
 */
export function useFormLabels(doc: FormDocument | undefined, offline = false): FormLabels {
  const loaded = useFormDictionaries(doc, offline);
  return useMemo(() => {
    const lookup = loaded === offlineLookup ? formDictionaryLookup(doc, undefined, BUNDLED_CODEMAPS) : loaded;
    return { lookup, text: (field, value) => dictionaryText(field, value, lookup) };
  }, [loaded, doc]);
}
