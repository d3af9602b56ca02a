import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile';
import { stepAndTimeBudget, EvaluationBudgetExceeded } from '../runtime/budget';
import type { FormDocument } from '../types';
import { matchesFieldPattern, patternProblem, toRe2Syntax } from './pattern';
import { validateForSubmit } from './submit';

const doc = (regExp: string): FormDocument => ({
  formCode: 'p',
  formName: 'p',
  version: 1,
  fields: [{ fieldProp: 'code', fieldLabel: '编码', fieldType: 3, regExp }],
});

describe('field patterns on RE2 (issue 22 §2)', () => {
  it('answers a catastrophic pattern at once instead of backtracking for seconds', () => {
    const started = performance.now();
    expect(matchesFieldPattern('^(a+)+$', `${'a'.repeat(32)}!`)).toBe(false);
    expect(matchesFieldPattern('^(a+)+$', `${'a'.repeat(100_000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(matchesFieldPattern('^(a+)+$', 'aaaa')).toBe(true);
  });

  it('matches as RegExp.test does: unanchored search, \\d, \\uXXXX ranges, anchors at the end of the text', () => {
    for (const [source, text] of [
      ['^\\d{2,3}$', '120'],
      ['^\\d{2,3}$', '1200'],
      ['\\d', 'ab1'],
      ['^[\\u4e00-\\u9fa5]+$', '张三'],
      ['^[\\u4e00-\\u9fa5]+$', 'zhang'],
      ['^1\\d{10}$', '13800138000'],
      ['^\\d+$', '12\n'],
      ['a\\\\u0041', 'a\\u0041'],
    ] as const) {
      expect(matchesFieldPattern(source, text), `${source} ~ ${text}`).toBe(new RegExp(source).test(text));
    }
    expect(toRe2Syntax('[\\u4e00-\\u9fa5]')).toBe('[\\x{4e00}-\\x{9fa5}]');
  });

  it('refuses backreferences and lookaround in Chinese, naming the field, when the form compiles', () => {
    expect(patternProblem('(a)\\1')).toMatch(/反向引用/);
    expect(patternProblem('^(?=.*\\d).+$')).toMatch(/断言/);
    expect(patternProblem('a(?<!b)')).toMatch(/断言/);
    expect(patternProblem('^(a+)+$')).toBeNull();
    const result = compileDocument(doc('^(?!0)\\d+$'));
    expect(result.form).toBeUndefined();
    expect(result.errors).toEqual([
      expect.objectContaining({ field: 'code', message: expect.stringMatching(/^字段「编码」的校验正则 regExp 不支持前后断言/) }),
    ]);
    expect(compileDocument(doc('^(a+)+$')).errors).toEqual([]);
  });

  it('a submit stops with the budget error once its steps or time are spent', () => {
    const form = compileDocument(doc('^\\d+$')).form!;
    const now = new Date('2026-01-01T00:00:00Z');
    expect(validateForSubmit(form, { code: '12' }, { now, budget: stepAndTimeBudget(100, 1000, () => 0) }).ok).toBe(true);
    expect(() => validateForSubmit(form, { code: '12' }, { now, budget: stepAndTimeBudget(0, 1000, () => 0) })).toThrow(
      EvaluationBudgetExceeded,
    );
    let t = 0;
    const slowClock = () => (t += 1000);
    expect(() => validateForSubmit(form, { code: '12' }, { now, budget: stepAndTimeBudget(100, 1000, slowClock) })).toThrow(
      /表单规则计算超出限制/,
    );
  });
});
