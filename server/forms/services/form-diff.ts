// form/diff: the engine's readable diff between two versions of a form, or a version and the
// working copy.
import type { Kysely } from 'kysely';
import { diffDocuments, type DocumentChange, type FormDocument } from '../../../src/engine';
import type { Database } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import { findVersion } from '../repositories/form-versions';
import { findFormByCode } from '../repositories/forms';
import { loadWorkingDocument } from './form-publish';

/** A version number, or the working copy. */
export type DocumentRef = number | 'working';

async function documentAt(db: Kysely<Database>, tenantId: string, formCode: string, ref: DocumentRef): Promise<FormDocument> {
  if (ref === 'working') {
    const form = await findFormByCode(db, tenantId, formCode);
    if (!form) throw new NotFound('表单不存在');
    return loadWorkingDocument(db, tenantId, form);
  }
  const found = await findVersion(db, tenantId, formCode, ref);
  if (!found) throw new NotFound(`表单 ${formCode} 没有版本 ${ref}`);
  return found.document;
}

export async function diffForm(
  db: Kysely<Database>,
  tenantId: string,
  formCode: string,
  from: DocumentRef,
  to: DocumentRef,
): Promise<{ from: DocumentRef; to: DocumentRef; changes: DocumentChange[] }> {
  // One after the other, so a refusal always names the first missing side.
  const before = await documentAt(db, tenantId, formCode, from);
  const after = await documentAt(db, tenantId, formCode, to);
  return { from, to, changes: diffDocuments(before, after) };
}
