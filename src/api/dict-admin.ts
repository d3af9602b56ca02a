import { getData, postData } from './envelope';
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
}

const BASE = '/api/blade-system/dict-biz';

export const listDictParents = (params: Record<string, unknown>) => getData<Page<DictAdminRow>>(`${BASE}/parent-list`, { params });
export const listDictChildren = (parentId: string, params: Record<string, unknown>) =>
  getData<Page<DictAdminRow>>(`${BASE}/child-list`, { params: { ...params, parentId } });
export const getDictDetail = (id: string) => getData<DictAdminRow>(`${BASE}/detail`, { params: { id } });
export const submitDict = (input: DictAdminInput) => postData<{ id: string }>(`${BASE}/submit`, input);
export const removeDicts = (ids: string[]) => postData<boolean>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });
