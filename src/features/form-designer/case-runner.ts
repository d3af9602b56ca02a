// The analysts' rule cases (rules/<code>.cases.json, meta-schema cases-file.schema.json) run in the
// browser with the engine calls `npm run rules:test` makes (scripts/forms/run-cases.ts: evaluate,
// then validateEvaluation for the submit stage and field errors), without its file IO.
import {
  compileDocument,
  evaluate,
  formDictionaryLookup,
  parseJsonText,
  schemaIssueText,
  validateCasesFile,
  validateEvaluation,
  type Codemaps,
  type CompiledForm,
  type Evaluation,
  type FieldValue,
  type FormDocument,
  type FormValues,
} from '../../engine';

export interface CaseExpectation {
  values?: Record<string, unknown>;
  messages?: string[];
  hidden?: string[];
  visible?: string[];
  required?: string[];
  notRequired?: string[];
  fieldErrors?: Record<string, string>;
  progress?: number;
  submit?: 'fields' | 'errors' | 'anomalies' | 'ok';
}

export interface RuleCase {
  name: string;
  now?: string;
  given: FormValues;
  expect?: CaseExpectation;
}

export interface CasesFile {
  $schema?: string;
  formCode: string;
  now?: string;
  cases: RuleCase[];
}

export interface CaseFailure {
  subject: string;
  expected: unknown;
  actual: unknown;
}

export interface CaseResult {
  name: string;
  failures: CaseFailure[];
}

/** As the analysts' runner: results never depend on the day the case is run. */
export const DEFAULT_CASE_NOW = '2024-01-01T09:00:00';

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/** Structural equality of JSON-like values (node's isDeepStrictEqual for what cases hold). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function fieldFlags(form: CompiledForm, list: string[] | undefined, actual: (field: string) => boolean | undefined, label: string, out: CaseFailure[]) {
  for (const field of list ?? []) {
    const got = actual(field);
    if (got === undefined) out.push({ subject: `${label} ${field}`, expected: '已知字段', actual: `表单 ${form.formCode} 没有此字段` });
    else if (!got) out.push({ subject: `${label} ${field}`, expected: true, actual: false });
  }
}

export function runCase(form: CompiledForm, c: RuleCase, codemaps: Pick<Codemaps, 'withFallback'> | undefined, fileNow?: string): CaseFailure[] {
  const now = new Date(c.now ?? fileNow ?? DEFAULT_CASE_NOW);
  const ctx = { now, lookupDictionary: formDictionaryLookup(form.document, undefined, codemaps) };
  const ev = evaluate(form, c.given, ctx);
  const exp = c.expect ?? {};
  const out: CaseFailure[] = [];

  for (const [field, want] of Object.entries(exp.values ?? {})) {
    const got = ev.values[field] ?? null;
    if (!deepEqual(got, want)) {
      const because = ev.explain[field];
      out.push({ subject: because?.ruleId ? `${field} (规则 ${because.ruleId}, 输入 ${show(because.inputs)})` : field, expected: want, actual: got });
    }
  }
  if (exp.messages) {
    const fired = ev.messages.map((m) => m.ruleId).sort();
    const want = [...exp.messages].sort();
    if (!deepEqual(fired, want)) out.push({ subject: 'messages', expected: want, actual: ev.messages.map((m) => `${m.ruleId}: ${m.message} ${show(m.inputs)}`) });
  }
  const state = (field: string) => ev.fields[field];
  fieldFlags(form, exp.hidden, (f) => (state(f) ? !state(f)?.visible : undefined), 'hidden', out);
  fieldFlags(form, exp.visible, (f) => state(f)?.visible, 'visible', out);
  fieldFlags(form, exp.required, (f) => state(f)?.required, 'required', out);
  fieldFlags(form, exp.notRequired, (f) => (state(f) ? !state(f)?.required : undefined), 'notRequired', out);
  if (exp.progress !== undefined && exp.progress !== ev.progress) out.push({ subject: 'progress', expected: exp.progress, actual: ev.progress });

  if (exp.fieldErrors !== undefined || exp.submit !== undefined) {
    const submit = validateEvaluation(form, ev, ctx);
    if (exp.submit !== undefined && exp.submit !== submit.stage) out.push({ subject: 'submit', expected: exp.submit, actual: `${submit.stage} (${submit.message ?? ''})` });
    if (exp.fieldErrors !== undefined && !deepEqual(submit.fieldErrors, exp.fieldErrors)) out.push({ subject: 'fieldErrors', expected: exp.fieldErrors, actual: submit.fieldErrors });
  }
  return out;
}

export type ParsedCases = { ok: true; file: CasesFile } | { ok: false; problems: string[] };

/** The editor's text as a cases file: JSON (the line of a syntax error), then the meta-schema. */
export function parseCases(text: string, formCode: string): ParsedCases {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return { ok: false, problems: [`第${parsed.position.line}行第${parsed.position.column}列: JSON 格式不正确：${parsed.message}`] };
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
  if (!compiled.form) return { ok: false, problems: compiled.errors.filter((e) => e.severity === 'error').map((e) => `${e.ruleId ? `规则 ${e.ruleId}: ` : ''}${e.message}`) };
  const form = compiled.form;
  return { ok: true, results: file.cases.map((c) => ({ name: c.name, failures: runCase(form, c, codemaps, file.now) })) };
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
