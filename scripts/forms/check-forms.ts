// `npm run forms:check`: every schema, rules file, cases file and code map is valid against its
// meta-schema, every rules/cases file belongs to a schema, and every form compiles with its rules.
// Problems name the file, the rule id, the expression and the field (spec 002: "a form expression
// error names the expression and field").
import {
  compileDocument,
  formatCompileError,
  mergeRules,
  validateCasesFile,
  validateCodemapFile,
  validateDocument,
  validateRulesFile,
  type CompiledForm,
  type Codemaps,
  type FormDocument,
  type RulesFile,
  type SchemaIssue,
  type ValidationOutcome,
} from '../../src/engine';
import { checkCrudDocuments, readCrudFiles } from '../../src/form-runtime/crud/crud-document-check';
import { codemapsOf, formCodeOfFile, readFormFiles, strayRuleFiles, type JsonFile } from './form-files';

export interface Problem {
  file: string;
  severity: 'error' | 'warning';
  text: string;
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
  codemapCount: number;
  /** The valid code-map files, as the engine reads them (the cases run against these). */
  codemaps: Codemaps;
  problems: Problem[];
}

function schemaProblems(file: string, issues: SchemaIssue[]): Problem[] {
  return issues.map((i) => ({ file, severity: 'error', text: `${i.path}: ${i.message}` }));
}

/** Parses and schema-checks one file; pushes problems and returns the valid content or undefined. */
function accept<T>(f: JsonFile, validate: (d: unknown) => ValidationOutcome<T>, problems: Problem[]): T | undefined {
  if (f.parseError !== undefined) {
    problems.push({ file: f.file, severity: 'error', text: `不是有效的 JSON: ${f.parseError}` });
    return undefined;
  }
  const outcome = validate(f.data);
  if (!outcome.ok) {
    problems.push(...schemaProblems(f.file, outcome.issues));
    return undefined;
  }
  return outcome.value;
}

function checkNamedFor(f: JsonFile, formCode: string, problems: Problem[]): boolean {
  const expected = formCodeOfFile(f.file);
  if (formCode === expected) return true;
  problems.push({ file: f.file, severity: 'error', text: `formCode "${formCode}" 与文件名不符 (应为 "${expected}")` });
  return false;
}

export function checkForms(root: string): CheckReport {
  const files = readFormFiles(root);
  const problems: Problem[] = strayRuleFiles(root).map((file) => ({
    file,
    severity: 'error',
    text: 'rules/ 只放 <formCode>.rules.json 和 <formCode>.cases.json',
  }));

  // Every file of codemaps/ (no list to keep): each against its meta-schema, then a code defined in
  // two files, which the hosts would read from the first only.
  const validMaps = files.codemaps.filter((f) => accept(f, validateCodemapFile, problems) !== undefined);
  const codemapCount = validMaps.length;
  const codemaps = codemapsOf(validMaps);
  for (const p of codemaps.problems) problems.push({ file: `codemaps/${p.file}`, severity: 'error', text: p.message });

  const docs = new Map<string, { file: string; document: FormDocument }>();
  for (const f of files.schemas) {
    const doc = accept(f, validateDocument, problems);
    if (doc && checkNamedFor(f, doc.formCode, problems)) docs.set(doc.formCode, { file: f.file, document: doc });
  }

  const rulesByForm = new Map<string, { file: string; content: RulesFile }>();
  for (const f of files.rules) {
    const content = accept(f, validateRulesFile, problems);
    if (!content || !checkNamedFor(f, content.formCode, problems)) continue;
    if (!docs.has(content.formCode)) problems.push({ file: f.file, severity: 'error', text: `没有表单 schemas/${content.formCode}.json` });
    else rulesByForm.set(content.formCode, { file: f.file, content });
  }

  const cases = new Map<string, JsonFile>();
  for (const f of files.cases) {
    const content = accept(f, validateCasesFile, problems) as { formCode: string } | undefined;
    if (!content || !checkNamedFor(f, content.formCode, problems)) continue;
    if (!docs.has(content.formCode)) problems.push({ file: f.file, severity: 'error', text: `没有表单 schemas/${content.formCode}.json` });
    else cases.set(content.formCode, f);
  }

  const forms: CheckedForm[] = [];
  for (const [formCode, { file, document }] of docs) {
    const rules = rulesByForm.get(formCode);
    let merged = document;
    if (rules) {
      try {
        merged = mergeRules(document, rules.content);
      } catch (e) {
        problems.push({ file: rules.file, severity: 'error', text: e instanceof Error ? e.message : String(e) });
        forms.push({ formCode, file, document });
        continue;
      }
    }
    // Rules may live in either file: name both so the analyst knows where to look.
    const where = rules ? `${file} + ${rules.file}` : file;
    const { form, errors } = compileDocument(merged);
    for (const e of errors) problems.push({ file: where, severity: e.severity, text: formatCompileError(e) });
    forms.push(form ? { formCode, file, document: merged, compiled: form } : { formCode, file, document: merged });
  }
  // The administration screens (schemas/crud/*.crud.json) against their meta-schema and the dialog forms above.
  const crud = checkCrudDocuments(readCrudFiles(root), new Map(forms.map((f) => [f.formCode, f.document])));
  for (const p of crud.problems) problems.push({ file: p.file, severity: 'error', text: p.text });
  return { forms, cases, codemapCount, codemaps, problems };
}
