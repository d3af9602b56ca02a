// `npm run rules:test`: runs rules/<formCode>.cases.json against the compiled form with the engine's
// case runner (src/engine/cases/run-case.ts); here only what the command adds: a form that did not
// compile, and the failures formatted for the analyst.
import { runCases, type CaseFailure, type CasesFile, type Codemaps } from '../../src/engine';
import type { CheckedForm } from './check-forms';

export interface CaseResult {
  formCode: string;
  name: string;
  failures: CaseFailure[];
}

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/**
 * Dictionaries as on a server with none of its own: the form's own option lists, then the code
 * maps of the checked folder (the engine's order, formDictionaryLookup).
 */
export function runCasesFile(form: CheckedForm, file: CasesFile, codemaps: Codemaps): CaseResult[] {
  if (!form.compiled) {
    return [
      {
        formCode: file.formCode,
        name: '(编译)',
        failures: [{ subject: form.file, expected: '表单可以编译', actual: '编译失败: 先运行 npm run forms:check' }],
      },
    ];
  }
  return runCases(form.compiled, file, codemaps).map((r) => ({ formCode: file.formCode, ...r }));
}

export function formatFailure(r: CaseResult): string {
  const lines = r.failures.map((f) => `    ${f.subject}\n      期望: ${show(f.expected)}\n      实际: ${show(f.actual)}`);
  return `✗ ${r.formCode} › ${r.name}\n${lines.join('\n')}`;
}
