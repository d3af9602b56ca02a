// 质量管理 (issue 34 "Quality management"): the topics with their last run, one topic's failing
// records, a run and its progress (server/quality; contract src/shared/contract/quality.ts).
import { getData, postData } from './envelope';
import type {
  QualityFailure,
  QualityFailurePage,
  QualityRun,
  QualityRunBody,
  QualityTopic,
  TopicCheck,
  TopicDetail,
  TopicForm,
  TopicSubmitBody,
} from '../shared/contract/quality';
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

// The topic editor (decision 0042): a topic's effective document, checked, saved, reverted.
export type { TopicCheck, TopicDetail, TopicDocument, TopicField, TopicForm, TopicSubmitBody } from '../shared/contract/quality';

const T = `${Q}/topic`;

export const getTopicDocument = (code: string) => getData<TopicDetail>(`${T}/detail`, { params: { code } });
export const listTopicForms = () => getData<TopicForm[]>(`${T}/forms`);
/** Compiles and runs the cases without saving: the problems by rule and case. */
export const checkTopic = (body: TopicSubmitBody) => postData<TopicCheck>(`${T}/check`, body);
/** Saves after the same check; a refusal (400) carries the TopicCheck as its data, shown by the editor (no toast). */
export const submitTopic = (body: TopicSubmitBody) => postData<TopicDetail>(`${T}/submit`, body, { meta: { silent: true } });
/** Removes the tenant's version: an override reverts to the file's topic. */
export const removeTopic = (code: string) => postData<string[]>(`${T}/remove`, undefined, { params: { ids: code } });
