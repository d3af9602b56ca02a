// form/import: the analysts' files (schemas/<code>.json, optional rules/<code>.rules.json,
// rules/<code>.cases.json and rules/<code>.dicts.json) → a working copy, created or updated, not
// published. The files are read by the engine (readFormFileTexts: JSON with positions, meta-schemas,
// rules merged as the scripts merge them); a refusal names file, line and property of every
// problem. A push from forms:push names the version it pulled (form-push-base.ts). The answer
// reports what was read and what a publish would say (form-import-report.ts).
import type { Kysely } from 'kysely';
import { readFormFileTexts, type FormFileText } from '../../../src/engine';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Refusal } from '../../domain/errors';
import { findForm, findFormByCode, type FormRowDb } from '../repositories/forms';
import { carriedOf } from './carried-dictionaries';
import { importReport, type ImportReport } from './form-import-report';
import { checkPushBase, goneForm, type PushBase } from './form-push-base';
import { refuseOversized, saveWorkingCopy } from './form-save';

export interface ImportInput {
  files: FormFileText[];
  /** The form to update (its code must match the files'); absent: a new form (or, with baseVersion, the form of the files' code). */
  id?: string | undefined;
  rowVersion?: number | undefined;
  /** forms:push: the version pulled (0: none, a new form); with it the row is held at the version it has. */
  baseVersion?: number | undefined;
  /** forms:push --overwrite-draft: replace a working copy with unpublished changes. */
  overwriteDraft?: boolean | undefined;
}

export interface ImportOutcome {
  form: FormRowDb;
  /** True when the import made the form. */
  created: boolean;
  report: ImportReport;
}

export async function importForm(
  db: Kysely<Database>,
  tenantId: string,
  input: ImportInput,
  actor: Actor,
  now: Date,
): Promise<ImportOutcome> {
  for (const f of input.files) refuseOversized(f.name, Buffer.byteLength(f.text));
  const read = readFormFileTexts(input.files);
  if (!read.ok) throw new Refusal(`表单文件有误: ${read.problems.map((p) => p.text).join('；')}`, { problems: read.problems });
  const doc = read.document;
  refuseOversized(`表单 ${doc.formCode}`, 0, doc.fields.length);
  const carried = read.dictionaries && carriedOf(read.dictionaries.dictionaries);
  let target: Pick<ImportInput, 'id' | 'rowVersion'> & { check?: (trx: Kysely<Database>, form: FormRowDb) => Promise<void> } = input;
  if (input.baseVersion !== undefined) {
    const base: PushBase = { baseVersion: input.baseVersion, overwriteDraft: input.overwriteDraft === true };
    const existing = input.id ? await findForm(db, tenantId, input.id) : await findFormByCode(db, tenantId, doc.formCode);
    if (!existing && base.baseVersion > 0) throw goneForm(doc.formCode, base.baseVersion);
    target = existing ? { id: existing.id, check: (trx, form) => checkPushBase(trx, tenantId, form, base) } : {};
  }
  const form = await saveWorkingCopy(
    db,
    tenantId,
    {
      ...target,
      document: doc,
      ...(read.cases && { cases: read.cases }),
      // A dictionaries file replaces what the working copy carried; without one, it is kept (as cases are).
      ...(read.dictionaries && { dictionaries: carried ?? null }),
    },
    actor,
    now,
  );
  return { form, created: !target.id, report: await importReport(db, tenantId, doc, read.cases?.cases.length ?? 0, carried) };
}
