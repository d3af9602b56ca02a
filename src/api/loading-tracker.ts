/**
 * Counts requests in flight so a top loading bar can show while any is running. Background polls
 * and the login call are excluded (spec §7): a bar flickering every few seconds says nothing.
 */
export const NO_LOADING_URL_PARTS: readonly string[] = [
  'health-browser-top-show',
  'param/getByKey',
  'syndict-progress',
  'list-on-line-number',
  'oauth/token',
];

export function showsLoading(url: string | undefined, noLoading?: boolean): boolean {
  if (noLoading) return false;
  return !NO_LOADING_URL_PARTS.some((part) => (url ?? '').includes(part));
}

type Listener = () => void;

export function createLoadingTracker() {
  let pending = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l());
  return {
    start(): void {
      pending += 1;
      if (pending === 1) emit();
    },
    done(): void {
      if (pending === 0) return;
      pending -= 1;
      if (pending === 0) emit();
    },
    isLoading: (): boolean => pending > 0,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The tracker the app's request instance reports to. */
export const loadingTracker = createLoadingTracker();
