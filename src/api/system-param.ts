import { getData, postData } from './envelope';
import type { DictAnswer, ParamSubmitBody, Sent, SystemParamWire } from '../shared/contract/dicts';

/** A system parameter (spec 002 §3): name, key and value; platform rows are tenants' defaults. */
export type SystemParamRow = SystemParamWire;

/** What the dialog submits; an update carries the version read (issue 22 §6: 428 without, 409 when stale). */
export type SystemParamInput = Sent<ParamSubmitBody, 'rowVersion'>;

const BASE = '/api/blade-system/systemparam';

export const listSystemParams = (params: Record<string, unknown>) => getData<DictAnswer<'paramPage'>>(`${BASE}/list`, { params });
export const getSystemParam = (id: string) => getData<DictAnswer<'param'>>(`${BASE}/detail`, { params: { id } });
export const submitSystemParam = (input: SystemParamInput) => postData<DictAnswer<'saved'>>(`${BASE}/submit`, input);
export const removeSystemParams = (ids: string[]) =>
  postData<DictAnswer<'done'>>(`${BASE}/remove`, null, { params: { ids: ids.join(',') } });
