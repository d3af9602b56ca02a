import { formatDate, parseDate } from '../../src/engine/helpers/dates';
import { badRequest } from '../http/envelope';

/** The cancel form (spec 001 §3): offType is the reason (dictionary reason_cancellation). */
export interface CancelBody {
  archId?: string;
  ids?: string | string[];
  offType?: string;
  offReason?: string;
  deadFlag?: string;
  deadDate?: string;
  deadReason?: string;
  offDate?: string;
  offUser?: string;
  offTenant?: string;
  logoutType?: string;
}

export const DEATH = '1';
export const OTHER = '9';

/**
 * Spec 001 §5's messages; the two death messages are ours (the spec only says the death date and
 * reason appear for offType 1), the same words the web app's cancel dialog uses.
 */
export const CANCEL_MESSAGES = {
  reason: '请选择注销原因',
  date: '请选择注销日期',
  user: '注销人不存在',
  tenant: '注销机构不存在',
  detail: '请输入注销详情',
  deadDate: '请选择死亡日期',
  deadReason: '请输入死亡原因',
  dateInvalid: '注销日期格式不正确',
  dateFuture: '注销日期不能晚于今天',
  deadDateInvalid: '死亡日期格式不正确',
  alreadyCancelled: '档案已是注销状态',
  notCancelled: '档案未注销，无需恢复',
} as const;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** 'YYYY-MM-DD' of a strictly parsed date (2024/1/2 becomes 2024-01-02), or null. */
const day = (v: string) => {
  const parsed = parseDate(v);
  return parsed ? formatDate(parsed) : null;
};

export interface CheckedCancel {
  offType: string;
  offReason: string | null;
  deadFlag: string;
  deadDate: string | null;
  deadReason: string | null;
  offDate: string;
  offUser: string;
  offTenant: string;
  logoutType: string | null;
}

/**
 * The dialog's rules in its top-to-bottom order, first failure thrown. `reasons` are the keys of
 * the reason dictionary; `today` bounds the dates. Whether user and institution exist is checked
 * by the caller against the database (their messages come from here too).
 */
export function checkCancelForm(body: CancelBody, reasons: ReadonlySet<string>, today: string): CheckedCancel {
  const offType = body.offType?.trim() ?? '';
  if (offType === '' || !reasons.has(offType)) throw badRequest(CANCEL_MESSAGES.reason);
  const death = offType === DEATH;
  let deadDate: string | null = null;
  if (death) {
    if (blank(body.deadDate)) throw badRequest(CANCEL_MESSAGES.deadDate);
    deadDate = day(body.deadDate!);
    if (!deadDate || deadDate > today) throw badRequest(CANCEL_MESSAGES.deadDateInvalid);
    if (blank(body.deadReason)) throw badRequest(CANCEL_MESSAGES.deadReason);
  }
  if (offType === OTHER && blank(body.offReason)) throw badRequest(CANCEL_MESSAGES.detail);
  if (blank(body.offDate)) throw badRequest(CANCEL_MESSAGES.date);
  const offDate = day(body.offDate!);
  if (!offDate) throw badRequest(CANCEL_MESSAGES.dateInvalid);
  if (offDate > today) throw badRequest(CANCEL_MESSAGES.dateFuture);
  if (blank(body.offUser)) throw badRequest(CANCEL_MESSAGES.user);
  if (blank(body.offTenant)) throw badRequest(CANCEL_MESSAGES.tenant);
  return {
    offType,
    offReason: body.offReason?.trim() || null,
    deadFlag: death ? '1' : '0',
    deadDate,
    deadReason: death ? body.deadReason!.trim() : null,
    offDate,
    offUser: body.offUser!.trim(),
    offTenant: body.offTenant!.trim(),
    logoutType: body.logoutType?.trim() || null,
  };
}
