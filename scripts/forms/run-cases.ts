// `npm run rules:test`: runs rules/<formCode>.cases.json against the compiled form with the engine's
// case runner (src/engine/cases/run-case.ts); here only what the command adds: a form that did not
// compile, cases that name what the form does not have (not run: forms:check reports them), and the
// failures formatted for the analyst in the one problem format of the form commands.
import './growth-files';
import { runCases, type CaseFailure, type CasesFile, type Codemaps } from '../../src/engine';
import { formatProblem, type CheckedForm } from './check-forms';
import type { JsonFile } from './form-files';

export interface CaseResult {
  formCode: string;
  name: string;
  /** Index in the file's cases (-1: the form itself). */
  index: number;
  failures: CaseFailure[];
}

const show = (v: unknown) => JSON.stringify(v) ?? 'undefined';

/**
 * Dictionaries as on a server with none of its own: the form's own option lists, then the code
 * maps of the checked folder (the engine's order, formDictionaryLookup). Cases whose index is in
 * `skip` (they name unknown fields or rules) are not run.
 */
export function runCasesFile(form: CheckedForm, file: CasesFile, codemaps: Codemaps, skip: ReadonlySet<number> = new Set()): CaseResult[] {
  if (!form.compiled) {
    return [
      {
        formCode: file.formCode,
        name: '(编译)',
        index: -1,
        failures: [{ subject: form.file, expected: '表单可以编译', actual: '编译失败: 先运行 npm run forms:check' }],
      },
    ];
  }
  const kept = file.cases.map((c, index) => ({ c, index })).filter((x) => !skip.has(x.index));
  const results = runCases(form.compiled, { ...file, cases: kept.map((x) => x.c) }, codemaps);
  return results.map((r, i) => ({ formCode: file.formCode, index: kept[i]?.index ?? i, ...r }));
}

/**
 * A failed case: its first line in the one format (`<file>:<line>:<column> 用例 "name": …`), then what
 * was expected and what came out, indented. `cases` is the cases file (for the case's line).
 */
export function formatFailure(r: CaseResult, cases?: Pick<JsonFile, 'file' | 'positionOf'>): string {
  const file = cases?.file ?? `rules/${r.formCode}.cases.json`;
  const pos = r.index >= 0 ? cases?.positionOf?.(`/cases/${r.index}`) : undefined;
  const head = formatProblem({
    file,
    severity: 'error',
    text: r.index >= 0 ? '结果与期望不符' : '表单没有编译，用例未运行',
    ...(pos && { line: pos.line, column: pos.column }),
    subject: r.index >= 0 ? `用例 "${r.name}"` : undefined,
  });
  const lines = r.failures.map((f) => `    ${f.subject}\n      期望: ${show(f.expected)}\n      实际: ${show(f.actual)}`);
  return `${head}\n${lines.join('\n')}`;
}
