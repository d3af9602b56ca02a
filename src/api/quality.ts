// 质量管理 (issue 34 "Quality management"): the topics with their last run, one topic's failing
// records, a run and its progress (server/quality; contract src/shared/contract/quality.ts).
import { getData, postData } from './envelope';
import type { QualityFailure, QualityFailurePage, QualityRun, QualityRunBody, QualityTopic } from '../shared/contract/quality';
import type { Page } from '../shared/blade-envelope';

export type { QualityFailure, QualityFailurePage, QualityRun, QualityRunBody, QualityTopic };

const Q = '/api/blade-iph-business/quality-manage';
const drop = (params: object) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const listQualityTopics = (params: { current: number; size: number; quality_type?: string; query_type?: string; name?: string }) =>
  getData<Page<QualityTopic>>(`${Q}/list`, { params: drop(params) });

export const listQualityFailures = (
  code: string,
  params: { current: number; size: number; runId?: string; ruleId?: string; personName?: string },
) => getData<QualityFailurePage>(`${Q}/list/${encodeURIComponent(code)}`, { params: drop(params) });

export const startQualityRun = (body: QualityRunBody) => postData<QualityRun>(`${Q}/run`, drop(body));

/** Read while the run works; no loading bar (polled). */
export const getQualityRun = (id: string) => getData<QualityRun>(`${Q}/run-detail`, { params: { id }, meta: { noLoading: true } });
