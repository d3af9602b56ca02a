// The analysts' rule cases (rules/<code>.cases.json, meta-schema cases-file.schema.json) run in the
// browser with the engine's case runner, as `npm run rules:test` runs them (src/engine/cases). Here
// only the designer's part: the edited JSON text checked, the working document compiled, a case
// built from the preview.
import {
  compileDocument,
  DEFAULT_CASE_NOW,
  parseJsonText,
  runCases as runCompiledCases,
  schemaIssueText,
  validateCasesFile,
  type CaseResult,
  type CasesFile,
  type Codemaps,
  type Evaluation,
  type FieldValue,
  type FormDocument,
  type FormValues,
  type RuleCase,
} from '../../engine';

export type { CaseFailure, CasesFile } from '../../engine';

export type ParsedCases = { ok: true; file: CasesFile } | { ok: false; problems: string[] };

/** The editor's text as a cases file: JSON (the line of a syntax error), then the meta-schema. */
export function parseCases(text: string, formCode: string): ParsedCases {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    return { ok: false, problems: [`第${parsed.position.line}行第${parsed.position.column}列: JSON 格式不正确：${parsed.message}`] };
  const checked = validateCasesFile(parsed.value);
  if (!checked.ok) return { ok: false, problems: checked.issues.map((i) => `第${parsed.positionOf(i.path).line}行 ${schemaIssueText(i)}`) };
  const file = parsed.value as CasesFile;
  if (file.formCode !== formCode) return { ok: false, problems: [`用例文件的 formCode 是 ${file.formCode}, 当前表单是 ${formCode}`] };
  return { ok: true, file };
}

export type CasesRun = { ok: true; results: CaseResult[] } | { ok: false; problems: string[] };

/** Compiles the working document and runs every case; a form that does not compile runs none. */
export function runCases(doc: FormDocument, file: CasesFile, codemaps?: Pick<Codemaps, 'withFallback'>): CasesRun {
  const compiled = compileDocument(doc);
  if (!compiled.form)
    return {
      ok: false,
      problems: compiled.errors.filter((e) => e.severity === 'error').map((e) => `${e.ruleId ? `规则 ${e.ruleId}: ` : ''}${e.message}`),
    };
  return { ok: true, results: runCompiledCases(compiled.form, file, codemaps) };
}

export const emptyCasesFile = (formCode: string): CasesFile => ({ formCode, now: DEFAULT_CASE_NOW, cases: [] });

/**
 * A case from what the preview shows: the inputs as given, and as expected what the rules made of
 * them (calculated values, fired messages, hidden fields, progress) — a regression test of now.
 */
export function caseFromPreview(name: string, inputs: Record<string, FieldValue>, ev: Evaluation, calculated: readonly string[]): RuleCase {
  const given: FormValues = {};
  for (const [k, v] of Object.entries(inputs)) if (v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) given[k] = v;
  const values: Record<string, unknown> = {};
  for (const f of calculated) values[f] = ev.values[f] ?? null;
  const hidden = Object.entries(ev.fields)
    .filter(([, s]) => !s.visible)
    .map(([f]) => f);
  return {
    name,
    given,
    expect: {
      ...(calculated.length ? { values } : {}),
      messages: ev.messages.map((m) => m.ruleId),
      ...(hidden.length ? { hidden } : {}),
      progress: ev.progress,
    },
  };
}
