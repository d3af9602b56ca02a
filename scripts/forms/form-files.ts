// Reads the analysts' files: schemas/<formCode>.json, rules/<formCode>.rules.json,
// rules/<formCode>.cases.json and codemaps/*.json. Parsing only: checking is check-forms.ts's job.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isCodemapFileName, loadCodemaps, type Codemaps } from '../../src/engine';

export interface JsonFile {
  /** Relative to the project root, as messages name it (e.g. 'rules/hypertensionfollowup.rules.json'). */
  file: string;
  /** The parsed content, or undefined when the file is not valid JSON. */
  data?: unknown;
  parseError?: string;
}

export interface FormFiles {
  schemas: JsonFile[];
  rules: JsonFile[];
  cases: JsonFile[];
  codemaps: JsonFile[];
}

function readJson(root: string, file: string): JsonFile {
  try {
    return { file, data: JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown };
  } catch (e) {
    return { file, parseError: e instanceof Error ? e.message : String(e) };
  }
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
  return path.basename(file).replace(/\.(rules|cases)\.json$|\.json$/, '');
}

/** Files in rules/ that are neither rules nor cases: named so they are not silently ignored. */
export function strayRuleFiles(root: string): string[] {
  const abs = path.join(root, 'rules');
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((n) => !n.endsWith('.rules.json') && !n.endsWith('.cases.json') && n !== 'README.md')
    .map((n) => `rules/${n}`);
}
