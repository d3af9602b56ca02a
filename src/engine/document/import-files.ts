// The analysts' files as texts (schemas/<code>.json, optional rules/<code>.rules.json,
// rules/<code>.cases.json and rules/<code>.dicts.json) → one document with its rules merged in and its cases, or problems that
// name the file, the line and the property: "schemas/x.json 第12行 /fields/3/fieldType: 必须是 1…8 之一".
// Pure: the designer checks files in the browser with it, the server's form/import the same way.
import type { CasesFile } from '../cases/run-case';
import { mergeRules, type RulesFile } from '../compile/rules';
import type { FormDocument } from '../types';
import type { DictsFile } from './form-world';
import { parseJsonText, type JsonPosition } from './json-text';
import { schemaIssueMessage } from './schema-messages';
import { validateCasesFile, validateDictsFile, validateDocument, validateRulesFile, type ValidationOutcome } from './validate-document';

export interface FormFileText {
  /** As the analyst names it, e.g. 'schemas/lung.json' or 'lung.rules.json'. */
  name: string;
  text: string;
}

export interface FormFileProblem {
  file: string;
  line?: number;
  column?: number;
  /** JSON pointer of the property concerned. */
  path?: string;
  message: string;
  /** The whole sentence: file, line, property and message. */
  text: string;
}

export type FormFilesOutcome =
  { ok: true; document: FormDocument; cases?: CasesFile; dictionaries?: DictsFile } | { ok: false; problems: FormFileProblem[] };

type Role = 'schema' | 'rules' | 'cases' | 'dicts';

const ROLE_SUFFIXES: [string, Role][] = [
  ['.rules.json', 'rules'],
  ['.cases.json', 'cases'],
  ['.dicts.json', 'dicts'],
  ['.json', 'schema'],
];
const ROLE_NAMES: Record<Exclude<Role, 'schema'>, string> = { rules: '规则', cases: '用例', dicts: '字典' };

const roleOf = (name: string): Role | undefined => ROLE_SUFFIXES.find(([suffix]) => name.endsWith(suffix))?.[1];

/** The form code a file's name promises: 'schemas/x.json' → x, 'rules/x.rules.json' → x. */
export const formCodeOfFileName = (name: string): string =>
  (name.split('/').pop() ?? name).replace(/\.(rules|cases|dicts)\.json$|\.json$/, '');

function problem(file: string, message: string, at?: JsonPosition, path?: string): FormFileProblem {
  const where = [file, at ? `第${at.line}行` : undefined, path].filter((x) => x !== undefined).join(' ');
  return {
    file,
    ...(at && { line: at.line, column: at.column }),
    ...(path !== undefined && { path }),
    message,
    text: `${where}: ${message}`,
  };
}

interface Parsed<T> {
  file: string;
  value: T;
  positionOf: (pointer: string) => JsonPosition;
}

/** Parses and checks one file against its meta-schema; pushes problems and returns the content or undefined. */
function accept<T>(f: FormFileText, validate: (d: unknown) => ValidationOutcome<T>, problems: FormFileProblem[]): Parsed<T> | undefined {
  const parsed = parseJsonText(f.text);
  if (!parsed.ok) {
    problems.push({
      ...problem(f.name, `JSON 格式不正确：${parsed.message}`, parsed.position),
      text: `${f.name} 第${parsed.position.line}行第${parsed.position.column}列: JSON 格式不正确：${parsed.message}`,
    });
    return undefined;
  }
  const checked = validate(parsed.value);
  if (!checked.ok) {
    for (const issue of checked.issues)
      problems.push(problem(f.name, schemaIssueMessage(issue), parsed.positionOf(issue.path), issue.path || '/'));
    return undefined;
  }
  return { file: f.name, value: checked.value, positionOf: parsed.positionOf };
}

/** Reads one form's files; every problem found is reported, not only the first. */
export function readFormFileTexts(files: readonly FormFileText[]): FormFilesOutcome {
  const problems: FormFileProblem[] = [];
  const byRole: Record<Role, FormFileText[]> = { schema: [], rules: [], cases: [], dicts: [] };
  for (const f of files) {
    const role = roleOf(f.name);
    if (role) byRole[role].push(f);
    else
      problems.push(
        problem(
          f.name,
          '只能导入 .json 文件（schemas/<表单编号>.json、rules/<表单编号>.rules.json、rules/<表单编号>.cases.json、rules/<表单编号>.dicts.json）',
        ),
      );
  }
  if (byRole.schema.length !== 1)
    problems.push(
      problem(
        byRole.schema.map((f) => f.name).join('、') || 'schemas/<表单编号>.json',
        byRole.schema.length ? '一次只能导入一个表单文档' : '缺少表单文档 schemas/<表单编号>.json',
      ),
    );
  for (const role of ['rules', 'cases', 'dicts'] as const)
    if (byRole[role].length > 1)
      problems.push(problem(byRole[role].map((f) => f.name).join('、'), `一次只能导入一个${ROLE_NAMES[role]}文件`));
  if (problems.length) return { ok: false, problems };

  const doc = accept(byRole.schema[0] as FormFileText, validateDocument, problems);
  const rules = byRole.rules[0] && accept(byRole.rules[0], validateRulesFile, problems);
  const cases = byRole.cases[0] && accept(byRole.cases[0], validateCasesFile as (d: unknown) => ValidationOutcome<CasesFile>, problems);
  const dicts = byRole.dicts[0] && accept(byRole.dicts[0], validateDictsFile, problems);
  if (!doc || problems.length) return { ok: false, problems };

  const code = doc.value.formCode;
  const expected = formCodeOfFileName(doc.file);
  if (expected !== code)
    problems.push(problem(doc.file, `表单编号 "${code}" 与文件名不符（应为 "${expected}"）`, doc.positionOf('/formCode'), '/formCode'));
  for (const other of [rules, cases, dicts]) {
    if (other && other.value.formCode !== code)
      problems.push(
        problem(
          other.file,
          `表单编号 "${other.value.formCode}" 与表单文档的编号 "${code}" 不一致`,
          other.positionOf('/formCode'),
          '/formCode',
        ),
      );
  }
  // A field named twice: the rules would be filed under either (wire.ts refuses it later without a line).
  const firstAt = new Map<string, number>();
  doc.value.fields.forEach((f, i) => {
    const first = firstAt.get(f.fieldProp);
    if (first === undefined) firstAt.set(f.fieldProp, i);
    else {
      const pointer = `/fields/${i}/fieldProp`;
      const line = doc.positionOf(`/fields/${first}/fieldProp`).line;
      problems.push(problem(doc.file, `字段名 ${f.fieldProp} 重复（第${line}行已有同名字段）`, doc.positionOf(pointer), pointer));
    }
  });
  if (rules) {
    const props = new Set(doc.value.fields.map((f) => f.fieldProp));
    rules.value.rules.forEach((r, i) => {
      if (!props.has(r.field))
        problems.push(
          problem(rules.file, `规则 ${r.id} 指向表单没有的字段 ${r.field}`, rules.positionOf(`/rules/${i}/field`), `/rules/${i}/field`),
        );
    });
  }
  if (problems.length) return { ok: false, problems };
  const document = rules ? mergeRules(doc.value, rules.value as RulesFile) : doc.value;
  return { ok: true, document, ...(cases && { cases: cases.value }), ...(dicts && { dictionaries: dicts.value }) };
}
