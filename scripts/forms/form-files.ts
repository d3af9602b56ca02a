// Reads the analysts' files: schemas/<formCode>.json, rules/<formCode>.rules.json,
// rules/<formCode>.cases.json, rules/<formCode>.dicts.json and codemaps/*.json. Parsing only (with
// the engine's parseJsonText: a syntax error or a repeated key has its line and column, and every
// property its place): checking is check-forms.ts's job.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCodemapFileName, loadCodemaps, parseJsonText, type Codemaps } from '../../src/engine';

export interface JsonFile {
  /** Relative to the project root, as messages name it (e.g. 'rules/hypertensionfollowup.rules.json'). */
  file: string;
  /** The parsed content, or undefined when the file is not valid JSON. */
  data?: unknown;
  /** Why it is not (Chinese, without the place), with the place in `at`. */
  parseError?: string;
  /** Set when the JSON error is a key given twice in one object. */
  duplicateKey?: string;
  /** Where the JSON error is. */
  at?: { line: number; column: number };
  /** Where a property (a JSON pointer) starts in the text; present when the file parsed. */
  positionOf?: (pointer: string) => { line: number; column: number };
}

export interface FormFiles {
  schemas: JsonFile[];
  rules: JsonFile[];
  cases: JsonFile[];
  dicts: JsonFile[];
  codemaps: JsonFile[];
}

/** One file's text as JSON with positions (parseJsonText): the value, or the one error with its place. */
export function jsonFileOf(file: string, text: string): JsonFile {
  const parsed = parseJsonText(text);
  if (parsed.ok) return { file, data: parsed.value, positionOf: parsed.positionOf };
  return {
    file,
    parseError: parsed.message,
    at: parsed.position,
    ...(parsed.duplicateKey !== undefined && { duplicateKey: parsed.duplicateKey }),
  };
}

function readJson(root: string, file: string): JsonFile {
  return jsonFileOf(file, readFileSync(path.join(root, file), 'utf8'));
}

function listJson(root: string, dir: string, keep: (name: string) => boolean): JsonFile[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((name) => name.endsWith('.json') && keep(name))
    .sort()
    .map((name) => readJson(root, `${dir}/${name}`));
}

export function readFormFiles(root: string): FormFiles {
  return {
    schemas: listJson(root, 'schemas', () => true),
    rules: listJson(root, 'rules', (n) => n.endsWith('.rules.json')),
    cases: listJson(root, 'rules', (n) => n.endsWith('.cases.json')),
    dicts: listJson(root, 'rules', (n) => n.endsWith('.dicts.json')),
    // The meta-schema sits beside the maps it describes. Every other file is read: no list to keep.
    codemaps: listJson(root, 'codemaps', isCodemapFileName),
  };
}

/**
 * The code maps of a project's codemaps/ folder, as the engine builds them (loadCodemaps: invalid
 * files left out, a code defined twice kept once; both in `problems`).
 */
export function codemapsOf(files: readonly JsonFile[]): Codemaps {
  const raw: Record<string, unknown> = {};
  const unreadable: { file: string; message: string }[] = [];
  for (const f of files) {
    if (f.parseError !== undefined) unreadable.push({ file: path.basename(f.file), message: `不是有效的 JSON: ${f.parseError}` });
    else raw[path.basename(f.file)] = f.data;
  }
  return loadCodemaps(raw, unreadable);
}

/** The code maps of a project root (codemaps/*.json). */
export function readCodemaps(root: string): Codemaps {
  return codemapsOf(readFormFiles(root).codemaps);
}

/** The formCode a file's name promises: 'schemas/x.json' → x, 'rules/x.rules.json' → x. */
export function formCodeOfFile(file: string): string {
  return path.basename(file).replace(/\.(rules|cases|dicts)\.json$|\.json$/, '');
}

/** The files of one form under a project root, those that exist: schema, rules, cases, dictionaries. */
export function formFileNames(root: string, code: string): string[] {
  return [`schemas/${code}.json`, `rules/${code}.rules.json`, `rules/${code}.cases.json`, `rules/${code}.dicts.json`].filter((n) =>
    existsSync(path.join(root, n)),
  );
}

/** Files in rules/ that are neither rules, cases nor dictionaries: named so they are not silently ignored. */
export function strayRuleFiles(root: string): string[] {
  const abs = path.join(root, 'rules');
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((n) => !n.endsWith('.rules.json') && !n.endsWith('.cases.json') && !n.endsWith('.dicts.json') && n !== 'README.md')
    .map((n) => `rules/${n}`);
}
