// `npm run forms:check`: every schema, rules file, cases file, dictionaries file and code map is valid
// against its meta-schema, every rules/cases/dicts file belongs to a schema, every form compiles with
// its rules, its cases name only its fields and rules, and the codes its rules compare with are in
// the dictionaries it knows (codemaps/ and its rules/<code>.dicts.json). Every problem names the file,
// the line and column, and the rule, field, case or property it concerns, in one format
// (formatProblem: `<file>:<line>:<column> <规则 id | 字段 prop | 用例 "name" | /pointer>: <message>`),
// shared by forms:check, rules:test and forms:push.
import {
  caseProblems,
  compileDocument,
  mergeRules,
  schemaIssueMessage,
  validateCasesFile,
  validateCodemapFile,
  validateDictsFile,
  validateDocument,
  validateRulesFile,
  withCarriedDictionaries,
  worldDictionaryCodes,
  worldProblems,
  type CaseProblem,
  type CasesFile,
  type CompileError,
  type CompiledForm,
  type Codemaps,
  type DictsFile,
  type FormDocument,
  type RulesFile,
  type ValidationOutcome,
} from '../../src/engine';
import { checkCrudDocuments, readCrudFiles } from '../../src/form-runtime/crud/crud-document-check';
import { codemapsOf, formCodeOfFile, readFormFiles, strayRuleFiles, type JsonFile } from './form-files';

export interface Problem {
  file: string;
  severity: 'error' | 'warning';
  /** The message, in Chinese, without the place. */
  text: string;
  /** 1-based; 1 when the problem concerns the whole file. */
  line?: number;
  column?: number;
  /** What it concerns: '规则 <id>', '字段 <prop>', '用例 "<name>"' or the JSON pointer of a property. */
  subject?: string;
}

/**
 * The one line every form command prints for a problem:
 * `<file>:<line>:<column> <subject>: <message>` (a warning's message starts with 警告:).
 */
export function formatProblem(p: Problem): string {
  const warn = p.severity === 'warning' ? '警告: ' : '';
  return `${p.file}:${p.line ?? 1}:${p.column ?? 1} ${p.subject ? `${p.subject}: ` : ''}${warn}${p.text}`;
}

export interface CheckedForm {
  formCode: string;
  file: string;
  document: FormDocument;
  /** Present when the document compiled. */
  compiled?: CompiledForm;
}

export interface CheckReport {
  forms: CheckedForm[];
  /** Cases files that passed their meta-schema, by formCode. */
  cases: Map<string, JsonFile>;
  /** Per formCode, the cases that name a field or rule the form does not have (not run by rules:test). */
  caseProblems: Map<string, CaseProblem[]>;
  /** The forms' dictionaries files that passed their meta-schema, by formCode. */
  dicts: Map<string, DictsFile>;
  codemapCount: number;
  /** The valid code-map files, as the engine reads them (the cases run against these). */
  codemaps: Codemaps;
  problems: Problem[];
}

/** A problem at a JSON pointer of a file that parsed. */
function at(f: JsonFile, pointer: string, text: string, subject?: string, severity: Problem['severity'] = 'error'): Problem {
  const pos = f.positionOf?.(pointer) ?? { line: 1, column: 1 };
  return { file: f.file, severity, text, line: pos.line, column: pos.column, ...(subject !== undefined && { subject }) };
}

/** Parses and schema-checks one file; pushes problems and returns the valid content or undefined. */
function accept<T>(f: JsonFile, validate: (d: unknown) => ValidationOutcome<T>, problems: Problem[]): T | undefined {
  if (f.parseError !== undefined) {
    // A file that is not JSON is one error: nothing else of it can be checked.
    const text = f.duplicateKey !== undefined ? f.parseError : `JSON 格式不正确：${f.parseError}`;
    problems.push({ file: f.file, severity: 'error', text, line: f.at?.line ?? 1, column: f.at?.column ?? 1 });
    return undefined;
  }
  const outcome = validate(f.data);
  if (!outcome.ok) {
    for (const issue of outcome.issues) problems.push(at(f, issue.path, schemaIssueMessage(issue), issue.path || '/'));
    return undefined;
  }
  return outcome.value;
}

function checkNamedFor(f: JsonFile, formCode: string, problems: Problem[]): boolean {
  const expected = formCodeOfFile(f.file);
  if (formCode === expected) return true;
  problems.push(at(f, '/formCode', `formCode "${formCode}" 与文件名不符 (应为 "${expected}")`, '/formCode'));
  return false;
}

