/**
 * Masking of ID numbers and phones in answers (issue 6): the first 3 and last 4 characters stay,
 * every character between becomes '*', so an 18-character ID reads 110***********1234 and a
 * mobile 138****5678. Shorter values (a passport number, a short landline) keep less: a value of
 * 7 or fewer characters keeps only its first and last, and 2 or fewer are starred entirely, so a
 * mask never shows the whole value.
 */
export function maskMiddle(value: string | null | undefined): string {
  const v = value ?? '';
  if (v === '') return '';
  if (v.length > 7) return `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}`;
  if (v.length > 2) return `${v[0]}${'*'.repeat(v.length - 2)}${v[v.length - 1]}`;
  return '*'.repeat(v.length);
}

/** The archive fields that are masked, as named on the wire (and in the audit table's field column). */
export const SENSITIVE_FIELDS = ['idCard', 'phone', 'contactPhone'] as const;
export type SensitiveField = (typeof SENSITIVE_FIELDS)[number];

/** Masks the sensitive fields of `record` in place and returns it (a list page masks ten fresh rows: no copies). */
export function maskSensitive<T extends Partial<Record<SensitiveField, string>>>(record: T): T {
  for (const field of SENSITIVE_FIELDS) {
    if (typeof record[field] === 'string') record[field] = maskMiddle(record[field]) as T[typeof field];
  }
  return record;
}
