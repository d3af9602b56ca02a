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
/** A close that moves to another page, kept until that page is reached (see closeOnArrival). */
let pendingClose: { state: TabState; to: string } | undefined;

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
  /**
   * A tab close that leaves the current page takes effect only once the navigation to `to` has
   * happened: the page may refuse to be left (a form with unsaved changes asks first), and a
   * refused close must keep its tab. The route guard reports every arrival.
   */
  closeOnArrival(next: TabState, to: string): void {
    pendingClose = { state: next, to };
  },
  /** Called on every navigation with the new path + search: applies the close waiting for it, drops any other. */
  arrived(fullPath: string): void {
    const pending = pendingClose;
    pendingClose = undefined;
    if (pending && pending.to === fullPath) tabStore.set(pending.state);
  },
  reset(): void {
    pendingClose = undefined;
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
