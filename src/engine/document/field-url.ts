// A fieldUrl may name other fields of the form in braces — `sign-options?kind=doctor&teamId={teamId}`:
// the options then depend on what is filled there (the sign dialog's doctors are the chosen team's).
// The runtime asks the resolved url and asks again when a named field changes; until every named
// field has a value the field has no options (nothing is asked with a half-made url).
import type { FieldValue } from '../types';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The fields a fieldUrl names, in order of first mention (none for a plain url). */
export function fieldUrlParams(url: string | undefined): string[] {
  if (!url) return [];
  return [...new Set([...url.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

const filled = (v: FieldValue | undefined): v is string | number | boolean | string[] =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The url with each named field's value (url-encoded; a list comma-joined); undefined while one is empty. */
export function resolveFieldUrl(url: string, valueOf: (prop: string) => FieldValue | undefined): string | undefined {
  let missing = false;
  const resolved = url.replace(PLACEHOLDER, (_, prop: string) => {
    const v = valueOf(prop);
    if (!filled(v)) {
      missing = true;
      return '';
    }
    return encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v));
  });
  return missing ? undefined : resolved;
}
