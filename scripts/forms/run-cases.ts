// `npm run rules:test`: runs rules/<formCode>.cases.json against the compiled form. Each case gives
// values (a saved record's values: no defaults are filled) and a clock; every expectation it states
// is compared, and a failure names the case, the rule or field, what was expected and what came out.
import { isDeepStrictEqual } from 'node:util';
import {
  evaluate,
  formDictionaryLookup,
  validateEvaluation,
  type Codemaps,
  type CompiledForm,
  type FormValues,
} from '../../src/engine';
import type { CheckedForm } from './check-forms';

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
  formCode: string;
  name: string;
  failures: CaseFailure[];
}

/** Used when neither the file nor the case sets a clock, so results never depend on the day. */
const DEFAULT_NOW = '2024-01-01T09:00:00';

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

function fieldFlags(form: CompiledForm, list: string[] | undefined, actual: (field: string) => boolean | undefined, label: string, out: CaseFailure[]) {
  for (const field of list ?? []) {
    const got = actual(field);
    if (got === undefined) out.push({ subject: `${label} ${field}`, expected: '已知字段', actual: `表单 ${form.formCode} 没有此字段` });
    else if (!got) out.push({ subject: `${label} ${field}`, expected: true, actual: false });
  }
}

/**
 * Dictionaries as on a server with none of its own: the form's own option lists, then the code
 * maps of the checked folder (the engine's order, formDictionaryLookup).
 */
export function runCase(form: CompiledForm, c: RuleCase, codemaps: Codemaps, fileNow?: string): CaseFailure[] {
  const now = new Date(c.now ?? fileNow ?? DEFAULT_NOW);
  const ctx = { now, lookupDictionary: formDictionaryLookup(form.document, undefined, codemaps) };
  const ev = evaluate(form, c.given, ctx);
  const exp = c.expect ?? {};
  const out: CaseFailure[] = [];

  for (const [field, want] of Object.entries(exp.values ?? {})) {
    const got = ev.values[field] ?? null;
    if (!isDeepStrictEqual(got, want)) {
      const because = ev.explain[field];
      out.push({ subject: because?.ruleId ? `${field} (规则 ${because.ruleId}, 输入 ${show(because.inputs)})` : field, expected: want, actual: got });
    }
  }
  if (exp.messages) {
    const fired = ev.messages.map((m) => m.ruleId).sort();
    const want = [...exp.messages].sort();
    if (!isDeepStrictEqual(fired, want)) {
      out.push({ subject: 'messages', expected: want, actual: ev.messages.map((m) => `${m.ruleId}: ${m.message} ${show(m.inputs)}`) });
    }
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
    if (exp.fieldErrors !== undefined && !isDeepStrictEqual(submit.fieldErrors, exp.fieldErrors)) {
      out.push({ subject: 'fieldErrors', expected: exp.fieldErrors, actual: submit.fieldErrors });
    }
  }
  return out;
}

export function runCasesFile(form: CheckedForm, file: CasesFile, codemaps: Codemaps): CaseResult[] {
  if (!form.compiled) {
    return [{ formCode: file.formCode, name: '(编译)', failures: [{ subject: form.file, expected: '表单可以编译', actual: '编译失败: 先运行 npm run forms:check' }] }];
  }
  const compiled = form.compiled;
  return file.cases.map((c) => ({ formCode: file.formCode, name: c.name, failures: runCase(compiled, c, codemaps, file.now) }));
}

export function formatFailure(r: CaseResult): string {
  const lines = r.failures.map((f) => `    ${f.subject}\n      期望: ${show(f.expected)}\n      实际: ${show(f.actual)}`);
  return `✗ ${r.formCode} › ${r.name}\n${lines.join('\n')}`;
}
