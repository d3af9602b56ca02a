import crypto from 'node:crypto';
import { canonicalJson, type FormDocument } from '../../../src/engine';

/**
 * What makes two documents "the same form": everything but the version number (given at publish)
 * and `$schema` (a path relative to the file it came from).
 */
export function contentHash(doc: FormDocument): string {
  const { version: _version, $schema: _schema, ...content } = doc;
  return crypto.createHash('sha256').update(canonicalJson(content)).digest('hex');
}
