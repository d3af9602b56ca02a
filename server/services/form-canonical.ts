import crypto from 'node:crypto';
import type { FormDocument } from '../../src/engine';

/** JSON with object keys sorted at every level and undefined dropped: equal documents give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * What makes two documents "the same form": everything but the version number (given at publish)
 * and `$schema` (a path relative to the file it came from).
 */
export function contentHash(doc: FormDocument): string {
  const { version: _version, $schema: _schema, ...content } = doc;
  return crypto.createHash('sha256').update(canonicalJson(content)).digest('hex');
}
