import fs from 'node:fs';
import path from 'node:path';
import type { SpecDoc } from './parse-calls';

/** The spec documents as the repo keeps them (docs/spec), by their number. */
export interface SpecDocument {
  doc: SpecDoc;
  file: string;
  lines: string[];
}

export const SPEC_DIR = path.resolve(import.meta.dirname, '../../docs/spec');
export const CATALOGUE_DIR = path.resolve(import.meta.dirname, '../../docs/spec-api');

export function readSpecDocuments(dir = SPEC_DIR): SpecDocument[] {
  return (['000', '001', '002'] as const).map((doc) => {
    const file = fs.readdirSync(dir).find((name) => name.startsWith(`${doc}_`) && name.endsWith('.txt'));
    if (!file) throw new Error(`spec document ${doc}_*.txt not found in ${dir}`);
    return { doc, file, lines: fs.readFileSync(path.join(dir, file), 'utf8').split('\n') };
  });
}

/**
 * The lines that name calls: each document's "## 7." section, and 002's "Remaining endpoints".
 * Headings are not lines to account for; every other non-empty line is.
 */
export function callRegionLines(document: SpecDocument): number[] {
  const numbers: number[] = [];
  let inside = false;
  document.lines.forEach((text, index) => {
    if (/^## /.test(text)) inside = /^## 7\./.test(text);
    if (/^### Remaining endpoints/.test(text)) inside = true;
    if (inside && text.trim() && !text.startsWith('#')) numbers.push(index + 1);
  });
  return numbers;
}

/** The heading a line sits under, e.g. "7. Calls" or "System administration (blade-system)". */
export function sectionOf(document: SpecDocument, lineNumber: number): string {
  let chapter = '';
  let section = '';
  for (let i = 0; i < lineNumber && i < document.lines.length; i += 1) {
    const text = document.lines[i] ?? '';
    if (text.startsWith('## ')) {
      chapter = text.slice(3).trim();
      section = '';
    } else if (text.startsWith('### ')) section = text.slice(4).trim();
  }
  return section ? `§${chapter} › ${section}` : `§${chapter}`;
}
