// Publishing: the working copy must pass the meta-schema, compile and fit the tenant's world (every
// dictionary it names, with the dictionaries it carries laid over the tenant's); then it becomes the
// next immutable version. Refusals carry the engine's own messages (rule, field, expression, reason).
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
import { Refusal } from '../../domain/errors';
import type { FormVersionDb } from '../repositories/form-versions';
import type { Actor } from '../../domain/actor';
import { replaceFormContent, updateForm, workingRows, type FormRowDb } from '../repositories/forms';
import { carriedOf, type CarriedDictionaries } from './carried-dictionaries';
import { formWorldProblems } from './form-world';
import { writeVersion, type PublishOutcome } from './form-version-write';

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

export type { PublishOutcome } from './form-version-write';

/** The change note given at publish: trimmed, blank as none (the route allows ≤ 500 characters). */
export const noteOf = (note: string | undefined): string | null => (note && note.trim() !== '' ? note.trim() : null);

/**
 * The world check a publish makes after the compile: the tenant's dictionaries (tenant, platform,
 * code maps) for the codes the document names, with the carried ones laid over them.
 */
export async function refuseWorldProblems(
  db: Kysely<Database>,
  tenantId: string,
  doc: FormDocument,
  compiled: CompiledForm,
  carried: CarriedDictionaries | undefined,
): Promise<void> {
  refuseProblems((await formWorldProblems(db, tenantId, doc, compiled, carried)).problems.map((p) => p.message));
}

export async function publishForm(
  db: Kysely<Database>,
  tenantId: string,
  form: FormRowDb,
  actor: Actor,
  now: Date,
  note: string | null = null,
): Promise<PublishOutcome> {
  const doc = await loadWorkingDocument(db, tenantId, form);
  const compiled = compileForPublish(doc);
  const dictionaries = carriedOf(form.dictionaries);
  await refuseWorldProblems(db, tenantId, doc, compiled, dictionaries);
  const meta = { source: 'publish' as const, note, cases: form.cases, dictionaries };
  return writeVersion(db, tenantId, doc, meta, actor, now, async (trx, version, created) => {
    if (created) await updateForm(trx, tenantId, form.id, { version: version.version }, actor, now);
  });
}

/**
 * Rollback: an older version's document published again as a new version, after the same checks
 * as a publish (the engine may have grown stricter since, the tenant's dictionaries changed). The
 * working copy is replaced by it, so the designer shows what is live; the old version's cases and
 * dictionaries come back with it.
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
  const compiled = compileForPublish(doc);
  const dictionaries = carriedOf(target.dictionaries);
  await refuseWorldProblems(db, tenantId, doc, compiled, dictionaries);
  const said = `回退到版本 ${target.version}${note ? `：${note}` : ''}`;
  const meta = { source: 'rollback' as const, note: said, cases: target.cases, dictionaries };
  return writeVersion(db, tenantId, doc, meta, actor, now, async (trx, version) => {
    await replaceFormContent(trx, tenantId, form, doc, actor, now);
    const carried = { cases: target.cases ?? null, dictionaries: dictionaries ?? null };
    await updateForm(trx, tenantId, form.id, { version: version.version, ...carried }, actor, now);
  });
}
