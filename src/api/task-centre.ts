// 任务中心 (issue 34 "Work lists"): the due list with its tab counts and the home page's totals
// (server/task-centre; contract src/shared/contract/task-centre.ts).
import { getData } from './envelope';
import type { DueTabName, DueTask, DueTaskPage, HomeTotal } from '../shared/contract/task-centre';

export type { DueTabName, DueTask, DueTaskPage, HomeTotal };

export interface DueTaskParams {
  current: number;
  size: number;
  tab?: DueTabName;
  formCode?: string;
  doctorId?: string;
  teamId?: string;
  personName?: string;
}

const drop = (params: DueTaskParams) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export const listDueTasks = (params: DueTaskParams) =>
  getData<DueTaskPage>('/api/blade-iph-business/userfollowup/task-centre-list', { params: drop(params) });

/** The home page's numbers; silent — a role without them simply sees no card. */
export const getHomeTotals = () =>
  getData<HomeTotal>('/api/blade-iph-business/userinfomain/get-home-page-total', { meta: { silent: true } });

export interface DoctorOption {
  id: string;
  realName: string;
}
export interface TeamOption {
  id: string;
  name: string;
}

/** The doctors a filter may name (blade-user/listDoctor) and the tenant's teams (doctorteam/team-list); silent: a filter without them still works. */
export const listDoctorOptions = () => getData<DoctorOption[]>('/api/blade-user/listDoctor', { meta: { silent: true } });
export const listTeamOptions = () => getData<TeamOption[]>('/api/blade-iph-business/doctorteam/team-list', { meta: { silent: true } });
