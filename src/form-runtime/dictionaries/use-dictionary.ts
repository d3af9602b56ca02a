import { createContext, useContext } from 'react';
import useSWR from 'swr';
import type { DictOption } from '../../engine';
import type { DictionarySource } from '../widgets/widget-types';
import { dictionaryKey, loadDictionary, offlineOptions } from './load-dictionary';

/** Offline: dictionaries come from the code maps only (no network). */
export const DictionaryModeContext = createContext<{ offline: boolean }>({ offline: false });

/**
 * Options of one source through SWR (one request per code, shared by every widget that asks);
 * the code map is shown while the server answers.
 */
export function useDictionary(source: DictionarySource | undefined, given?: DictOption[]): DictOption[] {
  const { offline } = useContext(DictionaryModeContext);
  const key = given || !source ? null : dictionaryKey(source);
  const fallback = source ? offlineOptions(source) : undefined;
  const { data } = useSWR(key ? ['dictionary', key, offline] : null, () => loadDictionary(source as DictionarySource, offline), {
    fallbackData: fallback,
    revalidateOnFocus: false,
  });
  return given ?? data ?? fallback ?? [];
}
