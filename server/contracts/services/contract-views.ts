// A contract as the API shows it: camelCase, dates as yyyy-MM-dd, times as yyyy-MM-dd HH:mm:ss, and
// the state as the user sees it today — a signed or in-effect contract whose period has ended reads
// 已到期 (decision 0031: expiry is read from the period, never written by a timer).
import { dateTime } from '../../forms/index';
import { CONTRACT_STATE, type ContractRow } from '../repositories/contracts';

export const STATE_TEXT: Record<number, string> = {
  [CONTRACT_STATE.generated]: '待签约',
  [CONTRACT_STATE.signed]: '已签约',
  [CONTRACT_STATE.inEffect]: '生效中',
  [CONTRACT_STATE.expired]: '已到期',
  [CONTRACT_STATE.terminated]: '已解约',
  [CONTRACT_STATE.cancelled]: '已作废',
};

export const SIGN_TYPE_TEXT: Record<number, string> = { 1: '单人签约', 2: '居民申请', 3: '一键签约' };

/** How many days before its end a contract in effect may be renewed. */
export const RENEW_WINDOW_DAYS = 90;

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a date column (text already, or a Date from a driver that parsed it). */
export const day = (v: string | Date | null | undefined): string =>
  v instanceof Date ? `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}` : String(v ?? '').slice(0, 10);
export const today = (now: Date): string => day(now);

/** yyyy-MM-dd plus `days` (calendar arithmetic in UTC, so no daylight-saving step). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The last day of a period of `months` from `start` (a year from 2026-03-01 ends 2027-02-28). */
export function periodEnd(start: string, months: number): string {
  const d = new Date(`${start}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return addDays(target.toISOString().slice(0, 10), -1);
}

/** The state a user sees on `todayText`: 已签约 and 生效中 past their end read 已到期. */
export function shownState(row: Pick<ContractRow, 'state' | 'end_date'>, todayText: string): number {
  const open = row.state === CONTRACT_STATE.signed || row.state === CONTRACT_STATE.inEffect;
  return open && day(row.end_date) < todayText ? CONTRACT_STATE.expired : row.state;
}

/** A contract in effect (or expired) whose end is at most RENEW_WINDOW_DAYS away may be renewed. */
export function renewable(row: ContractRow, todayText: string): boolean {
  const state = shownState(row, todayText);
  if (state === CONTRACT_STATE.expired) return row.state === CONTRACT_STATE.inEffect;
  return state === CONTRACT_STATE.inEffect && addDays(day(row.end_date), -RENEW_WINDOW_DAYS) <= todayText;
}

const time = (v: Date | null) => (v ? dateTime(new Date(v)) : '');

export const autographLink = (id: string | null) => (id ? `/api/blade-resource/oss/file/${id}` : '');

export interface ContractView {
  id: string;
  contractNo: string;
  archId: string;
  personName: string;
  phone: string;
  teamId: string;
  teamName: string;
  doctorId: string;
  doctorName: string;
  packIds: string[];
  packNames: string;
  fee: number;
  startDate: string;
  endDate: string;
  state: number;
  stateText: string;
  signType: number;
  signTypeText: string;
  batchNo: string;
  gwId: string;
  hasAutograph: boolean;
  autographLink: string;
  signUserName: string;
  signTime: string;
  effectTime: string;
  endReason: string;
  endTime: string;
  endUserName: string;
  renewFrom: string;
  renewable: boolean;
  remark: string;
  createTime: string;
  updateTime: string;
  rowVersion: number;
}

export function contractView(row: ContractRow, now: Date): ContractView {
  const todayText = today(now);
  const state = shownState(row, todayText);
  return {
    id: row.id,
    contractNo: row.contract_no,
    archId: row.arch_id,
    personName: row.person_name,
    phone: row.phone,
    teamId: row.team_id,
    teamName: row.team_name,
    doctorId: row.doctor_id,
    doctorName: row.doctor_name,
    packIds: row.pack_ids ? row.pack_ids.split(',') : [],
    packNames: row.pack_names,
    fee: Number(row.fee),
    startDate: day(row.start_date),
    endDate: day(row.end_date),
    state,
    stateText: STATE_TEXT[state] ?? '',
    signType: row.sign_type,
    signTypeText: SIGN_TYPE_TEXT[row.sign_type] ?? '',
    batchNo: row.batch_no,
    gwId: row.gw_id,
    hasAutograph: row.autograph_id !== null,
    autographLink: autographLink(row.autograph_id),
    signUserName: row.sign_user_name,
    signTime: time(row.sign_time),
    effectTime: time(row.effect_time),
    endReason: row.end_reason,
    endTime: time(row.end_time),
    endUserName: row.end_user_name,
    renewFrom: row.renew_from ?? '',
    renewable: renewable(row, todayText),
    remark: row.remark,
    createTime: time(row.create_time),
    updateTime: time(row.update_time),
    rowVersion: row.row_version,
  };
}
