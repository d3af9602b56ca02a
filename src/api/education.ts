// 健康教育 and 一键宣教 (issue 34; decision 0036): userpromotion/* (server/education).
import { getData, postData } from './envelope';
import type { Page } from '../shared/blade-envelope';
import type {
  CrowdResident,
  CrowdResidentQuery,
  EducationBatch,
  EducationFormCode,
  EducationListQuery,
  EducationRecord,
  OneKeyResult,
} from '../shared/contract/education';

export type { CrowdResident, EducationBatch, EducationFormCode, EducationListQuery, EducationRecord, OneKeyResult };

const B = '/api/blade-iph-business/userpromotion';

export const listEducation = (params: EducationListQuery) => getData<Page<EducationRecord>>(`${B}/new-list`, { params });
export const listEducationBatches = (params: { current?: number; size?: number }) =>
  getData<Page<EducationBatch>>(`${B}/new-main-list`, { params });
export const educationDetail = (id: string) => getData<EducationRecord>(`${B}/detail`, { params: { id } });
export const crowdResidents = (params: CrowdResidentQuery) => getData<Page<CrowdResident>>(`${B}/crowd-residents`, { params });

/** One resident's 健康教育记录 (new without id; a change with the row version read). */
export const saveEducation = (body: { id?: string; archId?: string; values: Record<string, unknown>; rowVersion?: number }) =>
  postData<EducationRecord>(`${B}/submit`, body);
/** 一键宣教: one 健康教育记录 for every resident chosen. */
export const saveOneKeyEducation = (body: { archIds: string[]; crowdLabel?: string; teamId?: string; values: Record<string, unknown> }) =>
  postData<OneKeyResult>(`${B}/save-prescription-crowd-label`, body);
/** 一键宣教 of a 健康教育处方 (hypertension or diabetes residents only). */
export const saveOneKeyPrescription = (body: {
  archIds: string[];
  crowdLabel?: string;
  teamId?: string;
  values: Record<string, unknown>;
}) => postData<OneKeyResult>(`${B}/save-hypersion-or-diabetes`, body);
export const removeEducation = (ids: string[]) => postData<boolean>(`${B}/remove`, undefined, { params: { ids: ids.join(',') } });
export const removePrescriptions = (ids: string[]) =>
  postData<boolean>(`${B}/remove-jkjycf`, undefined, { params: { ids: ids.join(',') } });
/** 上报 again through the outbox: 健康教育记录 or 健康教育处方. */
export const pushEducation = (formCode: EducationFormCode, ids: string[]) =>
  postData<{ ids: string[] }>(`${B}/${formCode === 'propaganda' ? 'push-promotion' : 'push-promotion-jkjycf'}`, { ids });
