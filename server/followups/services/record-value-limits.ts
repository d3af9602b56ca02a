// The longest value a record field may hold on the server (issue 22 §7; the lengths, shared with the
// browser's text boxes, are in src/shared/policies/value-limits.ts): a 9 MB 辅助检查 must not be
// stored and then sent back in every list.
import type { FieldDef, FormDocument } from '../../../src/engine';
import { MAX_TEXT_LENGTH } from '../../../src/shared/policies/value-limits';

export { MAX_TEXT_LENGTH };
/** Codes in one multiple-choice value (fieldType 7, 8). */
export const MAX_CHOICES = 200;
/** A value under a name the form does not have is dropped by the engine, but is still bounded. */
const UNKNOWN_FIELD_LENGTH = 2000;

export interface ValueLengthProblem {
  field: string;
  fieldLabel: string;
  message: string;
}

/** The first value longer than its field allows (the submit answers it with 400, naming the field), or null. */
export function valueLengthProblem(doc: FormDocument, values: Record<string, unknown>): ValueLengthProblem | null {
  const fields = new Map(doc.fields.map((f) => [f.fieldProp, f]));
  for (const [prop, value] of Object.entries(values)) {
    const field = fields.get(prop);
    const problem = lengthProblem(field, value);
    const fieldLabel = field?.fieldLabel ?? prop;
    if (problem) return { field: prop, fieldLabel, message: `${fieldLabel}${problem}` };
  }
  return null;
}

function lengthProblem(field: FieldDef | undefined, value: unknown): string | null {
  const max = field ? (field.maxLength ?? MAX_TEXT_LENGTH[field.fieldType] ?? UNKNOWN_FIELD_LENGTH) : UNKNOWN_FIELD_LENGTH;
  if (typeof value === 'string') return value.length > max ? `不能超过${max}个字符（现有${value.length}个）` : null;
  if (Array.isArray(value)) {
    if (value.length > MAX_CHOICES) return `最多选择${MAX_CHOICES}项`;
    return value.some((item) => typeof item === 'string' && item.length > max) ? `的选项编码不能超过${max}个字符` : null;
  }
  if (value !== null && typeof value === 'object') return '的值格式不正确';
  return null;
}
