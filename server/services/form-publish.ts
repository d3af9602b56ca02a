// Publishing: the working copy must pass the meta-schema and compile; then it becomes the next
// immutable version. Refusals carry the engine's own messages (rule, field, expression, reason).
import type { Kysely } from 'kysely';
import { compileDocument, formatCompileError, validateDocument, wireRowsToDocument, type FormDocument } from '../../src/engine';
import type { DatabaseKind } from '../db/open';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../http/envelope';
import { inTransaction } from '../repositories/form-transaction';
import { insertVersion, latestVersion, type FormVersionDb } from '../repositories/form-versions';
import { updateForm, workingRows, type Actor, type FormRowDb } from '../repositories/forms';
import { contentHash } from './form-canonical';

/** The problems that stop a document from being published, as the engine words them ([] when none). */
export function documentProblems(doc: FormDocument): string[] {
  const schema = validateDocument(doc);
  if (!schema.ok) return schema.issues.map((i) => `${i.path || '/'}: ${i.message}`);
  return compileDocument(doc)
    .errors.filter((e) => e.severity === 'error')
    .map(formatCompileError);
}

/** The working copy as a document, or a 400 naming what does not fit together (a rule of a missing field…). */
export async function loadWorkingDocument(db: Kysely<Database>, tenantId: string, form: FormRowDb): Promise<FormDocument> {
  const rows = await workingRows(db, tenantId, form);
  try {
    return wireRowsToDocument(rows);
  } catch (e) {
    throw badRequest(e instanceof Error ? e.message : String(e));
  }
}

/** Throws a 400 listing the problems, the first one in front: the client shows msg as the warning. */
export function refuseProblems(problems: string[]): void {
  if (problems.length) throw badRequest(`表单未通过校验, 不能发布: ${problems.join('；')}`);
}

export interface PublishOutcome {
  version: FormVersionDb;
  /** False when the working copy equals the latest version (nothing new was written). */
  created: boolean;
}

export async function publishForm(db: Kysely<Database>, kind: DatabaseKind, tenantId: string, form: FormRowDb, actor: Actor, now: Date): Promise<PublishOutcome> {
  const doc = await loadWorkingDocument(db, tenantId, form);
  refuseProblems(documentProblems(doc));
  const hash = contentHash(doc);
  try {
    return await inTransaction(db, kind, async (trx) => {
      const latest = await latestVersion(trx, tenantId, form.form_code);
      if (latest && latest.content_hash === hash) return { version: latest, created: false };
      const version = await insertVersion(trx, tenantId, doc, { contentHash: hash, source: 'publish', bundleHash: null }, actor, now);
      await updateForm(trx, tenantId, form.id, { version: version.version }, actor, now);
      return { version, created: true };
    });
  } catch (e) {
    // Another publish of the same form took the number first (unique key): say so instead of a 500.
    if (e instanceof Error && /unique|duplicate/i.test(e.message)) throw new ApiError(409, '该表单正在被他人发布，请稍后重试');
    throw e;
  }
}