/** The second and later fields of one fieldProp, each an error at its fieldProp. */
export function duplicateFieldProblems(f: JsonFile, doc: FormDocument): Problem[] {
  const first = new Map<string, number>();
  const out: Problem[] = [];
  doc.fields.forEach((field, i) => {
    const seen = first.get(field.fieldProp);
    if (seen === undefined) first.set(field.fieldProp, i);
    else {
      const line = f.positionOf?.(`/fields/${seen}`).line ?? 1;
      out.push(at(f, `/fields/${i}/fieldProp`, `字段名重复（第${line}行已有同名字段）`, `字段 ${field.fieldProp}`));
    }
  });
  return out;
}

interface FormSources {
  schema: JsonFile;
  document: FormDocument;
  rules?: { file: JsonFile; content: RulesFile };
}

/** Where a compile error is: the rule's expression in its file, else the field in the schema, else the schema. */
function locateCompileError(e: CompileError, src: FormSources): Problem {
  // The subject names the rule: a message that starts with it again is shortened.
  const message =
    e.ruleId !== undefined && e.message.startsWith(`规则 ${e.ruleId} `) ? e.message.slice(`规则 ${e.ruleId} `.length) : e.message;
  const text = e.expression !== undefined ? `表达式 "${e.expression}": ${message}` : message;
  const severity = e.severity;
  const prop = (r: { scontent?: string; tcontent?: string }) =>
    e.expression === undefined ? '' : r.tcontent === e.expression ? '/tcontent' : r.scontent === e.expression ? '/scontent' : '';
  if (e.ruleId !== undefined) {
    const subject = `规则 ${e.ruleId}`;
    const rules = src.rules?.content.rules ?? [];
    // A repeated id is reported at its last occurrence, the one that repeats it.
    const i = rules.map((r) => r.id).lastIndexOf(e.ruleId);
    if (src.rules && i >= 0)
      return at(src.rules.file, `/rules/${i}${prop(rules[i] as RulesFile['rules'][number])}`, text, subject, severity);
    for (const [j, f] of src.document.fields.entries()) {
      const k = (f.reckons ?? []).findIndex((r) => r.id === e.ruleId);
      if (k >= 0) return at(src.schema, `/fields/${j}/reckons/${k}${prop(f.reckons?.[k] ?? {})}`, text, subject, severity);
    }
    return at(src.schema, '', text, subject, severity);
  }
  if (e.field !== undefined) {
    const j = src.document.fields.findIndex((f) => f.fieldProp === e.field);
    return at(src.schema, j >= 0 ? `/fields/${j}` : '', text, `字段 ${e.field}`, severity);
  }
  return at(src.schema, '', text, undefined, severity);
}

/** The dictionaries the checked folder knows: codemaps/, with the form's own dictionaries file laid over. */
function knownWorld(codemaps: Codemaps, dicts: DictsFile | undefined) {
  return withCarriedDictionaries({ dictionary: (code) => codemaps.codemapOptions(code) }, dicts?.dictionaries);
}

