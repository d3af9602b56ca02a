import dayjs from 'dayjs';
import { STORAGE_PREFIX } from '../shared/config';
import { request } from './request';
import { getStore, setStore } from './session';
import type { WebLogEntry } from '../shared/contract/logs';

/**
 * The local error log (spec 000 §2 error-log screen, §8): uncaught errors and failed calls are
 * queued in localStorage, sent to blade-log web/saveLogs periodically (the session clock calls
 * sendErrorLog), and the queue is emptied after a send even when the send fails — a log that
 * cannot be delivered must not grow without bound or be re-sent forever.
 */

/** An entry as web/saveLogs takes it (the contract's WebLogEntry), every field filled. */
export type ErrorLogEntry = Required<WebLogEntry>;

const STORE_KEY = 'errorLog';
export const SAVE_LOGS_URL = '/api/blade-log/web/saveLogs';
/** The server accepts at most 200 entries per call (the contract's MAX_WEB_LOG_ENTRIES); older ones go first. */
export const MAX_ENTRIES = 200;
/** Field limits of the contract's WebLogEntry: longer text would make the server refuse the whole batch. */
const LIMITS: Record<keyof ErrorLogEntry, number> = { type: 50, message: 5000, stack: 20000, info: 5000, url: 2000, time: 40 };

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same array until something changes, so the parsed queue is cached.
let cached: ErrorLogEntry[] | undefined;

function emit(): void {
  cached = undefined;
  for (const listener of [...listeners]) listener();
}

export function readErrorLog(): ErrorLogEntry[] {
  if (cached === undefined) {
    const stored = getStore<unknown>(STORE_KEY);
    cached = Array.isArray(stored) ? (stored as ErrorLogEntry[]) : [];
  }
  return cached;
}

export function subscribeErrorLog(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// Another tab of the app writing the queue (or a logout clearing it) changes what this tab shows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_PREFIX + STORE_KEY) emit();
  });
}

function clip(entry: ErrorLogEntry): ErrorLogEntry {
  const out = { ...entry };
  for (const key of Object.keys(LIMITS) as (keyof ErrorLogEntry)[]) out[key] = String(out[key] ?? '').slice(0, LIMITS[key]);
  return out;
}

export function recordError(entry: Omit<ErrorLogEntry, 'time'> & { time?: string }): void {
  const full = clip({ ...entry, time: entry.time ?? dayjs().format('YYYY-MM-DD HH:mm:ss') });
  const next = [...readErrorLog(), full].slice(-MAX_ENTRIES);
  try {
    setStore(STORE_KEY, next);
  } catch {
    // Storage full or refused: the log is a diagnostic aid, never a reason to break the page.
    return;
  }
  emit();
}

const sameEntry = (a: ErrorLogEntry, b: ErrorLogEntry) =>
  a.time === b.time && a.type === b.type && a.message === b.message && a.url === b.url;

/**
 * Drops the entries just sent from the front of the queue and keeps anything queued meanwhile
 * (compared by content, so a queue cleared and refilled during the send loses nothing new).
 */
function dropSent(batch: ErrorLogEntry[]): void {
  const current = readErrorLog();
  let k = 0;
  while (k < batch.length && k < current.length && sameEntry(current[k] as ErrorLogEntry, batch[k] as ErrorLogEntry)) k += 1;
  if (k === 0) return;
  setStore(STORE_KEY, current.slice(k));
  emit();
}

export function clearErrorLog(): void {
  setStore(STORE_KEY, []);
  emit();
}

/**
 * Sends the queue. Resolves true when the server stored it; either way the sent entries are gone.
 * `silent` (the periodic send) keeps a failing log service from toasting every 10 seconds.
 */
let inFlight: Promise<boolean> | undefined;

export function sendErrorLog(options: { silent?: boolean } = {}): Promise<boolean> {
  // A slow log service must not get the same batch again from the next 10-second tick.
  if (inFlight) return inFlight;
  const batch = readErrorLog();
  if (batch.length === 0) return Promise.resolve(true);
  inFlight = request
    .post(SAVE_LOGS_URL, batch, { meta: { silent: options.silent, noLoading: options.silent } })
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      inFlight = undefined;
      dropSent(batch);
    });
  return inFlight;
}

export function errorFromEvent(event: ErrorEvent): Omit<ErrorLogEntry, 'time'> {
  const error: unknown = event.error;
  return {
    type: 'error',
    message: event.message || (error instanceof Error ? error.message : String(error)),
    stack: error instanceof Error ? (error.stack ?? '') : '',
    info: event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '',
    url: window.location.href,
  };
}

export function errorFromRejection(event: PromiseRejectionEvent): Omit<ErrorLogEntry, 'time'> {
  const reason: unknown = event.reason;
  return {
    type: 'unhandledrejection',
    message: reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : JSON.stringify(reason ?? null),
    stack: reason instanceof Error ? (reason.stack ?? '') : '',
    info: '',
    url: window.location.href,
  };
}

/** Records failed calls reported by the request layer (see RequestHooks.onCallFailed). */
export function recordFailedCall(failure: { url: string; method: string; status: number; code: number; message: string }): void {
  // The log's own delivery failing is not logged: that would refill the queue it just emptied.
  if (failure.url.includes('blade-log/web/saveLogs')) return;
  recordError({
    type: 'request',
    message: failure.message,
    stack: '',
    info: `${failure.method.toUpperCase()} status ${failure.status} code ${failure.code}`,
    url: failure.url,
  });
}

/** Listens for uncaught errors and rejected promises; returns the uninstaller. */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => recordError(errorFromEvent(event));
  const onRejection = (event: PromiseRejectionEvent) => recordError(errorFromRejection(event));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
