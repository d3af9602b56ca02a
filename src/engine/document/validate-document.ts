// Validates documents, rules files, cases files and code maps against their meta-schemas, using
// validators ajv generated ahead of time (see scripts/gen-validators.ts): no code is compiled at runtime.
import type { DictsFile } from './form-world';
import * as generated from './generated/validators';
import type { FormDocument } from '../types';
import type { RulesFile } from '../compile/rules';

export interface SchemaIssue {
  /** JSON pointer into the document, e.g. '/fields/3/fieldType'. */
  path: string;
  message: string;
  /** ajv's keyword and params, for hosts that word the issue themselves (schemaIssueText). */
  keyword?: string;
  params?: Record<string, unknown>;
}

interface AjvError {
  instancePath: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}
type GeneratedValidator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const v = generated as unknown as Record<
  'validateFormDocument' | 'validateRulesFile' | 'validateCasesFile' | 'validateCodemapFile' | 'validateDictsFile',
  GeneratedValidator
>;

function run(fn: GeneratedValidator, data: unknown): SchemaIssue[] {
  if (fn(data)) return [];
  return (fn.errors ?? []).map((e) => {
    const extra = e.params?.additionalProperty ?? e.params?.allowedValues;
    return {
      path: e.instancePath || '/',
      message: `${e.message ?? 'invalid'}${extra !== undefined ? `: ${JSON.stringify(extra)}` : ''}`,
      ...(e.keyword !== undefined && { keyword: e.keyword }),
      ...(e.params !== undefined && { params: e.params }),
    };
  });
}

export type ValidationOutcome<T> = { ok: true; value: T; issues: [] } | { ok: false; issues: SchemaIssue[] };

function outcome<T>(fn: GeneratedValidator, data: unknown): ValidationOutcome<T> {
  const issues = run(fn, data);
  return issues.length === 0 ? { ok: true, value: data as T, issues: [] } : { ok: false, issues };
}

export const validateDocument = (doc: unknown): ValidationOutcome<FormDocument> => outcome(v.validateFormDocument, doc);
export const validateRulesFile = (file: unknown): ValidationOutcome<RulesFile> => outcome(v.validateRulesFile, file);
export const validateCasesFile = (file: unknown): ValidationOutcome<unknown> => outcome(v.validateCasesFile, file);
export const validateCodemapFile = (file: unknown): ValidationOutcome<unknown> => outcome(v.validateCodemapFile, file);
export const validateDictsFile = (file: unknown): ValidationOutcome<DictsFile> => outcome(v.validateDictsFile, file);
