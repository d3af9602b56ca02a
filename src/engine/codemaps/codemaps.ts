// Typed access to codemaps/*.json (002 §9, 001 §9). They serve as dictionaries wherever the server
// has none: `withCodemapFallback` puts them behind a context's own lookup.
import assessment from '../../../codemaps/assessment.json';
import education from '../../../codemaps/education.json';
import elderlySelfCare from '../../../codemaps/elderly-self-care.json';
import followup from '../../../codemaps/followup.json';
import measurement from '../../../codemaps/measurement.json';
import physicalExam from '../../../codemaps/physical-exam.json';
import shared from '../../../codemaps/shared.json';
import tcm from '../../../codemaps/tcm-questionnaire.json';
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

export interface CodemapFile {
  title: string;
  source: string;
  description?: string;
  maps: Record<string, CodeMap>;
  questions?: { no: number; text: string; scale: string; band?: string }[];
}

export const CODEMAP_FILES: Readonly<Record<string, CodemapFile>> = {
  'followup.json': followup,
  'physical-exam.json': physicalExam,
  'elderly-self-care.json': elderlySelfCare,
  'tcm-questionnaire.json': tcm,
  'shared.json': shared,
  'measurement.json': measurement,
  'assessment.json': assessment,
  'education.json': education,
};

function collect(): Record<string, CodeMap> {
  const out: Record<string, CodeMap> = {};
  for (const file of Object.values(CODEMAP_FILES)) Object.assign(out, file.maps);
  return out;
}

/** Every map by its code (the bizCode forms use). */
export const CODEMAPS: Readonly<Record<string, CodeMap>> = collect();

/** The 33 questions of the elderly TCM questionnaire, each with the map of its answers. */
export const TCM_QUESTIONS = tcm.questions;

export function codemap(code: string): CodeMap | undefined {
  return Object.prototype.hasOwnProperty.call(CODEMAPS, code) ? CODEMAPS[code] : undefined;
}

export function codeLabel(code: string, value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  return codemap(code)?.items.find((i) => i.value === String(value))?.label;
}

/** Labels of a multi-choice value, joined as the print and list views show them. */
export function codeLabels(code: string, values: readonly string[] | string | null | undefined, sep = '，'): string {
  const list = Array.isArray(values) ? values : typeof values === 'string' && values !== '' ? values.split(',') : [];
  return list.map((v) => codeLabel(code, v) ?? v).join(sep);
}

export function codemapOptions(code: string): DictOption[] | undefined {
  return codemap(code)?.items.map((i) => ({ value: i.value, label: i.label }));
}

/**
 * The item whose band holds a number: min and max both inclusive, an absent end unbounded (first match
 * wins). Items with neither end are not bands: a map without bands (a plain frequency scale) holds no number.
 */
export function bandOf(code: string, n: number): CodeItem | undefined {
  return codemap(code)?.items.find(
    (i) => (i.min !== undefined || i.max !== undefined) && (i.min === undefined || n >= i.min) && (i.max === undefined || n <= i.max),
  );
}

/** A lookup that asks `primary` first and falls back to the code maps. */
export function withCodemapFallback(primary?: EvalContext['lookupDictionary']): (code: string, field: FieldDef) => DictOption[] | undefined {
  return (code, field) => primary?.(code, field) ?? codemapOptions(code);
}
