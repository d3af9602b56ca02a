// Small helpers of the document diff (diff.ts): equality, how a value reads in a sentence, and which
// items of a list moved.

/** One difference between two versions of a form, with the sentence a reviewer reads. */
export interface DocumentChange {
  kind: 'form' | 'placement' | 'section' | 'field' | 'rule' | 'options';
  op: 'added' | 'removed' | 'changed';
  /** fieldProp, reckon id, section id, option list code, the form property or the placement path. */
  id: string;
  label?: string;
  text: string;
  before?: unknown;
  after?: unknown;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

export const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

/** A value as a reviewer reads it in a sentence: text quoted, lists in brackets, nothing as 空. */
export function show(value: unknown): string {
  if (value === undefined || value === null) return '空';
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  return canonical(value);
}

/** `X由 a 改为 b`, `X设为 b` or `删除了X（原为 a）`, as the values present say. */
export function changeClause(what: string, before: unknown, after: unknown, fmt: (v: unknown) => string = show): string {
  if (before === undefined) return `${what}设为 ${fmt(after)}`;
  if (after === undefined) return `删除了${what}（原为 ${fmt(before)}）`;
  return `${what}由 ${fmt(before)} 改为 ${fmt(after)}`;
}

/**
 * The ids whose order changed: of the ids present in both lists, those outside a longest run kept
 * in the same relative order (so inserting or removing one item moves nothing, and swapping two
 * moves one). The ids are unique, so this is a longest increasing subsequence, O(n log n).
 */
export function movedIds(before: readonly string[], after: readonly string[]): Set<string> {
  const position = new Map(before.map((id, i) => [id, i]));
  const common = after.filter((id) => position.has(id));
  const seq = common.map((id) => position.get(id) as number);
  // Patience sorting: tails[k] = index (into seq) of the smallest tail of an increasing run of length k+1.
  const tails: number[] = [];
  const previous = new Array<number>(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    const v = seq[i] as number;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((seq[tails[mid] as number] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1] as number;
    tails[lo] = i;
  }
  const kept = new Set<string>();
  for (let i = tails.length ? (tails[tails.length - 1] as number) : -1; i >= 0; i = previous[i] as number) kept.add(common[i] as string);
  return new Set(common.filter((id) => !kept.has(id)));
}

/** Where an item now stands, for a moved one: after its new predecessor, or first. */
export function placeText<T>(list: readonly T[], index: number, name: (item: T) => string): string {
  if (index === 0) return '现在位于最前';
  const previous = name(list[index - 1] as T);
  return `现在位于 ${previous}${previous.endsWith('）') ? '' : ' '}之后`;
}

/** Items keyed by id, in order; a repeated id keeps its first item (the compiler reports repeats). */
export function byId<T>(items: readonly T[], idOf: (item: T) => string): Map<string, T> {
  const out = new Map<string, T>();
  for (const item of items) if (!out.has(idOf(item))) out.set(idOf(item), item);
  return out;
}
