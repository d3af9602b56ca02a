import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentIdNode, ID_NODES, idNodeOf, newId, useIdNode } from './ids';

describe('newId', () => {
  const before = currentIdNode();
  afterEach(() => useIdNode(before));

  /** A fresh copy of the module: what a second server process has (its own sequence and node). */
  const anotherProcess = async () => {
    vi.resetModules();
    return import('./ids');
  };

  it('never repeats an id of another process that holds another node, even in the same millisecond', async () => {
    const [a, b] = [await anotherProcess(), await anotherProcess()];
    const at = Date.UTC(2030, 0, 1);
    const both = (first: typeof a, second: typeof b) => {
      const made = Array.from({ length: 100 }, () => [first.newId(at), second.newId(at)]).flat();
      return new Set(made).size;
    };
    // Two processes on the same node, as before nodes existed: the same ids, the second insert fails.
    expect(both(a, b)).toBe(100);
    a.useIdNode(1);
    b.useIdNode(2);
    expect(both(a, b)).toBe(200);
    expect(a.idNodeOf(a.newId(at))).toBe(1);
    expect(b.idNodeOf(b.newId(at))).toBe(2);
  });

  it('keeps ids unique and rising past 4,096 in one millisecond, and when the clock goes back', () => {
    useIdNode(7);
    const at = Date.UTC(2031, 0, 1);
    const ids = Array.from({ length: 10_000 }, (_, i) => newId(i < 9_000 ? at : at - 5_000));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    expect(ids.every((id) => idNodeOf(id) === 7)).toBe(true);
  });

  it('sorts by time and fits the blade API (a decimal string of at most 19 digits)', () => {
    useIdNode(ID_NODES - 1);
    const early = newId(Date.UTC(2032, 0, 1));
    const late = newId(Date.UTC(2032, 0, 2));
    expect(BigInt(late) > BigInt(early)).toBe(true);
    expect(late).toMatch(/^\d{1,19}$/);
    expect(BigInt(late) < 2n ** 63n).toBe(true);
  });

  it('refuses a node outside 0 … 1023', () => {
    expect(() => useIdNode(ID_NODES)).toThrow(RangeError);
    expect(() => useIdNode(-1)).toThrow(RangeError);
    expect(() => useIdNode(1.5)).toThrow(RangeError);
  });
});