export function checkForms(root: string): CheckReport {
  const files = readFormFiles(root);
  const problems: Problem[] = strayRuleFiles(root).map((file) => ({
    file,
    severity: 'error',
    text: 'rules/ 只放 <formCode>.rules.json、<formCode>.cases.json 和 <formCode>.dicts.json',
    line: 1,
    column: 1,
  }));

  // Every file of codemaps/ (no list to keep): each against its meta-schema, then a code defined in
  // two files, which the hosts would read from the first only.
  const validMaps = files.codemaps.filter((f) => accept(f, validateCodemapFile, problems) !== undefined);
  const codemapCount = validMaps.length;
  const codemaps = codemapsOf(validMaps);
  for (const p of codemaps.problems) problems.push({ file: `codemaps/${p.file}`, severity: 'error', text: p.message, line: 1, column: 1 });

  // A schema that exists but did not read: its rules, cases and dictionaries are not orphans, and
  // their "没有表单" would only hide the one real error.
  const schemaNames = new Set(files.schemas.map((f) => formCodeOfFile(f.file)));
  const docs = new Map<string, FormSources>();
  for (const f of files.schemas) {
    const doc = accept(f, validateDocument, problems);
    if (!doc || !checkNamedFor(f, doc.formCode, problems)) continue;
    const dups = duplicateFieldProblems(f, doc);
    problems.push(...dups);
    // A repeated field is its own error (above); the rest of the form is checked with its first copy
    // only, so the rules merged into it are not counted twice (规则编号重复) nor the field (字段名重复).
    const seen = new Set<string>();
    const fields = doc.fields.filter((x) => !seen.has(x.fieldProp) && seen.add(x.fieldProp));
    docs.set(doc.formCode, { schema: f, document: dups.length ? { ...doc, fields } : doc });
  }
  const orphan = (f: JsonFile, formCode: string): boolean => {
    if (docs.has(formCode)) return false;
    if (!schemaNames.has(formCode)) problems.push(at(f, '/formCode', `没有表单 schemas/${formCode}.json`, '/formCode'));
    return true;
  };

  const rulesOk = new Set<string>();
  for (const f of files.rules) {
    const content = accept(f, validateRulesFile, problems);
    if (!content || !checkNamedFor(f, content.formCode, problems) || orphan(f, content.formCode)) continue;
    const src = docs.get(content.formCode) as FormSources;
    src.rules = { file: f, content };
    const props = new Set(src.document.fields.map((x) => x.fieldProp));
    let fine = true;
    content.rules.forEach((r, i) => {
      if (props.has(r.field)) return;
      fine = false;
      problems.push(at(f, `/rules/${i}/field`, `指向表单没有的字段 ${r.field}`, `规则 ${r.id}`));
    });
    if (fine) rulesOk.add(content.formCode);
  }

  const cases = new Map<string, JsonFile>();
  for (const f of files.cases) {
    const content = accept(f, validateCasesFile, problems) as { formCode: string } | undefined;
    if (!content || !checkNamedFor(f, content.formCode, problems) || orphan(f, content.formCode)) continue;
    cases.set(content.formCode, f);
  }

  const dicts = new Map<string, DictsFile>();
  for (const f of files.dicts) {
    const content = accept(f, validateDictsFile, problems);
    if (!content || !checkNamedFor(f, content.formCode, problems) || orphan(f, content.formCode)) continue;
    dicts.set(content.formCode, content);
  }

  const forms: CheckedForm[] = [];
  const caseIssues = new Map<string, CaseProblem[]>();
  for (const [formCode, src] of docs) {
    const file = src.schema.file;
    let merged = src.document;
    if (src.rules) {
      if (!rulesOk.has(formCode)) {
        forms.push({ formCode, file, document: merged });
        continue;
      }
      try {
        merged = mergeRules(src.document, src.rules.content);
      } catch (e) {
        problems.push(at(src.rules.file, '', e instanceof Error ? e.message : String(e)));
        forms.push({ formCode, file, document: merged });
        continue;
      }
    }
    const { form, errors } = compileDocument(merged);
    for (const e of errors) problems.push(locateCompileError(e, src));
    forms.push(form ? { formCode, file, document: merged, compiled: form } : { formCode, file, document: merged });

    // The tenant's world as far as this folder knows it: a dictionary in neither codemaps/ nor the
    // form's dicts file is the server's business (a warning); codes of a known one are checked.
    const world = knownWorld(codemaps, dicts.get(formCode));
    const unknown = new Set(worldDictionaryCodes(merged).filter((code) => world.dictionary(code) === undefined));
    for (const code of unknown) {
      const j = merged.fields.findIndex((f) => f.bizCode === code);
      const subject = j >= 0 ? `字段 ${merged.fields[j]?.fieldProp as string}` : undefined;
      problems.push(
        at(
          src.schema,
          j >= 0 ? `/fields/${j}/bizCode` : '/placement',
          `字典 ${code} 不在 codemaps/ 也不在 rules/${formCode}.dicts.json 中：发布时服务器须已有它`,
          subject,
          'warning',
        ),
      );
    }
    for (const w of worldProblems(merged, world, form)) {
      if (w.code !== undefined && unknown.has(w.code)) continue;
      problems.push(locateCompileError({ ...w, severity: 'error' }, src));
    }

    // The cases name only this form's fields and rule ids.
    const casesFile = cases.get(formCode);
    if (casesFile) {
      const found = caseProblems(merged, casesFile.data as CasesFile);
      caseIssues.set(formCode, found);
      for (const p of found) problems.push(at(casesFile, p.pointer, p.message, `用例 "${p.caseName}"`));
    }
  }
  // The administration screens (schemas/crud/*.crud.json) against their meta-schema and the dialog forms above.
  const crud = checkCrudDocuments(readCrudFiles(root), new Map(forms.map((f) => [f.formCode, f.document])));
  for (const p of crud.problems) problems.push({ file: p.file, severity: 'error', text: p.text, line: 1, column: 1 });
  return { forms, cases, caseProblems: caseIssues, dicts, codemapCount, codemaps, problems };
}
