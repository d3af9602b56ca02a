// Submit (002 §4): field validation first, then the calculation rules' errors, then anomalies,
// which need the user's answer to 有异常是否保存? — the answer is part of the result and is saved
// with the record.
import type { CompiledForm } from '../compile/compiled-form';
import { formDictionaryLookup } from '../document/option-lists';
import { formatDate, fromClock } from '../helpers/dates';
import type { Evaluation, RuleMessage } from '../runtime/results';
import { Runner } from '../runtime/runner';
import type { EvalContext, FieldValue, FormValues } from '../types';
import { validateField } from './field';

export const ANOMALY_PROMPT = '有异常是否保存?';

export interface SubmitContext extends EvalContext {
  /** The user answered yes to 有异常是否保存? (true), or for these check rule ids only. */
  acknowledged?: boolean | string[];
}

export interface Acknowledgement {
  prompt: typeof ANOMALY_PROMPT;
  answer: 'yes';
  ruleIds: string[];
  /** From the clock passed in. */
  at: string;
}

export interface SubmitResult {
  ok: boolean;
  /** The first stage that stopped the save. */
  stage: 'fields' | 'errors' | 'anomalies' | 'ok';
  /** Field → its first message, in document order. */
  fieldErrors: Record<string, string>;
  /** The field to focus: the first invalid one. */
  firstInvalidField?: string;
  errors: RuleMessage[];
  anomalies: RuleMessage[];
  /** The one message to show as a warning (the first one). */
  message?: string;
  /** Set when anomalies were present and acknowledged. */
  acknowledgement?: Acknowledgement;
  progress: number;
  /** Values to save: the user's values with the calculations applied. */
  values: Record<string, FieldValue>;
  evaluation: Evaluation;
}

export function validateEvaluation(form: CompiledForm, ev: Evaluation, ctx: SubmitContext): SubmitResult {
  const fieldErrors: Record<string, string> = {};
  let firstInvalidField: string | undefined;
  // A field's state carries its options; without them, the form's own lists still come first.
  // The resident's birth date bounds `notBeforeBirth` dates: the caller's, else the form's (prefilled from the archive).
  const birthDate = ctx.birthDate ?? (typeof ev.values.birthDate === 'string' ? ev.values.birthDate : undefined);
  const fieldCtx: EvalContext = {
    ...ctx,
    lookupDictionary: formDictionaryLookup(form.document, ctx.lookupDictionary),
    ...(birthDate ? { birthDate } : {}),
  };
  for (const f of form.fields) {
    ctx.budget?.spend();
    const msg = validateField(f, ev.values[f.fieldProp], ev.fields[f.fieldProp], fieldCtx);
    if (msg !== null) {
      fieldErrors[f.fieldProp] = msg;
      firstInvalidField ??= f.fieldProp;
    }
  }
  const errors = ev.messages.filter((m) => m.kind === 'error');
  const anomalies = ev.messages.filter((m) => m.kind === 'check');
  const base = { fieldErrors, errors, anomalies, progress: ev.progress, values: ev.values, evaluation: ev };
  if (firstInvalidField !== undefined) {
    return { ...base, ok: false, stage: 'fields', firstInvalidField, message: fieldErrors[firstInvalidField] as string };
  }
  if (errors.length > 0) return { ...base, ok: false, stage: 'errors', message: (errors[0] as RuleMessage).message };
  if (anomalies.length > 0) {
    const ack = ctx.acknowledged;
    const covered = ack === true || (Array.isArray(ack) && anomalies.every((a) => ack.includes(a.ruleId)));
    if (!covered) return { ...base, ok: false, stage: 'anomalies', message: ANOMALY_PROMPT };
    const acknowledgement: Acknowledgement = {
      prompt: ANOMALY_PROMPT,
      answer: 'yes',
      ruleIds: anomalies.map((a) => a.ruleId),
      at: `${formatDate(fromClock(ctx.now))} ${ctx.now.toTimeString().slice(0, 8)}`,
    };
    return { ...base, ok: true, stage: 'ok', acknowledgement };
  }
  return { ...base, ok: true, stage: 'ok' };
}

export function validateForSubmit(form: CompiledForm, values: FormValues, ctx: SubmitContext): SubmitResult {
  const ev = new Runner(form, ctx, values, false).snapshot();
  return validateEvaluation(form, ev, ctx);
}
