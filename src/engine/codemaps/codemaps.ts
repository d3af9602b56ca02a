// Code-to-text maps (codemaps/*.json; 002 §9, 001 §9) as data. The engine never reads the folder
// itself: it is pure, and the server runs it under tsx, which has no import.meta.glob. Each host reads
// codemaps/ once and hands the files in (the browser with Vite's import.meta.glob in
// src/form-runtime/bundled/bundled-codemaps.ts, the server with fs in server/forms/services/codemaps.ts,
// the analysts' scripts in scripts/forms/form-files.ts), so a new file needs no code.
// They serve as dictionaries wherever the server has none: see `withFallback` and
// document/option-lists.ts for the whole order.
import { validateCodemapFile } from '../document/validate-document';
import type { DictOption, EvalContext, FieldDef } from '../types';

export interface CodeItem {
  value: string;
  label: string;
  min?: number;
  max?: number;
  unit?: string;
  score?: number;
  note?: string;
}

export interface CodeMap {
  name: string;
  description?: string;
  items: CodeItem[];
}

export interface CodemapQuestion {
  no: number;
  text: string;
  /** The map holding the question's answers. */
  scale: string;
  band?: string;
}

export interface CodemapFile {
  title: string;
  source: string;
  description?: string;
  maps: Record<string, CodeMap>;
  questions?: CodemapQuestion[];
}

/** A file left out (not valid against codemap.schema.json) or a code defined twice. */
export interface CodemapProblem {
  file: string;
  message: string;
}

type Lookup = (code: string, field: FieldDef) => DictOption[] | undefined;

/** A set of code maps: every query a host needs, over the files it was built from. */
export interface Codemaps {
  /** The files used, by file name (e.g. 'followup.json'), in name order. */
  readonly files: Readonly<Record<string, CodemapFile>>;
  /** Every map by its code (the bizCode forms name). */
  readonly maps: Readonly<Record<string, CodeMap>>;
  /** What was left out, and why. */
  readonly problems: readonly CodemapProblem[];
  codemap(code: string): CodeMap | undefined;
  codeLabel(code: string, value: string | number | null | undefined): string | undefined;
  /** Labels of a multi-choice value, joined as the print and list views show them (an unknown code as it is). */
  codeLabels(code: string, values: readonly string[] | string | null | undefined, sep?: string): string;
  /** The map as dictionary options (fresh objects on every call). */
  codemapOptions(code: string): DictOption[] | undefined;
  /**
   * The item whose band holds a number: min and max both inclusive, an absent end unbounded (first
   * match wins). Items with neither end are not bands: a map without bands (a plain frequency
   * scale) holds no number.
   */
  bandOf(code: string, n: number): CodeItem | undefined;
  /** A lookup that asks `primary` (the host's dictionaries) first and falls back to these maps. */
  withFallback(primary?: EvalContext['lookupDictionary']): Lookup;
}

/** Files of codemaps/ that hold maps: every *.json but the meta-schema (codemap.schema.json). */
export function isCodemapFileName(name: string): boolean {
  return name.endsWith('.json') && !name.endsWith('.schema.json');
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/**
 * Builds the queries over files already checked against the meta-schema. Files are taken in name
 * order; a code defined in two files keeps the first file's map, and the second is reported.
 */
export function buildCodemaps(files: Readonly<Record<string, CodemapFile>>, problems: readonly CodemapProblem[] = []): Codemaps {
  const names = Object.keys(files).sort();
  const ordered: Record<string, CodemapFile> = {};
  const maps: Record<string, CodeMap> = Object.create(null) as Record<string, CodeMap>;
  const from: Record<string, string> = Object.create(null) as Record<string, string>;
  const found: CodemapProblem[] = [...problems];
  for (const name of names) {
    const file = files[name] as CodemapFile;
    ordered[name] = file;
    for (const [code, map] of Object.entries(file.maps)) {
      if (code in maps) {
        found.push({ file: name, message: `代码表 ${code} 已在 ${from[code]} 中定义, 此处的被忽略` });
        continue;
      }
      maps[code] = map;
      from[code] = name;
    }
  }
  const codemap = (code: string): CodeMap | undefined => (hasOwn(maps, code) ? maps[code] : undefined);
  const codeLabel = (code: string, value: string | number | null | undefined): string | undefined => {
    if (value === null || value === undefined) return undefined;
    return codemap(code)?.items.find((i) => i.value === String(value))?.label;
  };
  const codemapOptions = (code: string): DictOption[] | undefined => codemap(code)?.items.map((i) => ({ value: i.value, label: i.label }));
  return {
    files: ordered,
    maps,
    problems: found,
    codemap,
    codeLabel,
    codeLabels(code, values, sep = '，') {
      const list = Array.isArray(values) ? values : typeof values === 'string' && values !== '' ? values.split(',') : [];
      return list.map((v) => codeLabel(code, v) ?? v).join(sep);
    },
    codemapOptions,
    bandOf(code, n) {
      return codemap(code)?.items.find(
        (i) => (i.min !== undefined || i.max !== undefined) && (i.min === undefined || n >= i.min) && (i.max === undefined || n <= i.max),
      );
    },
    withFallback(primary) {
      return (code, field) => primary?.(code, field) ?? codemapOptions(code);
    },
  };
}

/**
 * Builds the code maps from the parsed contents of a folder's files (file name → JSON), as a host
 * read them: files that fail codemap.schema.json are left out and reported, like codes defined
 * twice. `unreadable`: what the host could not parse, reported with the rest.
 */
export function loadCodemaps(raw: Readonly<Record<string, unknown>>, unreadable: readonly CodemapProblem[] = []): Codemaps {
  const files: Record<string, CodemapFile> = {};
  const problems: CodemapProblem[] = [...unreadable];
  for (const [name, content] of Object.entries(raw)) {
    if (!isCodemapFileName(name)) continue;
    const checked = validateCodemapFile(content);
    if (checked.ok) files[name] = checked.value as CodemapFile;
    else problems.push({ file: name, message: checked.issues.map((i) => `${i.path}: ${i.message}`).join('; ') });
  }
  return buildCodemaps(files, problems);
}
