import { describe, expect, it } from 'vitest';
import { checkMobile, hasNoChinese, matchesPattern, sanitiseNumberInput, type PatternName } from './patterns';

describe('checkMobile', () => {
  it.each([
    ['', '手机号码不能为空'],
    [null, '手机号码不能为空'],
    ['1381234567', '手机号码长度不为11位'],
    ['0755-12345678', '手机号码长度不为11位'],
    ['075512345678', '手机号码长度不为11位'],
    ['02012345678', '手机号码格式不正确'],
    ['1381234567a', '手机号码格式不正确'],
  ])('%s → %s', (v, message) => {
    expect(checkMobile(v)).toEqual({ ok: false, message });
  });
  it('accepts 11 digits starting with 1', () => {
    expect(checkMobile('13812345678')).toEqual({ ok: true });
    expect(checkMobile(13812345678)).toEqual({ ok: true });
  });
});

describe('patterns', () => {
  it.each<[PatternName, string, boolean]>([
    ['decimal2', '12', true],
    ['decimal2', '12.5', true],
    ['decimal2', '12.55', true],
    ['decimal2', '12.555', false],
    ['decimal2', '-1', false],
    ['decimal3', '1.234', true],
    ['decimal3', '1.2345', false],
    ['decimal1', '36.5', true],
    ['decimal1', '36.55', false],
    ['decimal1', '36.', false],
    ['digits7to8', '1234567', true],
    ['digits7to8', '12345678', true],
    ['digits7to8', '123456', false],
    ['digits7to8', '123456789', false],
    ['alphanumeric', 'abC123', true],
    ['alphanumeric', 'ab_1', false],
    ['alphanumeric', '中文', false],
    ['url', 'https://example.org/a?b=1', true],
    ['url', 'http://10.0.0.1:8080', true],
    ['url', 'ftp://x', false],
    ['url', 'example.org', false],
    ['idCard', '110105491231002', true],
    ['idCard', '11010519491231002X', true],
    ['idCard', '1101051949123100', false],
    ['mobile', '13812345678', true],
    ['mobile', '23812345678', false],
  ])('%s %s → %s', (name, v, ok) => {
    expect(matchesPattern(name, v)).toBe(ok);
  });
  it('finds Chinese characters', () => {
    expect(hasNoChinese('abc 123')).toBe(true);
    expect(hasNoChinese('abc中')).toBe(false);
  });
});

describe('sanitiseNumberInput', () => {
  it.each<[string | number | null, string]>([
    ['12a3.4', '123.4'],
    ['-5', '0'],
    [-5, '0'],
    [' 1,234 ', '1234'],
    ['abc', ''],
    [null, ''],
    [3.5, '3.5'],
  ])('%s → %s', (v, out) => {
    expect(sanitiseNumberInput(v)).toBe(out);
  });
});
