// expr-eval configured as a sandbox: no member access, no assignment or function definition, none of
// the library's own functions or constants (random, map, fold, E, PI…), only FUNCTIONS below.
// Operators treat an empty operand (null) as "no value" and give null, so a rule never computes from
// a blank as if it were 0 (expr-eval's own '+' would turn null into 0).
import { Parser, type Expression } from 'expr-eval-fork';
import { FUNCTIONS, type ClockCell } from './functions';
import { isEmptyValue } from '../runtime/values';

const DISABLED_OPERATORS = [
  'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh',
  'sqrt', 'cbrt', 'log', 'log2', 'ln', 'lg', 'log10', 'expm1', 'log1p', 'abs', 'ceil', 'floor',
  'round', 'trunc', 'exp', 'length', 'sign', 'random', 'min', 'max', 'factorial', 'assignment',
  'fndef', 'concatenate', 'array',
] as const;

/** Internal instruction of a parsed expression (expr-eval keeps them in reverse Polish order). */
export interface Instruction {
  type: string;
  value: unknown;
}

export interface ParsedExpression extends Expression {
  tokens: Instruction[];
}

type Bin = (a: unknown, b: unknown) => unknown;
const isNil = (v: unknown): boolean => v === null || v === undefined;
const nullSafe2 = (f: Bin): Bin => (a, b) => (isNil(a) || isNil(b) ? null : f(a, b));

export function createSandboxParser(clock: ClockCell): Parser {
  const operators: Record<string, boolean> = {};
  for (const op of DISABLED_OPERATORS) operators[op] = false;
  const parser = new Parser({ allowMemberAccess: false, operators });

  const functions: Record<string, (...args: unknown[]) => unknown> = Object.create(null) as Record<string, never>;
  for (const [name, spec] of Object.entries(FUNCTIONS)) {
    functions[name] = (...args: unknown[]) => {
      if (!spec.nullAware && args.some((a) => isEmptyValue(a))) return null;
      const out = spec.impl(clock, ...args);
      return typeof out === 'number' && !Number.isFinite(out) ? null : out;
    };
  }
  parser.functions = functions;
  parser.consts = { true: true, false: false };

  // binaryOps is real but missing from the library's typings.
  const b = (parser as unknown as { binaryOps: Record<string, Bin> }).binaryOps;
  b['+'] = nullSafe2((x, y) => (x as number) + (y as number));
  b['-'] = nullSafe2((x, y) => (x as number) - (y as number));
  b['*'] = nullSafe2((x, y) => (x as number) * (y as number));
  b['/'] = nullSafe2((x, y) => ((y as number) === 0 ? null : (x as number) / (y as number)));
  b['%'] = nullSafe2((x, y) => ((y as number) === 0 ? null : (x as number) % (y as number)));
  b['^'] = nullSafe2((x, y) => Math.pow(x as number, y as number));
  b['=='] = nullSafe2((x, y) => x === y);
  b['!='] = nullSafe2((x, y) => x !== y);
  b['<'] = nullSafe2((x, y) => (x as number) < (y as number));
  b['>'] = nullSafe2((x, y) => (x as number) > (y as number));
  b['<='] = nullSafe2((x, y) => (x as number) <= (y as number));
  b['>='] = nullSafe2((x, y) => (x as number) >= (y as number));
  b['in'] = (x, y) => (isNil(x) || !Array.isArray(y) ? false : y.includes(x));
  const u = parser.unaryOps as Record<string, (a: unknown) => unknown>;
  u['-'] = (x) => (isNil(x) ? null : -(x as number));
  u['+'] = (x) => (isNil(x) ? null : Number(x));
  u['not'] = (x) => (isNil(x) ? null : !x);
  return parser;
}

export function parseExpression(parser: Parser, source: string): ParsedExpression {
  return parser.parse(source) as ParsedExpression;
}
