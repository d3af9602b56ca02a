import { getData, postData } from './envelope';
import type { SystemParamWire } from '../shared/admin-wire';
import type { Page } from './types';

/** A system parameter (spec 002 §3): name, key and value; platform rows are tenants' defaults. */
export type SystemParamRow = SystemParamWire;

export interface SystemParamInput {
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
  /** The version read; an update carries it (issue 22 §6: 428 without, 409 when stale). */
  rowVersion?: number;
}

const BASE = '/api/blade-system/systemparam';

export const listSystemParams = (params: Record<string, unknown>) => getData<Page<SystemParamRow>>(`${BASE}/list`, { params });
export const getSystemParam = (id: string) => getData<SystemParamRow>(`${BASE}/detail`, { params: { id } });
export const submitSystemParam = (input: SystemParamInput) => postData<{ id: string }>(`${BASE}/submit`, input);
export const removeSystemParams = (ids: string[]) => postData<boolean>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });
