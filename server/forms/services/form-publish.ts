// Publishing: the working copy must pass the meta-schema and compile; then it becomes the next
// immutable version. Refusals carry the engine's own messages (rule, field, expression, reason).
import type { Kysely } from 'kysely';
import {
  compileDocument,
  formatCompileError,
  schemaIssueText,
  validateDocument,
  wireRowsToDocument,
  type CompiledForm,
  type FormDocument,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { Conflict, Refusal } from '../../domain/errors';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { insertVersion, latestVersion, type FormVersionDb } from '../repositories/form-versions';
import type { Actor } from '../../domain/actor';
import { replaceFormContent, updateForm, workingRows, type FormRowDb } from '../repositories/forms';
import { contentHash } from './form-canonical';

/** The problems that stop a document from being published, as the engine words them ([] when none). */
export function documentProblems(doc: FormDocument): string[] {
  const schema = validateDocument(doc);
  if (!schema.ok) return schema.issues.map(schemaIssueText);
  return compileDocument(doc)
    .errors.filter((e) => e.severity === 'error')
    .map(formatCompileError);
}

/**
 * The document compiled, after the checks a publish makes (meta-schema, compile errors), each done
 * once; a refusal lists the engine's messages as publish does.
 */
export function compileForPublish(doc: FormDocument): CompiledForm {
  const schema = validateDocument(doc);
  if (!schema.ok) refuseProblems(schema.issues.map(schemaIssueText));
  const result = compileDocument(doc);
  refuseProblems(result.errors.filter((e) => e.severity === 'error').map(formatCompileError));
  return result.form as CompiledForm;
}

/** The working copy as a document, or a 400 naming what does not fit together (a rule of a missing field…). */
export async function loadWorkingDocument(db: Kysely<Database>, tenantId: string, form: FormRowDb): Promise<FormDocument> {
  const rows = await workingRows(db, tenantId, form);
  try {
    return wireRowsToDocument(rows);
  } catch (e) {
    throw new Refusal(e instanceof Error ? e.message : String(e));
  }
}

/** Throws a 400 listing the problems, the first one in front: the client shows msg as the warning. */
export function refuseProblems(problems: string[]): void {
  if (problems.length) throw new Refusal(`表单未通过校验, 不能发布: ${problems.join('；')}`);
}

export interface PublishOutcome {
  version: FormVersionDb;
  /** False when the working copy equals the latest version (nothing new was written). */
  created: boolean;
}

/** The change note given at publish: trimmed, blank as none (the route allows ≤ 500 characters). */
export const noteOf = (note: string | undefined): string | null => (note && note.trim() !== '' ? note.trim() : null);

export async function publishForm(
  db: Kysely<Database>,
  tenantId: string,
  form: FormRowDb,
  actor: Actor,
  now: Date,
  note: string | null = null,
): Promise<PublishOutcome> {
  const doc = await loadWorkingDocument(db, tenantId, form);
  refuseProblems(documentProblems(doc));
  return writeVersion(db, tenantId, doc, { source: 'publish', note, cases: form.cases }, actor, now, async (trx, version, created) => {
    if (created) await updateForm(trx, tenantId, form.id, { version: version.version }, actor, now);
  });
}

/**
 * Rollback: an older version's document published again as a new version, after the same checks
 * as a publish (the engine may have grown stricter since). The working copy is replaced by it, so
 * the designer shows what is live; the old version's cases come back with it.
 */
export async function rollbackForm(
  db: Kysely<Database>,
  tenantId: string,
  form: FormRowDb,
  target: FormVersionDb,
  actor: Actor,
  now: Date,
  note: string | null,
): Promise<PublishOutcome> {
  const doc = target.document;
  refuseProblems(documentProblems(doc));
  const said = `回退到版本 ${target.version}${note ? `：${note}` : ''}`;
  return writeVersion(db, tenantId, doc, { source: 'rollback', note: said, cases: target.cases }, actor, now, async (trx, version) => {
    await replaceFormContent(trx, tenantId, form, doc, actor, now);
    await updateForm(trx, tenantId, form.id, { version: version.version, cases: target.cases ?? null }, actor, now);
  });
}

/**
 * Writes the next version unless the latest one has the same content; `after` runs in the same
 * transaction with the version now current (new or not).
 */
async function writeVersion(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  meta: { source: 'publish' | 'rollback'; note: string | null; cases: unknown },
  actor: Actor,
  now: Date,
  after: (trx: Kysely<Database>, version: FormVersionDb, created: boolean) => Promise<void>,
): Promise<PublishOutcome> {
  const hash = contentHash(doc);
  try {
    return await inTransaction(db, async (trx) => {
      const latest = await latestVersion(trx, tenantId, doc.formCode);
      const unchanged = latest && latest.content_hash === hash ? latest : undefined;
      const version =
        unchanged ??
        (await insertVersion(
          trx,
          tenantId,
          doc,
          { contentHash: hash, source: meta.source, bundleHash: null, note: meta.note, cases: meta.cases },
          actor,
          now,
        ));
      await after(trx, version, !unchanged);
      return { version, created: !unchanged };
    });
  } catch (e) {
    // Another publish of the same form took the number first (unique key): say so instead of a 500.
    if (e instanceof Error && /unique|duplicate/i.test(e.message)) throw new Conflict('该表单正在被他人发布，请稍后重试');
    throw e;
  }
}
