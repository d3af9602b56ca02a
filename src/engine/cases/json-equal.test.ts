import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal';

describe('jsonEqual', () => {
  it('compares primitives by value, NaN equal to itself', () => {
    expect(jsonEqual(1, 1)).toBe(true);
    expect(jsonEqual('a', 'a')).toBe(true);
    expect(jsonEqual(null, null)).toBe(true);
    expect(jsonEqual(NaN, NaN)).toBe(true);
    expect(jsonEqual(1, '1')).toBe(false);
    expect(jsonEqual(0, false)).toBe(false);
    expect(jsonEqual(null, undefined)).toBe(false);
    expect(jsonEqual(null, {})).toBe(false);
  });

  it('compares arrays item by item, in order', () => {
    expect(jsonEqual(['1', '2'], ['1', '2'])).toBe(true);
    expect(jsonEqual(['1', '2'], ['2', '1'])).toBe(false);
    expect(jsonEqual([1], [1, 2])).toBe(false);
    expect(jsonEqual([], {})).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
  });

  it('compares objects by their keys in any order, deeply; an undefined value counts as absent', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 'x' }] } }, { b: { c: [1, { d: 'x' }] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 'x' }] } }, { a: 1, b: { c: [1, { d: 'y' }] } })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({}, {})).toBe(true);
  });
});
