// One text per content: the server hashes it to tell whether a document changed (form-canonical.ts),
// the designer compares its working copy with the latest version the same way.

/** JSON with object keys sorted at every level and undefined dropped: equal content gives equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  // Plain loops and one string: every follow-up submit hashes its content with this (idempotency),
  // and the entries/filter/sort/map/join chain it replaces cost five times JSON.stringify.
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      out += `${i === 0 ? '' : ','}${v === undefined ? 'null' : canonicalJson(v)}`;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `${out}}`;
}
