import fs from 'node:fs';
import path from 'node:path';
import { parseCatalogue, type CatalogueBlock, type HttpMethod, type SpecDoc } from './parse-calls';
import { CATALOGUE_DIR, callRegionLines, readSpecDocuments, sectionOf, type SpecDocument } from './spec-documents';

/** One entry of docs/spec-api/calls.json. */
export interface CatalogueEntry {
  doc: SpecDoc;
  section: string;
  specLine: number;
  method: HttpMethod;
  methodStated: boolean;
  path: string;
  params: string[];
}

export interface CatalogueNote {
  doc: SpecDoc;
  specLine: number;
  text: string;
}

export interface Catalogue {
  calls: CatalogueEntry[];
  notes: CatalogueNote[];
}

export const CALLS_TXT = path.join(CATALOGUE_DIR, 'calls.txt');
export const CALLS_JSON = path.join(CATALOGUE_DIR, 'calls.json');

/**
 * Reads the transcription against the spec documents it cites. Problems are everything that would
 * make the list untrustworthy: a format error, a region line nobody cited, a cited line outside the
 * regions, a call whose name the cited line does not contain, or a name on the line left out.
 */
export function buildCatalogue(
  transcription = fs.readFileSync(CALLS_TXT, 'utf8'),
  documents = readSpecDocuments(),
): { catalogue: Catalogue; problems: string[] } {
  const { blocks, errors } = parseCatalogue(transcription);
  const problems = [...errors];
  const byDoc = new Map(documents.map((d) => [d.doc, d]));

  for (const document of documents) {
    const cited = new Set(blocks.filter((b) => b.doc === document.doc).map((b) => b.specLine));
    const region = new Set(callRegionLines(document));
    for (const line of region)
      if (!cited.has(line))
        problems.push(`${document.doc}:${line} names calls but no @${document.doc}:${line} block cites it: "${excerpt(document, line)}"`);
    for (const line of cited)
      if (!region.has(line))
        problems.push(`@${document.doc}:${line} cites a line outside the calls sections: "${excerpt(document, line)}"`);
  }

  const linesSeen = new Map<string, CatalogueBlock[]>();
  for (const block of blocks) {
    const key = `${block.doc}:${block.specLine}`;
    linesSeen.set(key, [...(linesSeen.get(key) ?? []), block]);
  }
  for (const [key, sameLine] of linesSeen) {
    const [doc, line] = key.split(':') as [SpecDoc, string];
    const document = byDoc.get(doc);
    if (!document) continue;
    const text = document.lines[Number(line) - 1] ?? '';
    problems.push(...forwardProblems(key, text, sameLine), ...backwardProblems(key, text, sameLine));
  }

  const calls: CatalogueEntry[] = blocks.flatMap((block) =>
    block.calls.map((call) => ({
      doc: call.doc,
      section: sectionOf(byDoc.get(call.doc)!, call.specLine),
      specLine: call.specLine,
      method: call.method,
      methodStated: call.methodStated,
      path: call.path,
      params: call.params,
    })),
  );
  const notes = blocks.flatMap((block) => block.notes);
  return { catalogue: { calls, notes }, problems };
}

/** Each call's own name (its last path segment that is not a variable) is written on the line it cites. */
function forwardProblems(key: string, text: string, blocks: CatalogueBlock[]): string[] {
  const problems: string[] = [];
  for (const call of blocks.flatMap((b) => b.calls)) {
    if (call.reading) continue;
    const name =
      call.path
        .split('/')
        .filter((s) => !s.startsWith('{'))
        .pop() ?? '';
    if (!namesWord(text, name))
      problems.push(
        `@${key}: "${call.path}" — "${name}" is not on that line (add a "# reading: …" comment above it if the name is read from prose)`,
      );
  }
  return problems;
}

function namesWord(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_-])${escaped}($|[^A-Za-z0-9_-])`).test(text);
}

/** Every distinctive name on a line (hyphenated, slashed, underscored or camelCase) is in the block. */
function backwardProblems(key: string, text: string, blocks: CatalogueBlock[]): string[] {
  const calls = blocks.flatMap((b) => b.calls);
  if (calls.length === 0) return []; // a line cited with notes only names no call, and says why
  const haystack = [
    ...calls.map((c) => c.path),
    ...calls.flatMap((c) => c.params),
    ...blocks.flatMap((b) => [...b.notes.map((n) => n.text), ...b.comments]),
  ];
  const tokens = new Set(
    text.replace(/[\u4e00-\u9fff【】！，]+/g, ' ').match(/[A-Za-z][A-Za-z0-9]*(?:[-_/][A-Za-z0-9{}]+)+|\b[a-z]+[A-Z][A-Za-z0-9]*/g) ?? [],
  );
  return [...tokens]
    .map((token) => token.replace(/^api\//, ''))
    .filter((token) => !haystack.some((h) => h.includes(token)))
    .map((token) => `@${key}: the line names "${token}", which no call, parameter or note of its block contains`);
}

function excerpt(document: SpecDocument, line: number): string {
  const text = document.lines[line - 1] ?? '';
  return text.length > 70 ? `${text.slice(0, 70)}…` : text;
}

/** calls.json as written to disk: stable order (the transcription's), two-space JSON. */
export function serialiseCatalogue(catalogue: Catalogue): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}
