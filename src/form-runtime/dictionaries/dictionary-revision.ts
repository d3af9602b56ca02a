// A dictionary created or changed while forms are open (业务字典, the designer's new-dictionary
// dialog, a publish that creates the dictionaries a form carries) must reach every form already on
// screen: the hooks' SWR keys carry this revision, so a bump asks the server again everywhere, in
// whatever SWR cache the host uses (the app's, a test's).
import { useSyncExternalStore } from 'react';
import { forgetCachedDictionaries } from '../../api/dict';

let revision = 0;
const listeners = new Set<() => void>();

/**
 * Tell the open forms that the tenant's dictionaries changed: each asks the server again for the
 * dictionaries it names (what it shows stays on screen until the new answer lands).
 */
export function refreshFormDictionaries(): void {
  // The tab's session cache of dictionary answers too (api/get-cache.ts), or the "new" ask is answered from it.
  forgetCachedDictionaries();
  revision += 1;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDictionaryRevision(): number {
  return useSyncExternalStore(
    subscribe,
    () => revision,
    () => revision,
  );
}

/**
 * How often a form asks again while a dictionary it names has no entries anywhere (neither the
 * server nor the code maps): a dictionary created later in another tab shows without a reload. A
 * form whose dictionaries all answered never polls, nor does a hidden page (SWR).
 */
export const MISSING_DICTIONARY_RETRY_MS = 30_000;
