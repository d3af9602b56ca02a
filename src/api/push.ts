// 上报 (issue 34): the push outbox's calls (server/push) and 随访提交状态's submission counts.
import type { Static } from 'typebox';
import { getData, postData } from './envelope';
import type { Page } from '../shared/blade-envelope';
import type { PushChanged, PushCount, PushListQuery, PushView } from '../shared/contract/push';
import type { SubmitStatusRow } from '../shared/contract/followups';

export type { PushChanged, PushCount, PushListQuery, PushView };
export type SubmitStatus = Static<typeof SubmitStatusRow>;

const B = '/api/blade-iph-business';

export const listPushes = (params: PushListQuery) => getData<Page<PushView>>(`${B}/pushoutbox/list`, { params });
/** 重新上报 of the rows named. */
export const pushAgain = (ids: string[]) => postData<PushChanged>(`${B}/userfollowup/all-reported-push`, { ids });
/** 重新上报 of every failed, stopped or cleared row. */
export const pushAllFailed = () => postData<PushChanged>(`${B}/userfollowup/all-reported-push`, {});
/** 清除错误 of the rows named. */
export const clearPushErrors = (ids: string[]) => postData<PushChanged>(`${B}/userinfomain/remove-gw-status`, { ids });
/** Per form, the pushes to the regional system by state. */
export const pushCounts = (params: { startDate?: string; endDate?: string }) =>
  getData<PushCount[]>(`${B}/userfollowup/init-gw-statistics`, { params });
/** Per form, the follow-ups saved in the period (total, closed, with anomalies). */
export const followSubmitStatus = (params: { startDate?: string; endDate?: string }) =>
  getData<SubmitStatus[]>(`${B}/userfollowup/follow-submit-status`, { params });
