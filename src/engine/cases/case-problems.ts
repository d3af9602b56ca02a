// The analysts' rule cases checked against the form before they run (issue 30 item 12): a name in
// `given`, `expect.values`, `hidden`/`visible`/`required`/`notRequired` or `expect.fieldErrors` that
// is no field of the form, and a rule id in `expect.messages` that no rule of the form has. A typo
// would otherwise be ignored (given), compare null with null, or be found only by the run. Pure.
import { documentRules } from '../compile/rules';
import type { FormDocument } from '../types';
import type { CasesFile } from './run-case';

export interface CaseProblem {
  /** Index of the case in the file's `cases`. */
  caseIndex: number;
  caseName: string;
  /** JSON pointer of the offending name in the cases file, e.g. /cases/2/given/weigth. */
  pointer: string;
  /** The unknown field or rule id. */
  name: string;
  message: string;
}

/** Levenshtein distance, stopping early above 1: is `a` one edit from `b`? */
function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  // Substitution, insertion, deletion, or two neighbours swapped.
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

/** '（是否为 weight？）' when exactly one known name is one edit away, else ''. */
function suggestion(name: string, known: readonly string[]): string {
  const near = known.filter((k) => oneEditApart(name, k));
  return near.length === 1 ? `（是否为 ${near[0] as string}？）` : '';
}

const token = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every name of the cases the form does not have; [] when every case speaks of the form's fields and rules. */
export function caseProblems(doc: FormDocument, file: CasesFile): CaseProblem[] {
  const fields = doc.fields.map((f) => f.fieldProp);
  const fieldSet = new Set(fields);
  const rules = documentRules(doc).map((r) => r.id);
  const ruleSet = new Set(rules);
  const out: CaseProblem[] = [];
  file.cases.forEach((c, caseIndex) => {
    const at = `/cases/${caseIndex}`;
    const field = (name: string, pointer: string, role: string) => {
      if (!fieldSet.has(name))
        out.push({
          caseIndex,
          caseName: c.name,
          pointer,
          name,
          message: `${role}的字段 ${name} 不在表单 ${doc.formCode} 中${suggestion(name, fields)}`,
        });
    };
    for (const name of Object.keys(c.given ?? {})) field(name, `${at}/given/${token(name)}`, '给定值');
    const exp = c.expect ?? {};
    for (const name of Object.keys(exp.values ?? {})) field(name, `${at}/expect/values/${token(name)}`, '期望值');
    for (const name of Object.keys(exp.fieldErrors ?? {})) field(name, `${at}/expect/fieldErrors/${token(name)}`, 'fieldErrors 中');
    for (const list of ['hidden', 'visible', 'required', 'notRequired'] as const)
      (exp[list] ?? []).forEach((name, i) => field(name, `${at}/expect/${list}/${i}`, `${list} 中`));
    (exp.messages ?? []).forEach((id, i) => {
      if (!ruleSet.has(id))
        out.push({
          caseIndex,
          caseName: c.name,
          pointer: `${at}/expect/messages/${i}`,
          name: id,
          message: `期望的提示 ${id} 不是表单 ${doc.formCode} 的规则编号${suggestion(id, rules)}`,
        });
    });
  });
  return out;
}
