import { isEmptyValue, type FieldDef, type FieldValue, type FormDocument } from '../../engine';
import { fieldText, type DictionaryLabels } from '../../form-runtime';

/** One row of the history panel (spec 001 §3 history item: name, prop, row = required mark, value). */
export interface HistoryItem {
  prop: string;
  name: string;
  required: boolean;
  value: unknown;
  /** What the user reads: dictionary labels instead of codes, units after numbers. */
  text: string;
}

const DICTIONARY_TYPES = new Set([1, 2, 7, 8]);

/** Fields the form computes (calc rules) are recomputed from the imported inputs, never copied. */
function computedProps(doc: FormDocument): Set<string> {
  const out = new Set<string>();
  for (const f of doc.fields) if (f.reckons?.some((r) => (r.kind ?? 'calc') === 'calc')) out.add(f.fieldProp);
  return out;
}

/**
 * Visit-specific facts are not carried over from one visit to the next: the visit date, the next
 * visit date and the signature describe that visit only; the birth date comes from the archive.
 */
const VISIT_ONLY = /^(visitDate|nextVisitDate|doctorSign|birthDate)$/;

/**
 * A value as the form shows it: a code's label through `labels` (useFormLabels: the form's own
 * lists, the tenant's business dictionaries, the code maps); without it, the form's lists and the
 * code maps only (a dictionary that exists only on the server then shows its codes).
 */
export function displayText(
  doc: Pick<FormDocument, 'options'> | undefined,
  field: FieldDef,
  value: unknown,
  labels?: DictionaryLabels,
): string {
  if (DICTIONARY_TYPES.has(field.fieldType) && (field.bizCode || field.fieldUrl)) {
    const v = (Array.isArray(value) ? value.map(String) : String(value)) as FieldValue;
    return (labels ? labels(field, v) : fieldText(doc, field, v)) ?? String(value);
  }
  const text = Array.isArray(value) ? value.join('，') : String(value);
  return field.unit ? `${text} ${field.unit}` : text;
}

/** The last record's fields worth importing, in form order; empty values are not offered. */
export function historyItems(doc: FormDocument, values: Record<string, unknown>, labels?: DictionaryLabels): HistoryItem[] {
  const computed = computedProps(doc);
  return doc.fields
    .filter((f) => !f.hidden && !computed.has(f.fieldProp) && !VISIT_ONLY.test(f.fieldProp))
    .filter((f) => !isEmptyValue(values[f.fieldProp]))
    .map((f) => ({
      prop: f.fieldProp,
      name: f.fieldLabel,
      required: f.required === 1,
      value: values[f.fieldProp],
      text: displayText(doc, f, values[f.fieldProp], labels),
    }));
}

/** The import button: the checked fields' values written over the form's current values. */
export function importChecked(
  current: Record<string, unknown>,
  items: readonly HistoryItem[],
  checked: ReadonlySet<string>,
): Record<string, unknown> {
  const next = { ...current };
  for (const item of items) {
    if (!checked.has(item.prop)) continue;
    // Arrays are copied so later edits in the form never reach back into the old record.
    next[item.prop] = Array.isArray(item.value) ? [...(item.value as unknown[])] : item.value;
  }
  return next;
}

/** The record the panel shows: the newest saved record other than the one being edited. */
export function lastRecordFor<T extends { id: string }>(newestFirst: readonly T[], openId: string | undefined): T | undefined {
  if (openId === undefined) return newestFirst[0];
  const index = newestFirst.findIndex((r) => r.id === openId);
  // An opened record's "last record" is the one before it in time (the next in newest-first order).
  return index === -1 ? newestFirst[0] : newestFirst[index + 1];
}
