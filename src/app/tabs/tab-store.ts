import { useSyncExternalStore } from 'react';
import { getStore, removeStore, setStore, STORE_KEYS } from '../../api/session';
import { STORAGE_PREFIX } from '../../shared/config';
import { initialTabState, type TabRecord, type TabState } from './tab-rules';

/**
 * The open tabs, persisted under the session's tagList / tag keys so a reload keeps them and
 * logout (clearSession) forgets them. The rules live in tab-rules.ts; this only stores results.
 */
const listeners = new Set<() => void>();
let cached: { raw: string; state: TabState } | undefined;

/** The stored text, so a change made behind our back (logout, login) is noticed and re-read. */
const rawStored = (): string =>
  `${localStorage.getItem(STORAGE_PREFIX + STORE_KEYS.tagList) ?? ''}|${localStorage.getItem(STORAGE_PREFIX + STORE_KEYS.tag) ?? ''}`;

function read(): TabState {
  const tabs = getStore<TabRecord[]>(STORE_KEYS.tagList);
  const current = getStore<string>(STORE_KEYS.tag);
  if (!Array.isArray(tabs) || tabs.length === 0 || typeof current !== 'string') return initialTabState();
  return { tabs, current };
}

export const tabStore = {
  get(): TabState {
    const raw = rawStored();
    // The same object while storage is unchanged: useSyncExternalStore needs a stable snapshot.
    if (!cached || cached.raw !== raw) cached = { raw, state: read() };
    return cached.state;
  },
  set(next: TabState): void {
    setStore(STORE_KEYS.tagList, next.tabs);
    setStore(STORE_KEYS.tag, next.current);
    cached = { raw: rawStored(), state: next };
    listeners.forEach((l) => l());
  },
  update(change: (state: TabState) => TabState): void {
    tabStore.set(change(tabStore.get()));
  },
  reset(): void {
    cached = undefined;
    removeStore(STORE_KEYS.tagList);
    removeStore(STORE_KEYS.tag);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useTabs(): TabState {
  return useSyncExternalStore(tabStore.subscribe, tabStore.get, tabStore.get);
}
