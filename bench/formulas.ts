// Expression templates for generated rules. Each one is written twice: as the engine's expression
// syntax and as a plain JavaScript closure with the same meaning. The closures drive the Formily
// comparison form and cross-check the engine's values, so both sides do the same arithmetic.
import { bmi, daysBetween, isEmptyValue, roundTo, type FieldValue } from '../src/engine';

/** n: number field, c: yes/no code field, d: date field. */
export type ArgKind = 'n' | 'c' | 'd';

export interface Template {
  args: ArgKind[];
  /** Uses hasValue/ifEmpty: evaluated even when an input is empty. */
  nullAware?: boolean;
  expr: (names: string[]) => string;
  fn: (values: FieldValue[]) => FieldValue;
}

export interface Formula {
  expr: string;
  /** Fields read, in the order `fn` receives their values. */
  deps: string[];
  nullAware: boolean;
  fn: (values: FieldValue[]) => FieldValue;
}

const num = (v: FieldValue | undefined): number => v as number;
const at = (names: string[], i: number): string => names[i] as string;

/** Calculations of a number field (the mix a follow-up form has: sums, scores, BMI, day counts). */
export const CALC_TEMPLATES: readonly Template[] = [
  { args: ['n', 'n'], expr: (x) => `round(${at(x, 0)} + ${at(x, 1)}, 1)`, fn: ([a, b]) => roundTo(num(a) + num(b), 1) },
  { args: ['n', 'n'], expr: (x) => `${at(x, 0)} * 2 - ${at(x, 1)}`, fn: ([a, b]) => num(a) * 2 - num(b) },
  { args: ['n', 'n'], expr: (x) => `calcBmi(${at(x, 0)}, ${at(x, 1)})`, fn: ([a, b]) => bmi(num(a), num(b)) },
  { args: ['n', 'n'], expr: (x) => `max(${at(x, 0)}, ${at(x, 1)})`, fn: ([a, b]) => Math.max(num(a), num(b)) },
  { args: ['n', 'n'], expr: (x) => `abs(${at(x, 0)} - ${at(x, 1)})`, fn: ([a, b]) => Math.abs(num(a) - num(b)) },
  {
    args: ['n', 'n'],
    nullAware: true,
    expr: (x) => `ifEmpty(${at(x, 0)}, 0) + ifEmpty(${at(x, 1)}, 0)`,
    fn: ([a, b]) => (isEmptyValue(a) ? 0 : num(a)) + (isEmptyValue(b) ? 0 : num(b)),
  },
  {
    args: ['c', 'n'],
    expr: (x) => `${at(x, 0)} == "2" ? ${at(x, 1)} * 2 : ${at(x, 1)}`,
    fn: ([c, a]) => (c === '2' ? num(a) * 2 : num(a)),
  },
  { args: ['d', 'd'], expr: (x) => `daysBetween(${at(x, 0)}, ${at(x, 1)})`, fn: ([a, b]) => daysBetween(a, b) },
  {
    args: ['n', 'n', 'n'],
    expr: (x) => `round((${at(x, 0)} + ${at(x, 1)} + ${at(x, 2)}) / 3, 1)`,
    fn: ([a, b, c]) => roundTo((num(a) + num(b) + num(c)) / 3, 1),
  },
];

/** Anomaly checks (true raises the message). */
export const CHECK_TEMPLATES: readonly Template[] = [
  { args: ['n'], expr: (x) => `${at(x, 0)} > 250`, fn: ([a]) => num(a) > 250 },
  { args: ['n', 'n'], expr: (x) => `${at(x, 0)} <= ${at(x, 1)}`, fn: ([a, b]) => num(a) <= num(b) },
  { args: ['n'], expr: (x) => `${at(x, 0)} < 10`, fn: ([a]) => num(a) < 10 },
];

/** Conditions of display, required and disabled rules: mostly a yes/no gate, as on real forms. */
export const CONDITION_TEMPLATES: readonly Template[] = [
  { args: ['c'], expr: (x) => `${at(x, 0)} == "2"`, fn: ([c]) => c === '2' },
  { args: ['c'], expr: (x) => `${at(x, 0)} == "1"`, fn: ([c]) => c === '1' },
  { args: ['n'], expr: (x) => `${at(x, 0)} >= 140`, fn: ([a]) => num(a) >= 140 },
  { args: ['c', 'n'], expr: (x) => `${at(x, 0)} == "2" and ${at(x, 1)} > 50`, fn: ([c, a]) => c === '2' && num(a) > 50 },
  { args: ['d'], nullAware: true, expr: (x) => `hasValue(${at(x, 0)})`, fn: ([d]) => !isEmptyValue(d) },
];

export function formulaOf(t: Template, names: string[]): Formula {
  return { expr: t.expr(names), deps: names, nullAware: t.nullAware === true, fn: t.fn };
}

/**
 * Evaluates a closure the way the engine evaluates the expression: an empty input gives no value
 * unless the template is null-aware, and a non-finite number is no value.
 */
export function runFormula(f: Formula, values: FieldValue[]): FieldValue {
  if (!f.nullAware && values.some((v) => isEmptyValue(v))) return null;
  const out = f.fn(values);
  return typeof out === 'number' && !Number.isFinite(out) ? null : out;
}
