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

/** 1-based line and column of an offset, as expr-eval counts them. */
function coordinates(source: string, offset: number): string {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return `[${line}:${offset - (before.lastIndexOf('\n') + 1) + 1}]`;
}

const MAX_LOCATE = 2000;

/**
 * Where the token of an "unexpected <token>" error starts (expr-eval says which token, not where):
 * the shortest prefix that fails with the same message ends with that token.
 */
function locateUnexpected(parser: Parser, source: string, raw: string, token: string): number | undefined {
  if (source.length > MAX_LOCATE) return undefined;
  for (let end = 1; end <= source.length; end++) {
    try {
      parser.parse(source.slice(0, end));
    } catch (e) {
      if (e instanceof Error && e.message === raw) return Math.max(0, end - token.length);
    }
  }
  return undefined;
}

function unknownCharacter(c: string): string {
  if (c === '"' || c === "'") return `字符串没有结束（缺少右引号 ${c}）`;
  if (c === '=') return '不认识的字符 "="（相等请写 ==）';
  return `不认识的字符 "${c}"`;
}

function expected(what: string): string {
  if (what === ')') return '缺少右括号 ")"';
  if (what === ']') return '缺少右方括号 "]"';
  if (what === ':') return '条件 "?" 之后缺少 ":"';
  if (what === 'EOF') return '表达式已完整，后面还有多余的内容';
  if (what === 'TNAME') return '缺少名称';
  return `缺少 "${what}"`;
}

/** An "unexpected <token>" of ParserState.parseAtom: a value was wanted where the token stands. */
function unexpectedToken(type: string, value: string): string {
  if (type === 'TEOF') return '表达式不完整';
  if (type === 'TOP' && (value === 'or' || value === 'and')) return `"${value}" 前缺少条件`;
  if (type === 'TSEMICOLON') return '不支持 ";"';
  return `"${value}" 前缺少值`;
}

/**
 * expr-eval's parse errors (TokenStream.parseError, ParserState.expect and parseAtom,
 * parseMemberExpression) in the analysts' words, with the `[line:column]` the designer places its
 * squiggle by (form-designer/diagnostics.ts placeOf): `unexpected TOP: or` → `[1:7] "or" 前缺少条件`,
 * `unexpected TEOF: EOF` → `[1:4] 表达式不完整`, `parse error [1:7]: Expected )` → `[1:7] 缺少右括号 ")"`.
 */
export function parseErrorText(parser: Parser, source: string, error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const located = /^parse error (\[\d+:\d+\]): ([\s\S]*)$/.exec(raw);
  if (located) {
    const [, at, message = ''] = located;
    const unknown = /^Unknown character "([\s\S])"$/.exec(message);
    if (unknown) return `${at} ${unknownCharacter(unknown[1] as string)}`;
    const want = /^Expected ([\s\S]+)$/.exec(message);
    if (want) return `${at} ${expected(want[1] as string)}`;
    const escape = /^Illegal escape sequence: ([\s\S]*)$/.exec(message);
    if (escape) return `${at} 字符串中有不正确的转义 ${escape[1] as string}`;
    return `${at} 无法解析（${message}）`;
  }
  const unexpected = /^unexpected (T[A-Z]+): ([\s\S]*)$/.exec(raw);
  if (unexpected) {
    const [, type = '', value = ''] = unexpected;
    const offset = type === 'TEOF' ? source.trimEnd().length : locateUnexpected(parser, source, raw, value);
    const text = unexpectedToken(type, value);
    return offset === undefined ? text : `${coordinates(source, offset)} ${text}`;
  }
  if (/^unexpected "\."/.test(raw)) return '不支持用 "." 取属性';
  if (/^unexpected "\[\]"/.test(raw)) return '不支持用 "[]" 取下标';
  const symbol = /^unexpected symbol: ([\s\S]*)$/.exec(raw);
  if (symbol) return `意外的符号 "${symbol[1] as string}"`;
  if (raw === 'function definition is not permitted') return '不能定义函数';
  if (raw === 'expected variable for assignment') return '"=" 左边必须是变量';
  return `无法解析（${raw}）`;
}
