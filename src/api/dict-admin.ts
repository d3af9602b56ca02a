import { getData, postData } from './envelope';
import { RequestError } from './request';
import type { DictAnswer, DictRowWire, DictSubmitBody, Sent } from '../shared/contract/dicts';

/** A business dictionary row as dict-biz management lists it (spec 002 §3). */
export type DictAdminRow = DictRowWire;

/**
 * What the management dialogs submit: create without id, update with it and the version read
 * (spec 002 §7, issue 22 §6); sort, the flags and the version go as numbers.
 */
export type DictAdminInput = Sent<DictSubmitBody, 'sort' | 'isSealed' | 'isAdmin' | 'rowVersion'>;

const BASE = '/api/blade-system/dict-biz';

export const listDictParents = (params: Record<string, unknown>) => getData<DictAnswer<'dictPage'>>(`${BASE}/parent-list`, { params });
export const listDictChildren = (parentId: string, params: Record<string, unknown>) =>
  getData<DictAnswer<'dictPage'>>(`${BASE}/child-list`, { params: { ...params, parentId } });
export const getDictDetail = (id: string) => getData<DictAnswer<'dict'>>(`${BASE}/detail`, { params: { id } });
export const submitDict = (input: DictAdminInput) => postData<DictAnswer<'saved'>>(`${BASE}/submit`, input);
export const removeDicts = (ids: string[]) => postData<DictAnswer<'done'>>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });

/** The row's current version from a 409 (someone saved it after it was read), else undefined. */
export function staleVersionOf(e: unknown): number | undefined {
  if (!(e instanceof RequestError) || e.code !== 409) return undefined;
  const version = (e.body as { data?: { rowVersion?: unknown } } | undefined)?.data?.rowVersion;
  return typeof version === 'number' ? version : undefined;
}

/** A dictionary sync's progress (syndict-progress): done of total, and the tenant being synced. */
export type DictSyncProgress = NonNullable<DictAnswer<'syncProgress'>>;

/** Starts syncing the platform's dictionaries `ids` into `tenantIds` (root tenant only); answers the job id. */
export const startDictSync = (ids: string[], tenantIds: string[], over: boolean) =>
  postData<DictAnswer<'syncStarted'>>(`${BASE}/syndict`, { ids: ids.join(','), tenantIds: tenantIds.join(','), over: over ? 1 : 0 });
/** Polled in the background: no loading bar (spec 000 notes), the dialog shows a failure itself. */
export const getDictSyncProgress = (jobId: string) =>
  getData<DictAnswer<'syncProgress'>>(`${BASE}/syndict-progress`, { params: { jobId }, meta: { silent: true, noLoading: true } });
/** The institutions a sync may target. */
export const listTenantNames = () => getData<{ tenantId: string; tenantName: string }[]>('/api/blade-system/tenant/list-info');
