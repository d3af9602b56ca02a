import { getData } from './envelope';
import { request, RequestError } from './request';
import type { HistoryView, RecordSubmitBody, RecordView } from '../shared/contract/followups';
import type { Envelope, Page } from './types';

/**
 * Follow-up records on the server's record store (spec 001 §7 userfollowup / userfollowupdev).
 * A record carries the form version it was filled with and a row version for optimistic locking.
 */
const BASE = '/api/blade-iph-business';

export type FormValuesMap = Record<string, unknown>;

/** A record as the record calls answer it (the contract's RecordView; follow-ups add followId). */
export type FollowupRecord = RecordView;

/** A save's body: the contract's, with the fields this app always sends made required. */
export type FollowupSubmit = RecordSubmitBody & {
  formCode: string;
  archId: string;
  values: FormValuesMap;
  acknowledgements: string[];
  clientRequestId: string;
};

/**
 * Where a kind of record lives: follow-ups on userfollowup (spec 001 §7), every other
 * schema-driven form of an archive (the graded evaluation…) on the generic formrecord endpoints
 * (docs/architecture.md §6). Both answer records in the same shape and refuse a submit the same way.
 */
export interface RecordStore {
  /** One resident's records of a form, at most 200 (the left column). */
  listPath: string;
  submitPath: string;
}

export const followupStore: RecordStore = { listPath: `${BASE}/userfollowup/new-list`, submitPath: `${BASE}/userfollowup/submit` };
export const formRecordStore: RecordStore = { listPath: `${BASE}/formrecord/list`, submitPath: `${BASE}/formrecord/submit` };

/**
 * With an otherId, only the records filed under that maternal or child case (the list's otherId filter).
 * A store may list through one of the spec's case lists (list-maternal-newborn-registration…), which
 * answer the case's records as an array rather than a page.
 */
export async function listRecords(store: RecordStore, archId: string, formCode: string, otherId?: string): Promise<FollowupRecord[]> {
  const params = { archId, formCode, current: 1, size: 200, ...(otherId && { otherId }) };
  const answer = await getData<Page<RecordView> | RecordView[]>(store.listPath, { params });
  return newestFirst(Array.isArray(answer) ? answer : answer.records);
}

/** Newest first by visit date, then by creation time: the left column's order (spec 001 §2). */
export function newestFirst(records: FollowupRecord[]): FollowupRecord[] {
  const key = (r: FollowupRecord) => `${String(r.values.visitDate ?? '')}|${r.createTime ?? ''}`;
  return [...records].sort((a, b) => key(b).localeCompare(key(a)));
}

export async function getFollowup(id: string): Promise<FollowupRecord> {
  return getData<RecordView>(`${BASE}/userfollowup/detail`, { params: { id } });
}

/** Why the server refused a submit, kept apart so the page can react (draft, prompt) per kind. */
export type SubmitOutcome =
  | { kind: 'saved'; record: FollowupRecord }
  | { kind: 'stale'; message: string }
  | { kind: 'anomalies'; message: string; anomalies: unknown }
  | { kind: 'refused'; message: string };

/**
 * Submits without the interceptor's toast: the page shows the server's message itself and keeps
 * the user's values when the row version is stale (HTTP 409). Refusals arrive as RequestError
 * carrying the server's envelope; they are sorted here instead of surfacing as exceptions.
 */
export async function submitRecord(store: RecordStore, body: FollowupSubmit): Promise<SubmitOutcome> {
  try {
    const res = await request.post<Envelope<RecordView>>(store.submitPath, body, {
      headers: { 'Request-Id': body.clientRequestId },
      meta: { silent: true },
    });
    return { kind: 'saved', record: res.data.data };
  } catch (e) {
    if (!(e instanceof RequestError)) throw e;
    const env = (e.body ?? {}) as Partial<Envelope<Record<string, unknown> | null>>;
    const message = env.msg || e.message;
    if (e.code === 409 || env.code === 409) return { kind: 'stale', message };
    if (env.data && typeof env.data === 'object' && 'anomalies' in env.data)
      return { kind: 'anomalies', message, anomalies: env.data.anomalies };
    return { kind: 'refused', message };
  }
}

/** One history row of a record (spec 001 §3 history record). */
export type FollowupHistoryRow = HistoryView;

export const getFollowupHistory = (followId: string) =>
  getData<FollowupHistoryRow[]>(`${BASE}/userfollowupdev/history`, { params: { followId } });

export const newClientRequestId = (): string => crypto.randomUUID();
