import { describe, expect, it } from 'vitest';
import { FUNCTIONS, type Clock } from './functions';
import { createSandboxParser, parseErrorText, sandboxFunctions, withFunctions, type ParsedExpression } from './sandbox';
import type { ExprType } from './types';

const parser = createSandboxParser({ now: new Date('2024-06-15T10:00:00') });
const run = (src: string, values: Record<string, unknown> = {}): unknown => parser.parse(src).evaluate(values as never);

describe('expression sandbox', () => {
  it('has no member access, assignment or function definition', () => {
    expect(() => parser.parse('x.constructor')).toThrow(/member access/);
    expect(() => parser.parse('x = 1')).toThrow();
    expect(() => parser.parse('f(x) = x')).toThrow();
  });

  it('has none of the library functions or constants', () => {
    expect(() => run('random(1)')).toThrow();
    expect(() => run('map(f, [1])')).toThrow();
    expect(() => run('PI')).toThrow(/undefined variable/);
    expect(() => run('sin(1)')).toThrow();
  });

  it('does not call functions smuggled in through values', () => {
    expect(() => run('f()', { f: () => 'pwned' })).toThrow(/not an allowed function|unallowed/i);
    expect(() => run('__proto__', {})).toThrow(/prototype/);
  });

  it('calls the registered functions, with the clock passed in', () => {
    expect(run('calcBmi(70, 170)')).toBe(24.22);
    expect(run('today()')).toBe('2024-06-15');
    expect(run('calcAge("2000-06-16")')).toBe(23);
    expect(run('round(2.345, 2)')).toBe(2.35);
  });

  it('evaluates an expression parsed without a clock with the clock of each evaluation, leaving it as parsed', () => {
    const parsed = createSandboxParser().parse('calcAge(b)') as ParsedExpression;
    const at = (iso: string) => withFunctions(parsed, sandboxFunctions({ now: new Date(iso) })).evaluate({ b: '2000-06-16' });
    expect(at('2024-06-15T10:00:00')).toBe(23);
    expect(at('2024-06-16T10:00:00')).toBe(24);
    // No clock of its own: reading one is refused rather than computed from a made-up date.
    expect(() => parsed.evaluate({ b: '2000-06-16' })).toThrow(/clock/);
  });

  it('marks every function that reads the clock, so the runner hands it one', () => {
    // An unmarked reader would run without a clock and leave its rule without a value.
    const sample: Record<ExprType, unknown> = { number: 1, string: '1', date: '2024-06-15', boolean: true, list: ['1'], any: '1' };
    const readers: string[] = [];
    for (const [name, spec] of Object.entries(FUNCTIONS)) {
      let read = false;
      const spy: Clock = {
        get now() {
          read = true;
          return new Date('2024-06-15T10:00:00');
        },
      };
      try {
        spec.impl(spy, ...spec.params.map((p) => sample[p]));
      } catch {
        // A helper refusing the sample arguments says nothing about the clock.
      }
      if (read) readers.push(name);
    }
    expect(readers.length).toBeGreaterThan(0);
    for (const name of readers) expect({ name, usesClock: FUNCTIONS[name]?.usesClock }).toEqual({ name, usesClock: true });
  });

  it('propagates empty values instead of treating them as 0', () => {
    expect(run('x + 1', { x: null })).toBeNull();
    expect(run('x > 1', { x: null })).toBeNull();
    expect(run('not (x > 1)', { x: null })).toBeNull();
    expect(run('x == "1"', { x: null })).toBeNull();
    expect(run('calcBmi(x, 170)', { x: null })).toBeNull();
    expect(run('hasValue(x)', { x: null })).toBe(false);
    expect(run('ifEmpty(x, 3) + 1', { x: null })).toBe(4);
    expect(run('x / 0', { x: 1 })).toBeNull();
  });

  it('grades blood pressure with the guideline, apart from the control target and the low warning', () => {
    expect(run('toCode(bpGuidelineGrade(165, 100))')).toBe('3');
    expect(run('toCode(bpGuidelineGrade(120, 80))')).toBe('1');
    expect(run('toCode(bpGuidelineGrade(s, d))', { s: 150, d: null })).toBeNull();
    expect(run('bpControlled(145, 80, 70)')).toBe(true);
    expect(run('bpLow(85, 55)')).toBe(true);
    // The spec's levels stay callable for stored form versions: 145/80 at 70 is their level 2.
    expect(run('bpSeverity(145, 80, 70)')).toBe(2);
  });

  it('an empty input gives the false branch of a ternary when its condition is null: rules guard with hasValue', () => {
    // Why bpControl.calc once showed 未达标 on a blank form (rules/README.md, "Empty inputs").
    expect(run('bpControlled(s, d, ifEmpty(a, 0)) ? "1" : "2"', { s: null, d: null, a: null })).toBe('2');
    expect(run('hasValue(s) and hasValue(d) ? (bpControlled(s, d, ifEmpty(a, 0)) ? "1" : "2") : ""', { s: null, d: null, a: null })).toBe(
      '',
    );
  });

  it('tests membership in code lists', () => {
    expect(run('"2" in s', { s: ['1', '2'] })).toBe(true);
    expect(run('"3" in s', { s: null })).toBe(false);
    expect(run('contains(s, "1")', { s: ['1'] })).toBe(true);
  });

  it('words the parser errors in Chinese, keeping the [line:column] the designer places them by', () => {
    const said = (src: string): string => {
      try {
        parser.parse(src);
      } catch (e) {
        return parseErrorText(parser, src, e);
      }
      return 'parsed';
    };
    expect(said('a > 1 or or b')).toBe('[1:10] "or" 前缺少条件');
    expect(said('and b')).toBe('[1:1] "and" 前缺少条件');
    expect(said('a >\n  or b')).toBe('[2:3] "or" 前缺少条件');
    expect(said('a or')).toBe('[1:5] 表达式不完整');
    expect(said('')).toBe('[1:1] 表达式不完整');
    expect(said('(a > 1')).toBe('[1:7] 缺少右括号 ")"');
    expect(said('a ? 1')).toBe('[1:6] 条件 "?" 之后缺少 ":"');
    expect(said('1 2')).toBe('[1:4] 表达式已完整，后面还有多余的内容');
    expect(said('x == "abc')).toBe('[1:6] 字符串没有结束（缺少右引号 "）');
    expect(said('a # b')).toBe('[1:3] 不认识的字符 "#"');
    expect(said('a = 1')).toBe('[1:3] 不认识的字符 "="（相等请写 ==）');
    expect(said('f(a,)')).toBe('[1:5] ")" 前缺少值');
    expect(said('x == "a\\q"')).toBe('[1:11] 字符串中有不正确的转义 "\\q"');
    expect(said('a.b')).toBe('不支持用 "." 取属性');
    for (const src of ['a or', 'a > 1 or or b', '(a > 1', ',', 'a.b']) expect(said(src)).not.toMatch(/[A-Za-z]{4,}|TEOF|TOP/);
  });
});
