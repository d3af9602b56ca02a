import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonText } from './json-text';

describe('parseJsonText', () => {
  it('gives the value and the line of every property and item', () => {
    const text =
      '{\n  "formCode": "x",\n  "fields": [\n    { "fieldProp": "a",\n      "fieldType": 9 },\n    {"a/b": {"c~d": 1}}\n  ]\n}\n';
    const parsed = parseJsonText(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.value).toEqual(JSON.parse(text));
    expect(parsed.positionOf('')).toEqual({ line: 1, column: 1 });
    expect(parsed.positionOf('/formCode')).toEqual({ line: 2, column: 3 });
    expect(parsed.positionOf('/fields/0')).toEqual({ line: 4, column: 5 });
    expect(parsed.positionOf('/fields/0/fieldType').line).toBe(5);
    expect(parsed.positionOf('/fields/1/a~1b/c~0d').line).toBe(6);
    // A property that is not there (a missing required one) is placed at its parent.
    expect(parsed.positionOf('/fields/0/fieldLabel').line).toBe(4);
    expect(parsed.positionOf('/').line).toBe(1);
  });

  it('names the line and column of a syntax error in Chinese', () => {
    const cases: [string, number, number, RegExp][] = [
      ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /逗号或 }/],
      ['{\n  "a": [1, 2,]\n}', 2, 14, /一个值/],
      ["{\n  'a': 1\n}", 2, 3, /双引号/],
      ['{"a": "x\ny"}', 1, 9, /控制字符/],
      ['{"a": 1', 1, 8, /文件意外结束/],
      ['{"a": 01}', 1, 8, /逗号或 }/],
      ['{"a": 1} x', 1, 10, /多余的内容/],
      ['{"a": "abc', 1, 7, /没有结束/],
      ['', 1, 1, /文件意外结束/],
    ];
    for (const [text, line, column, message] of cases) {
      const parsed = parseJsonText(text);
      expect(parsed.ok, text).toBe(false);
      if (parsed.ok) continue;
      expect(parsed.position, text).toEqual({ line, column });
      expect(parsed.message, text).toMatch(message);
    }
  });

  it('accepts a byte-order mark and refuses very deep nesting instead of overflowing', () => {
    const bom = parseJsonText('\uFEFF{"a": 1}');
    expect(bom.ok && bom.value).toEqual({ a: 1 });
    const deep = parseJsonText('['.repeat(100000));
    expect(deep.ok).toBe(false);
  });

  it('refuses a key repeated in one object, at the second key, naming it', () => {
    const parsed = parseJsonText('{\n  "a": 1,\n  "b": {"a": 2, "c": 3},\n  "a": 4\n}\n');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.position).toEqual({ line: 4, column: 3 });
    expect(parsed.message).toBe('属性 "a" 重复');
    expect(parsed.duplicateKey).toBe('a');
    // The same key in two objects is fine; an escaped spelling of the same key is the same key.
    expect(parseJsonText('[{"a": 1}, {"a": 2}]').ok).toBe(true);
    const escaped = parseJsonText('{"ab": 1, "a\\u0062": 2}');
    expect(escaped.ok || escaped.position).toEqual({ line: 1, column: 11 });
  });

  it('agrees with JSON.parse on what is JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
        let expected: unknown;
        let valid = true;
        try {
          expected = JSON.parse(text);
        } catch {
          valid = false;
        }
        const parsed = parseJsonText(text);
        expect(parsed.ok).toBe(valid);
        if (parsed.ok) expect(parsed.value).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
