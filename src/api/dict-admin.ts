import { getData, postData } from './envelope';
import { RequestError } from './request';
import type { DictRowWire } from '../shared/admin-wire';
import type { Page } from './types';

/** A business dictionary row as dict-biz management lists it (spec 002 §3). */
export type DictAdminRow = DictRowWire;

/** What the management dialogs submit: create without id, update with it (spec 002 §7). */
export interface DictAdminInput {
  id?: string;
  parentId?: string;
  code: string;
  dictValue: string;
  dictKey?: string;
  pdfKey?: string;
  sort?: number | '' | null;
  isSealed?: number;
  isAdmin?: number;
  tenantId?: string;
  remark?: string;
  /** The version read; an update carries it (issue 22 §6: 428 without, 409 when stale). */
  rowVersion?: number;
}

const BASE = '/api/blade-system/dict-biz';

export const listDictParents = (params: Record<string, unknown>) => getData<Page<DictAdminRow>>(`${BASE}/parent-list`, { params });
export const listDictChildren = (parentId: string, params: Record<string, unknown>) =>
  getData<Page<DictAdminRow>>(`${BASE}/child-list`, { params: { ...params, parentId } });
export const getDictDetail = (id: string) => getData<DictAdminRow>(`${BASE}/detail`, { params: { id } });
export const submitDict = (input: DictAdminInput) => postData<{ id: string }>(`${BASE}/submit`, input);
export const removeDicts = (ids: string[]) => postData<boolean>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });

/** The row's current version from a 409 (someone saved it after it was read), else undefined. */
export function staleVersionOf(e: unknown): number | undefined {
  if (!(e instanceof RequestError) || e.code !== 409) return undefined;
  const version = (e.body as { data?: { rowVersion?: unknown } } | undefined)?.data?.rowVersion;
  return typeof version === 'number' ? version : undefined;
}

/** A dictionary sync's progress (syndict-progress): done of total, and the tenant being synced. */
export interface DictSyncProgress {
  jobId: string;
  status: 'running' | 'done' | 'failed';
  done: number;
  total: number;
  percent: number;
  tenantId: string;
  tenantName: string;
  message: string;
}

/** Starts syncing the platform's dictionaries `ids` into `tenantIds` (root tenant only); answers the job id. */
export const startDictSync = (ids: string[], tenantIds: string[], over: boolean) =>
  postData<{ jobId: string }>(`${BASE}/syndict`, { ids: ids.join(','), tenantIds: tenantIds.join(','), over: over ? 1 : 0 });
/** Polled in the background: no loading bar (spec 000 notes), the dialog shows a failure itself. */
export const getDictSyncProgress = (jobId: string) =>
  getData<DictSyncProgress | null>(`${BASE}/syndict-progress`, { params: { jobId }, meta: { silent: true, noLoading: true } });
/** The institutions a sync may target. */
export const listTenantNames = () => getData<{ tenantId: string; tenantName: string }[]>('/api/blade-system/tenant/list-info');
