import type { FieldDef, FieldValue } from '../types';

/** Empty as the spec's validators see it: null, undefined, blank text, an empty list. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (typeof v === 'number') return Number.isNaN(v);
  if (Array.isArray(v)) return v.length === 0;
  return false;
}

const DICT_LIST_TYPES = new Set([7, 8]);

/**
 * Brings a raw value (from a wire row, a draft, a widget) to the runtime's type for the field:
 * numbers for type 4, code lists for 7 and 8 (the wire joins them with commas), strings otherwise.
 * Anything that cannot be converted is kept as given so validation can report it.
 */
export function normaliseValue(field: FieldDef, raw: unknown): FieldValue {
  if (raw === undefined || raw === null) return null;
  if (DICT_LIST_TYPES.has(field.fieldType)) {
    if (Array.isArray(raw)) return raw.map((x) => String(x)).filter((x) => x !== '');
    if (typeof raw === 'string')
      return raw.trim() === ''
        ? []
        : raw
            .split(',')
            .map((x) => x.trim())
            .filter((x) => x !== '');
    if (typeof raw === 'number') return [String(raw)];
    return null;
  }
  if (field.fieldType === 4) {
    if (typeof raw === 'number') return raw;
    if (typeof raw === 'string') {
      const t = raw.trim();
      if (t === '') return null;
      const n = Number(t);
      return Number.isFinite(n) ? n : t;
    }
    return null;
  }
  if (typeof raw === 'number') return String(raw);
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map((x) => String(x)).join(',');
  return null;
}

/** Structural equality for field values (lists compared element-wise). */
export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  const ea = isEmptyValue(a);
  const eb = isEmptyValue(b);
  if (ea || eb) return ea && eb;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  if (typeof a === 'number' && typeof b === 'number') return a === b || (Number.isNaN(a) && Number.isNaN(b));
  return a === b;
}
