import { getStore, removeStore, setStore, STORE_KEYS } from '../../api/session';
import type { FormValues } from '../../engine';
import { seal, unseal, type Sealed } from './draft-crypto';

/**
 * A draft belongs to one user, archive, record, form and version: another version's rules would
 * misread it, and a new record's draft must never be offered in a saved record (or the reverse).
 */
export interface DraftScope {
  userId: string;
  archiveId?: string;
  /** The saved record being edited; absent for a new one. */
  recordId?: string;
  formCode: string;
  version: number;
}

export interface Draft {
  values: FormValues;
  /** Local time text of the last save, shown in the restore prompt. */
  savedAt: string;
}

export const draftStoreKey = (s: DraftScope): string =>
  `${STORE_KEYS.draftPrefix}${s.userId}:${s.archiveId ?? '-'}:${s.recordId ?? 'new'}:${s.formCode}:${s.version}`;

/**
 * Each write and each clear takes the next ticket for its key; an encrypted write stores its
 * result only if no later write or clear has started while it was encrypting. Without this a write
 * in flight when a successful save cleared the draft would land afterwards (and the next visit
 * would offer 恢复草稿? for values that were saved), and a slow older write could overwrite a newer one.
 */
const tickets = new Map<string, number>();
const nextTicket = (key: string): number => {
  const ticket = (tickets.get(key) ?? 0) + 1;
  tickets.set(key, ticket);
  return ticket;
};

/** Resolves true when the draft was stored, false when a later write or clear superseded it. */
export async function saveDraft(scope: DraftScope, draft: Draft): Promise<boolean> {
  const key = draftStoreKey(scope);
  const ticket = nextTicket(key);
  const sealed = await seal(draft);
  if (tickets.get(key) !== ticket) return false;
  setStore(key, sealed);
  return true;
}

export async function loadDraft(scope: DraftScope): Promise<Draft | undefined> {
  const sealed = getStore<Sealed>(draftStoreKey(scope));
  if (!sealed) return undefined;
  const draft = await unseal<Draft>(sealed);
  // Unreadable (an earlier session's key is gone): it can never be read again, so drop it.
  if (!draft) removeStore(draftStoreKey(scope));
  return draft;
}

/** Removes the draft and cancels every write still encrypting for it. */
export function clearDraft(scope: DraftScope): void {
  const key = draftStoreKey(scope);
  nextTicket(key);
  removeStore(key);
}
