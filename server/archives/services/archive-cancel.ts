import { formatDate, parseDate } from '../../../src/engine';
import { checkDialog, dialogValues, DIALOG_FORMS, type DialogCheck } from '../../forms/index';

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

/** offType 1 is a death (spec 001 §4): deadFlag 1, and the death date and cause are kept. */
export const DEATH = '1';

/**
 * What the server adds to the dialog's rules (those live in rules/archivecancel.rules.json): the
 * prefilled user and institution must exist (the same words as the rules' empty messages), and
 * the archive's state must allow the change.
 */
export const CANCEL_MESSAGES = {
  user: '注销人不存在',
  tenant: '注销机构不存在',
  alreadyCancelled: '档案已是注销状态',
  notCancelled: '档案未注销，无需恢复',
} as const;

const CANCEL_FIELDS = ['offType', 'offReason', 'deadDate', 'deadReason', 'offDate', 'offUser', 'offTenant'] as const;

/** 'YYYY-MM-DD' of a date the form accepted (2024/1/2 becomes 2024-01-02). */
const day = (v: unknown) => formatDate(parseDate(v)!);

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

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
 * The cancel dialog's form (schemas/archivecancel.json) run on the body, first failure thrown with
 * the dialog's message; the reasons are the reason_cancellation dictionary (the tenant's, the
 * platform's, else codemaps/archive.json). Whether user and institution exist is for the caller.
 */
export async function checkCancelForm(ctx: DialogCheck, body: CancelBody): Promise<CheckedCancel> {
  const values = await checkDialog(ctx, DIALOG_FORMS.archiveCancel, dialogValues(body, CANCEL_FIELDS));
  const offType = String(values.offType);
  const death = offType === DEATH;
  return {
    offType,
    offReason: text(values.offReason),
    deadFlag: death ? '1' : '0',
    // Shown only for a death: for another reason whatever was sent is dropped, as the dialog drops it.
    deadDate: death ? day(values.deadDate) : null,
    deadReason: death ? text(values.deadReason) : null,
    offDate: day(values.offDate),
    offUser: String(values.offUser),
    offTenant: String(values.offTenant),
    logoutType: body.logoutType?.trim() || null,
  };
}
