/**
 * Department, role and team ids arrive comma-joined when a user holds several (spec §3).
 * A single value is one non-empty id without a comma.
 */
export function isSingleId(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '' && !value.includes(',');
}

export function isMultiId(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.includes(',');
}
