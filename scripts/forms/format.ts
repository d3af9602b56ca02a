// The one formatting of the analysts' files (canonicalFileText: 2-space JSON in the file's own key
// order, final newline), and for a form whose files read, rules in document field order: exactly
// what `forms:pull` writes, so a pull after a push gives the same bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalFileText, formFileTexts, readFormFileTexts, type FormFileText } from '../../src/engine';
import { formCodeOfFile, readFormFiles } from './form-files';

/** Every file of schemas/, rules/ and codemaps/ whose text differs from its canonical text. */
export function nonCanonicalFiles(root: string): FormFileText[] {
  const files = readFormFiles(root);
  const canonical = new Map<string, string>();
  const plain = (file: string, data: unknown) => canonical.set(file, canonicalFileText(data));
  for (const f of [...files.schemas, ...files.rules, ...files.cases, ...files.codemaps])
    if (f.parseError === undefined) plain(f.file, f.data);
  // A form whose files read: its files as a pull would write them (rules in field order).
  for (const s of files.schemas) {
    const code = formCodeOfFile(s.file);
    const own = [s, ...files.rules, ...files.cases].filter((f) => formCodeOfFile(f.file) === code);
    const read = readFormFileTexts(own.map((f) => ({ name: f.file, text: readFileSync(path.join(root, f.file), 'utf8') })));
    if (!read.ok) continue;
    for (const t of formFileTexts(read.document, read.cases)) canonical.set(t.name, t.text);
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
