import { defineMessages } from '../../shared/i18n/define-messages';

/**
 * The cancel-archive dialog's rules (spec 001 §4, §5). offType 1 is death (deadFlag 1, death date
 * and reason shown and required); offType 9 is "other" and needs a written detail. Date, user and
 * institution are prefilled and read-only; their messages still fire when the session lacks them.
 */
export const DEATH = '1';
export const OTHER = '9';

export interface CancelDraft {
  offType?: string;
  offReason?: string;
  deadDate?: string;
  deadReason?: string;
  offDate?: string;
  offUser?: string;
  offTenant?: string;
}

/** Exact messages of spec 001 §5; the two death messages are ours (the spec names the fields only). */
export const cancelRuleMessages = defineMessages(
  {
    reason: '请选择注销原因',
    date: '请选择注销日期',
    user: '注销人不存在',
    tenant: '注销机构不存在',
    detail: '请输入注销详情',
    deadDate: '请选择死亡日期',
    deadReason: '请输入死亡原因',
  },
  {
    reason: 'Choose the reason for cancelling',
    date: 'Choose the cancel date',
    user: 'The cancelling user is unknown',
    tenant: 'The cancelling institution is unknown',
    detail: 'Enter the details',
    deadDate: 'Choose the date of death',
    deadReason: 'Enter the cause of death',
  },
);

export type CancelMessageKey = keyof typeof cancelRuleMessages.zh;

export type CancelField = keyof CancelDraft;

const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** Field → message key for every rule the draft breaks, in the dialog's top-to-bottom order. */
export function validateCancel(draft: CancelDraft): Partial<Record<CancelField, CancelMessageKey>> {
  const errors: Partial<Record<CancelField, CancelMessageKey>> = {};
  if (blank(draft.offType)) errors.offType = 'reason';
  if (draft.offType === DEATH) {
    if (blank(draft.deadDate)) errors.deadDate = 'deadDate';
    if (blank(draft.deadReason)) errors.deadReason = 'deadReason';
  }
  if (draft.offType === OTHER && blank(draft.offReason)) errors.offReason = 'detail';
  if (blank(draft.offDate)) errors.offDate = 'date';
  if (blank(draft.offUser)) errors.offUser = 'user';
  if (blank(draft.offTenant)) errors.offTenant = 'tenant';
  return errors;
}

/** The read-only part of the form: today, the current user and the current institution. */
export function prefillCancel(today: string, user: string | undefined, tenant: string | undefined): CancelDraft {
  return { offDate: today, offUser: user ?? '', offTenant: tenant ?? '' };
}

/** Fields that only make sense for the chosen reason are dropped before sending. */
export function cancelBody(archId: string, draft: CancelDraft) {
  const death = draft.offType === DEATH;
  return {
    archId,
    offType: draft.offType ?? '',
    offReason: draft.offReason?.trim() || undefined,
    deadFlag: death ? '1' : '0',
    deadDate: death ? draft.deadDate : undefined,
    deadReason: death ? draft.deadReason?.trim() : undefined,
    offDate: draft.offDate ?? '',
    offUser: draft.offUser ?? '',
    offTenant: draft.offTenant ?? '',
  };
}

/** Used when the reason_cancellation dictionary is empty on this server (it is not seeded everywhere); labels in the messages. */
export const FALLBACK_REASON_KEYS = ['1', '2', '3', '9'] as const;
