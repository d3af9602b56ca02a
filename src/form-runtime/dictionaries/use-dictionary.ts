import { createContext, useContext } from 'react';
import useSWR from 'swr';
import type { DictOption } from '../../engine';
import type { DictionarySource } from '../widgets/widget-types';
import { MISSING_DICTIONARY_RETRY_MS, useDictionaryRevision } from './dictionary-revision';
import { dictionaryKey, loadDictionary, offlineOptions } from './load-dictionary';

/** Offline: dictionaries come from the code maps only (no network). */
export const DictionaryModeContext = createContext<{ offline: boolean }>({ offline: false });

/**
 * Options of one source through SWR (one request per code, shared by every widget that asks);
 * the code map is shown while the server answers. A dictionary with no entries anywhere is asked
 * again now and then, and every one again after refreshFormDictionaries(): an empty answer is
 * never final (a dictionary created after the form loaded shows without a reload).
 */
export function useDictionary(source: DictionarySource | undefined, given?: DictOption[]): DictOption[] {
  const { offline } = useContext(DictionaryModeContext);
  const revision = useDictionaryRevision();
  const key = given || !source ? null : dictionaryKey(source);
  const fallback = source ? offlineOptions(source) : undefined;
  const { data } = useSWR(
    key ? ['dictionary', key, offline, offline ? 0 : revision] : null,
    () => loadDictionary(source as DictionarySource, offline),
    {
      fallbackData: fallback,
      keepPreviousData: true,
      revalidateOnFocus: false,
      refreshInterval: (latest) => (!offline && (!latest || latest.length === 0) ? MISSING_DICTIONARY_RETRY_MS : 0),
    },
  );
  return given ?? data ?? fallback ?? [];
}

/**
 * One code's label from a dictionary the way a form's widget finds it (the tenant's business
 * dictionary, else the code maps): for a record list's tags. Undefined for no code; a code the
 * dictionary lacks shows as it is.
 */
export function useCodeLabel(bizCode: string, code: string | null | undefined): string | undefined {
  const list = useDictionary({ bizCode });
  if (code === undefined || code === null || code === '') return undefined;
  return list.find((o) => o.value === String(code))?.label ?? String(code);
}
