// form/import: the analysts' files (schemas/<code>.json, optional rules/<code>.rules.json and
// rules/<code>.cases.json) → a working copy, created or updated, not published. The files are read
// by the engine (readFormFileTexts: JSON with positions, meta-schemas, rules merged as the scripts
// merge them); a refusal names file, line and property of every problem.
import type { Kysely } from 'kysely';
import { readFormFileTexts, type FormFileText } from '../../../src/engine';
import type { Database } from '../../db/schema';
import type { Actor } from '../../domain/actor';
import { Refusal } from '../../domain/errors';
import type { FormRowDb } from '../repositories/forms';
import { refuseOversized, saveWorkingCopy } from './form-save';

export interface ImportInput {
  files: FormFileText[];
  /** The form to update (its code must match the files'); absent: a new form. */
  id?: string | undefined;
  rowVersion?: number | undefined;
}

export interface ImportOutcome {
  form: FormRowDb;
  fields: number;
  rules: number;
  cases: number;
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
  const form = await saveWorkingCopy(
    db,
    tenantId,
    { id: input.id, document: doc, rowVersion: input.rowVersion, ...(read.cases && { cases: read.cases }) },
    actor,
    now,
  );
  return {
    form,
    fields: doc.fields.length,
    rules: doc.fields.reduce((n, f) => n + (f.reckons?.length ?? 0), 0),
    cases: read.cases?.cases.length ?? 0,
  };
}
