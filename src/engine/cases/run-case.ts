// The analysts' rule cases (rules/<formCode>.cases.json, meta-schema cases-file.schema.json) run
// against a compiled form. Each case gives values (a saved record's values: no defaults are filled)
// and a clock; every expectation it states is compared, and a failure names the rule or field, what
// was expected and what came out. The hosts bring the files: `npm run rules:test`
// (scripts/forms/run-cases.ts) and the designer's case panel (features/form-designer/case-runner.ts).
import type { Codemaps } from '../codemaps/codemaps';
import type { CompiledForm } from '../compile/compiled-form';
import { formDictionaryLookup } from '../document/option-lists';
import { evaluate } from '../runtime/evaluate';
import type { FormValues } from '../types';
import { validateEvaluation } from '../validation/submit';
import { jsonEqual } from './json-equal';

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

/** The cases-file format (cases-file.schema.json), kept beside the document. */
export interface CasesFile {
  $schema?: string;
  formCode: string;
  now?: string;
  cases: RuleCase[];
}

export interface CaseFailure {
  /** The rule id or field the expectation concerns. */
  subject: string;
  expected: unknown;
  actual: unknown;
}

export interface CaseResult {
  name: string;
  failures: CaseFailure[];
}

/** Used when neither the file nor the case sets a clock, so results never depend on the day. */
export const DEFAULT_CASE_NOW = '2024-01-01T09:00:00';

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

function fieldFlags(
  form: CompiledForm,
  list: string[] | undefined,
  actual: (field: string) => boolean | undefined,
  label: string,
  out: CaseFailure[],
) {
  for (const field of list ?? []) {
    const got = actual(field);
    if (got === undefined) out.push({ subject: `${label} ${field}`, expected: '已知字段', actual: `表单 ${form.formCode} 没有此字段` });
    else if (!got) out.push({ subject: `${label} ${field}`, expected: true, actual: false });
  }
}

/**
 * One case against a compiled form. Dictionaries as on a server with none of its own: the form's
 * own option lists, then the code maps given (the engine's order, formDictionaryLookup).
 */
export function runCase(
  form: CompiledForm,
  c: RuleCase,
  codemaps: Pick<Codemaps, 'withFallback'> | undefined,
  fileNow?: string,
): CaseFailure[] {
  const now = new Date(c.now ?? fileNow ?? DEFAULT_CASE_NOW);
  const ctx = { now, lookupDictionary: formDictionaryLookup(form.document, undefined, codemaps) };
  const ev = evaluate(form, c.given, ctx);
  const exp = c.expect ?? {};
  const out: CaseFailure[] = [];

  for (const [field, want] of Object.entries(exp.values ?? {})) {
    const got = ev.values[field] ?? null;
    if (!jsonEqual(got, want)) {
      const because = ev.explain[field];
      out.push({
        subject: because?.ruleId ? `${field} (规则 ${because.ruleId}, 输入 ${show(because.inputs)})` : field,
        expected: want,
        actual: got,
      });
    }
  }
  if (exp.messages) {
    const fired = ev.messages.map((m) => m.ruleId).sort();
    const want = [...exp.messages].sort();
    if (!jsonEqual(fired, want))
      out.push({ subject: 'messages', expected: want, actual: ev.messages.map((m) => `${m.ruleId}: ${m.message} ${show(m.inputs)}`) });
  }
  const state = (field: string) => ev.fields[field];
  fieldFlags(form, exp.hidden, (f) => (state(f) ? !state(f)?.visible : undefined), 'hidden', out);
  fieldFlags(form, exp.visible, (f) => state(f)?.visible, 'visible', out);
  fieldFlags(form, exp.required, (f) => state(f)?.required, 'required', out);
  fieldFlags(form, exp.notRequired, (f) => (state(f) ? !state(f)?.required : undefined), 'notRequired', out);
  if (exp.progress !== undefined && exp.progress !== ev.progress)
    out.push({ subject: 'progress', expected: exp.progress, actual: ev.progress });

  if (exp.fieldErrors !== undefined || exp.submit !== undefined) {
    const submit = validateEvaluation(form, ev, ctx);
    if (exp.submit !== undefined && exp.submit !== submit.stage)
      out.push({ subject: 'submit', expected: exp.submit, actual: `${submit.stage} (${submit.message ?? ''})` });
    if (exp.fieldErrors !== undefined && !jsonEqual(submit.fieldErrors, exp.fieldErrors))
      out.push({ subject: 'fieldErrors', expected: exp.fieldErrors, actual: submit.fieldErrors });
  }
  return out;
}

/** Every case of a file, with the file's clock for the cases that set none. */
export function runCases(form: CompiledForm, file: CasesFile, codemaps?: Pick<Codemaps, 'withFallback'>): CaseResult[] {
  return file.cases.map((c) => ({ name: c.name, failures: runCase(form, c, codemaps, file.now) }));
}
