import { useSyncExternalStore } from 'react';

/**
 * The number of users online in the caller's tenant, as last polled by the session clock (every
 * 60 s). The header reads it with useOnlineCount(); undefined until the first answer.
 */
let current: number | undefined;
const listeners = new Set<() => void>();

export function setOnlineCount(count: number | undefined): void {
  if (count === current) return;
  current = count;
  for (const listener of [...listeners]) listener();
}

export const readOnlineCount = (): number | undefined => current;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOnlineCount(): number | undefined {
  return useSyncExternalStore(subscribe, readOnlineCount, readOnlineCount);
}
