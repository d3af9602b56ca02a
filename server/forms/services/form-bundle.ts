// The bundled forms: schemas/<formCode>.json merged with rules/<formCode>.rules.json, imported into
// every tenant's registry at start. Server code may not import scripts/, so this is the server's own
// small reader (scripts/forms/form-files.ts is the analysts' checker, which also reports problems).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import {
  compileDocument,
  formatCompileError,
  mergeRules,
  validateDocument,
  validateRulesFile,
  type FormDocument,
} from '../../../src/engine';
import type { Database } from '../../db/schema';
import { inTransaction } from '../../platform/repositories/form-transaction';
import { insertVersion, lastBundledContentHash, latestVersion } from '../repositories/form-versions';
import { allTenantIds } from '../../auth/index';
import type { Actor } from '../../domain/actor';
import { findFormByCode, insertForm, replaceFormContent, updateForm, workingDocument } from '../repositories/forms';
import { contentHash } from './form-canonical';

export interface BundledForm {
  formCode: string;
  file: string;
  document: FormDocument;
  hash: string;
}

export interface BundleReport {
  forms: BundledForm[];
  /** Files that were not imported, with why (the server still starts). */
  skipped: { file: string; reason: string }[];
}

/** The project root (schemas/ and rules/ live there); FORMS_DIR overrides it for a deployed build. */
export function defaultFormsRoot(): string {
  return process.env.FORMS_DIR ?? fileURLToPath(new URL('../../..', import.meta.url));
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

export function readBundledForms(root: string): BundleReport {
  const report: BundleReport = { forms: [], skipped: [] };
  const dir = path.join(root, 'schemas');
  if (!existsSync(dir)) return report;
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = `schemas/${name}`;
    try {
      report.forms.push(readBundledForm(root, name));
    } catch (e) {
      report.skipped.push({ file, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  return report;
}

/** One bundled form, `schemas/<name>` merged with its rules file and compiled; throws why it cannot be used. */
export function readBundledForm(root: string, name: string): BundledForm {
  const file = `schemas/${name}`;
  const parsed = validateDocument(readJson(path.join(root, 'schemas', name)));
  if (!parsed.ok) throw new Error(parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; '));
  let doc = parsed.value;
  const rulesPath = path.join(root, 'rules', `${doc.formCode}.rules.json`);
  if (existsSync(rulesPath)) {
    const rules = validateRulesFile(readJson(rulesPath));
    if (!rules.ok) throw new Error(`rules/${doc.formCode}.rules.json: ${rules.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    doc = mergeRules(doc, rules.value);
  }
  const compiled = compileDocument(doc, { file });
  const errors = compiled.errors.filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map(formatCompileError).join('; '));
  return { formCode: doc.formCode, file, document: doc, hash: contentHash(doc) };
}

/** The app's own dialogs' forms (placement kind dialog) are checked from the files, never edited in a tenant's registry. */
export const isDialogForm = (doc: FormDocument): boolean => doc.placement?.kind === 'dialog';

const IMPORTER: Actor = { userId: '0', userName: '内置表单导入' };

export interface ImportResult {
  /** tenant → formCode → version written this time. */
  created: { tenantId: string; formCode: string; version: number }[];
  skipped: BundleReport['skipped'];
}

/**
 * Imports the bundled forms into every tenant. A form gets a new version when the files differ
 * from the last version imported from files (and from the latest version, whatever its source);
 * a stored version is never rewritten. So a restart with unchanged files writes nothing, and an
 * administrator's later publish is not undone by a restart.
 */
export async function importBundledForms(db: Kysely<Database>, root: string, now: Date): Promise<ImportResult> {
  const bundle = readBundledForms(root);
  const tenants = await allTenantIds(db);
  const created: ImportResult['created'] = [];
  for (const tenantId of tenants) {
    for (const form of bundle.forms.filter((f) => !isDialogForm(f.document))) {
      const version = await inTransaction(db, (trx) => importOne(trx, tenantId, form, now));
      if (version !== undefined) created.push({ tenantId, formCode: form.formCode, version });
    }
  }
  return { created, skipped: bundle.skipped };
}

async function importOne(db: Kysely<Database>, tenantId: string, form: BundledForm, now: Date): Promise<number | undefined> {
  const latest = await latestVersion(db, tenantId, form.formCode);
  const lastBundled = await lastBundledContentHash(db, tenantId, form.formCode);
  if (lastBundled === form.hash || latest?.content_hash === form.hash) return undefined;
  const working = await findFormByCode(db, tenantId, form.formCode);
  // The working copy follows the new version only when it holds no unpublished edits.
  const workingClean = !working || !latest || contentHash(await workingDocument(db, tenantId, working)) === latest.content_hash;
  const stored = await insertVersion(
    db,
    tenantId,
    form.document,
    { contentHash: form.hash, source: 'bundled', bundleHash: form.hash },
    IMPORTER,
    now,
  );
  if (!working) {
    const row = await insertForm(
      db,
      tenantId,
      { formCode: form.formCode, formName: form.document.formName, remark: null, ext: null, version: stored.version },
      IMPORTER,
      now,
    );
    await replaceFormContent(db, tenantId, row, stored.document, IMPORTER, now);
  } else {
    if (workingClean) await replaceFormContent(db, tenantId, working, stored.document, IMPORTER, now);
    await updateForm(db, tenantId, working.id, { version: stored.version }, IMPORTER, now);
  }
  return stored.version;
}
