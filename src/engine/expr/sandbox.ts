// expr-eval configured as a sandbox: no member access, no assignment or function definition, none of
// the library's own functions or constants (random, map, fold, E, PI…), only FUNCTIONS below.
// Operators treat an empty operand (null) as "no value" and give null, so a rule never computes from
// a blank as if it were 0 (expr-eval's own '+' would turn null into 0).
import { Parser, type Expression } from 'expr-eval-fork';
import { FUNCTIONS, type Clock } from './functions';
import { isEmptyValue } from '../runtime/values';

const DISABLED_OPERATORS = [
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'sinh',
  'cosh',
  'tanh',
  'asinh',
  'acosh',
  'atanh',
  'sqrt',
  'cbrt',
  'log',
  'log2',
  'ln',
  'lg',
  'log10',
  'expm1',
  'log1p',
  'abs',
  'ceil',
  'floor',
  'round',
  'trunc',
  'exp',
  'length',
  'sign',
  'random',
  'min',
  'max',
  'factorial',
  'assignment',
  'fndef',
  'concatenate',
  'array',
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
const nullSafe2 =
  (f: Bin): Bin =>
  (a, b) =>
    isNil(a) || isNil(b) ? null : f(a, b);

/** The registered functions as expressions call them. */
export type SandboxFunctions = Record<string, (...args: unknown[]) => unknown>;

/**
 * The clock of a parser made without one. Compiling never calls a function that reads the clock
 * (an expression that does is not constant), so reading it is a bug: it throws, and the runner would
 * show the rule as having no value rather than computing from a made-up date.
 */
const NO_CLOCK: Clock = {
  get now(): Date {
    throw new Error('a clock-reading function ran without the clock of an evaluation');
  },
};

/** FUNCTIONS wrapped for the sandbox: empty arguments give null, as do infinite results. */
export function sandboxFunctions(clock: Clock): SandboxFunctions {
  const functions: SandboxFunctions = Object.create(null) as SandboxFunctions;
  for (const [name, spec] of Object.entries(FUNCTIONS)) {
    functions[name] = (...args: unknown[]) => {
      if (!spec.nullAware && args.some((a) => isEmptyValue(a))) return null;
      const out = spec.impl(clock, ...args);
      return typeof out === 'number' && !Number.isFinite(out) ? null : out;
    };
  }
  return functions;
}

/**
 * A parser for the sandbox. The compiler's parser has no clock: the runner evaluates the expressions
 * that read it with `withFunctions(parsed, sandboxFunctions(clock))`, so one compiled form serves any
 * number of evaluations with different clocks and is never written to.
 */
export function createSandboxParser(clock: Clock = NO_CLOCK): Parser {
  const operators: Record<string, boolean> = {};
  for (const op of DISABLED_OPERATORS) operators[op] = false;
  const parser = new Parser({ allowMemberAccess: false, operators });

  const functions = sandboxFunctions(clock);
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

/**
 * The parsed expression, evaluated with other functions (those of one evaluation's clock). expr-eval
 * copies the parser's functions onto each expression when parsing and reads them from the expression
 * when evaluating, so an object layered over the parsed one replaces just them; the parsed expression
 * itself is left as compiled. Pass only `sandboxFunctions(…)`: whatever is given here, an expression
 * may call.
 */
export function withFunctions(parsed: ParsedExpression, functions: SandboxFunctions): ParsedExpression {
  return Object.create(parsed, { functions: { value: functions } }) as ParsedExpression;
}

/**
 * Just the named functions of `functions`: what one expression calls. expr-eval checks every call
 * against the expression's functions by copying them into an array (isAllowedFunc), so an
 * expression bound to the few it calls checks a handful instead of all of them — a third of a
 * submit's rule time on the hypertension follow-up went there — and can call nothing else.
 */
export function onlyFunctions(functions: SandboxFunctions, names: readonly string[]): SandboxFunctions {
  const only: SandboxFunctions = Object.create(null) as SandboxFunctions;
  for (const name of names) {
    const f = functions[name];
    if (f) only[name] = f;
  }
  return only;
}
