// Field validation exactly as spec 002 §5.
import { DICTIONARY_TYPES } from '../document/field-types';
import { isValidDate } from '../helpers/dates';
import { dateBoundsMessage } from './date-bounds';
import type { FieldState } from '../runtime/results';
import { isEmptyValue } from '../runtime/values';
import { matchesFieldPattern } from './pattern';
import type { DictOption, EvalContext, FieldDef, FieldValue } from '../types';

/** Text-like widgets are typed into ('请输入'); the rest are chosen ('请选择'). */
const TEXT_LIKE = new Set([3, 4, 6]);

export function fieldPrompt(f: FieldDef): string {
  if (f.placeholder !== undefined) return f.placeholder;
  return `${TEXT_LIKE.has(f.fieldType) ? '请输入' : '请选择'}${f.fieldLabel}`;
}

export const emptyMessage = (f: FieldDef): string => `${f.fieldLabel}不能为空`;
export const invalidMessage = (f: FieldDef): string => f.invalidMessage ?? `${f.fieldLabel}数值异常`;

function dictionaryOf(f: FieldDef, state: FieldState | undefined, ctx: EvalContext | undefined): DictOption[] | undefined {
  if (state?.options) return state.options;
  const code = f.bizCode ?? f.fieldUrl;
  return code && ctx?.lookupDictionary ? ctx.lookupDictionary(code, f) : undefined;
}

/** Whether a non-empty value is valid for its field. */
export function isValidValue(f: FieldDef, value: FieldValue, state?: FieldState, ctx?: EvalContext): boolean {
  if (DICTIONARY_TYPES.has(f.fieldType)) {
    if (!f.bizCode && !f.fieldUrl) return false;
    const codes = Array.isArray(value) ? value : [value];
    if (f.fieldType === 1 || f.fieldType === 2) {
      if (Array.isArray(value) || typeof value !== 'string') return false;
    }
    const dict = dictionaryOf(f, state, ctx);
    const allowed = state?.allowedCodes;
    return codes.every(
      (c) => (dict === undefined || dict.some((o) => o.value === c)) && (allowed === undefined || allowed.includes(String(c))),
    );
  }
  switch (f.fieldType) {
    case 3:
    case 4: {
      if (f.fieldType === 4) {
        if (typeof value !== 'number' || !Number.isFinite(value)) return false;
        if (f.min !== undefined && value < f.min) return false;
        if (f.max !== undefined && value > f.max) return false;
      }
      if (f.regExp !== undefined && f.regExp !== '') return matchesFieldPattern(f.regExp, String(value));
      return true;
    }
    case 5:
      return isValidDate(value);
    default:
      return true;
  }
}

/**
 * The first message for a field, or null: hidden fields are not validated; a required empty value
 * gives '{label}不能为空'; a non-empty invalid value gives '{label}数值异常'.
 */
export function validateField(f: FieldDef, value: FieldValue | undefined, state?: FieldState, ctx?: EvalContext): string | null {
  if (state && !state.visible) return null;
  const required = state ? state.required : f.required === 1;
  if (isEmptyValue(value)) return required ? (state?.requiredMessage ?? emptyMessage(f)) : null;
  return isValidValue(f, value as FieldValue, state, ctx) ? dateBoundsMessage(f, value as FieldValue, ctx) : invalidMessage(f);
}
