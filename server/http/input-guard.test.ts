import { describe, expect, it } from 'vitest';
import { findBadInput, isStorableText, MAX_PAGE_NUMBER, MAX_PAGE_SIZE, pagingProblem } from './input-guard';

describe('the input guard’s checks (issue 22 §8)', () => {
  it('tells storable text from NUL and lone surrogates, keeping paired ones', () => {
    expect(isStorableText('张三 𠀋 😀')).toBe(true);
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\ud800b', '\udc00', '😀'.slice(1)])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('finds the path of the first bad string or key, and refuses nesting past 32 levels', () => {
    expect(findBadInput({ values: { a: 'ok', list: ['x', 'y\u0000'] } })).toEqual({ path: 'values.list.1', reason: 'text' });
    expect(findBadInput({ ['k\ud800']: 1 })).toEqual({ path: 'k\ud800', reason: 'text' });
    expect(findBadInput({ a: 1, b: [true, null, { c: '好' }] })).toBeNull();
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findBadInput(deep)).toMatchObject({ reason: 'depth' });
  });

  it('accepts whole page numbers within the documented bounds only', () => {
    expect(pagingProblem({ current: '1', size: String(MAX_PAGE_SIZE) })).toBeNull();
    expect(pagingProblem({ current: String(MAX_PAGE_NUMBER) })).toBeNull();
    expect(pagingProblem({})).toBeNull();
    for (const current of ['0', '-1', '1e20', '1.5', ' 1', '0x10', String(MAX_PAGE_NUMBER + 1)])
      expect(pagingProblem({ current }), current).toBe(`参数[current]应为1到${MAX_PAGE_NUMBER}之间的整数`);
    expect(pagingProblem({ size: String(MAX_PAGE_SIZE + 1) })).toBe(`参数[size]应为1到${MAX_PAGE_SIZE}之间的整数`);
    expect(pagingProblem({ size: ['10', '20'] })).toMatch(/^参数\[size\]/);
  });
});
