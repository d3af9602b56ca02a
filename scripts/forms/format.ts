// The one formatting of the analysts' files (canonicalFileText: 2-space JSON in the file's own key
// order, final newline), and for a form whose files read, rules in document field order and
// dictionaries by code: exactly what `forms:pull` writes, so a pull after a push gives the same bytes.
// A file with a key given twice, and the files of a form with a fieldProp given twice, are not
// formatted (formatRefusals): rewriting them would keep one value silently, or copy the field's rules.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalFileText, formFileTexts, readFormFileTexts, type FormDocument, type FormFileText } from '../../src/engine';
import { duplicateFieldProblems, type Problem } from './check-forms';
import { formCodeOfFile, readFormFiles, type JsonFile } from './form-files';

/** Why files may not be formatted: a repeated JSON key (the file), a repeated fieldProp (the form's files). */
export function formatRefusals(root: string): { problems: Problem[]; files: Set<string> } {
  const all = readFormFiles(root);
  const problems: Problem[] = [];
  const files = new Set<string>();
  const forms = [...all.schemas, ...all.rules, ...all.cases, ...all.dicts];
  for (const f of [...forms, ...all.codemaps]) {
    if (f.duplicateKey === undefined) continue;
    files.add(f.file);
    problems.push({ file: f.file, severity: 'error', text: f.parseError as string, line: f.at?.line ?? 1, column: f.at?.column ?? 1 });
  }
  for (const s of all.schemas) {
    const doc = s.data as FormDocument | undefined;
    if (!Array.isArray(doc?.fields) || doc.fields.some((f) => typeof f?.fieldProp !== 'string')) continue;
    const dups = duplicateFieldProblems(s, doc);
    if (!dups.length) continue;
    problems.push(...dups);
    const code = formCodeOfFile(s.file);
    for (const f of forms) if (formCodeOfFile(f.file) === code) files.add(f.file);
  }
  return { problems, files };
}

/** Every file of schemas/, rules/ and codemaps/ whose text differs from its canonical text (refused files left out). */
export function nonCanonicalFiles(root: string): FormFileText[] {
  const files = readFormFiles(root);
  const refused = formatRefusals(root).files;
  const canonical = new Map<string, string>();
  const plain = (f: JsonFile) => canonical.set(f.file, canonicalFileText(f.data));
  for (const f of [...files.schemas, ...files.rules, ...files.cases, ...files.dicts, ...files.codemaps])
    if (f.parseError === undefined && !refused.has(f.file)) plain(f);
  // A form whose files read: its files as a pull would write them (rules in field order).
  for (const s of files.schemas) {
    if (refused.has(s.file)) continue;
    const code = formCodeOfFile(s.file);
    const own = [s, ...files.rules, ...files.cases, ...files.dicts].filter((f) => formCodeOfFile(f.file) === code);
    const read = readFormFileTexts(own.map((f) => ({ name: f.file, text: readFileSync(path.join(root, f.file), 'utf8') })));
    if (!read.ok) continue;
    for (const t of formFileTexts(read.document, read.cases, read.dictionaries?.dictionaries)) canonical.set(t.name, t.text);
  }
  const out: FormFileText[] = [];
  for (const [file, text] of canonical) {
    let current: string | undefined;
    try {
      current = readFileSync(path.join(root, file), 'utf8');
    } catch {
      current = undefined;
    }
    if (current !== text) out.push({ name: file, text });
  }
  return out;
}
