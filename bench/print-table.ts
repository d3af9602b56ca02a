// Plain-text table for the terminal: the figures are meant to be pasted into a README.

export interface Row {
  doc: string;
  measure: string;
  n: string;
  median: string;
  p95: string;
  target: string;
  result: string;
}

const HEAD: Row = { doc: 'document', measure: 'measure', n: 'runs', median: 'median', p95: 'p95', target: 'target', result: 'result' };

export function printTable(rows: Row[]): void {
  const keys = Object.keys(HEAD) as (keyof Row)[];
  const all = [HEAD, ...rows];
  const width = (k: keyof Row): number => Math.max(...all.map((r) => r[k].length));
  const line = (r: Row): string =>
    keys
      .map((k) => r[k].padEnd(width(k)))
      .join(' | ')
      .trimEnd();
  console.log(line(HEAD));
  console.log(keys.map((k) => '-'.repeat(width(k))).join('-|-'));
  for (const r of rows) console.log(line(r));
}

export const ms = (v: number): string => `${v.toFixed(3)} ms`;

/** PASS/FAIL against an upper bound, or '' when the figure has no target. */
export function verdict(value: number, limit: number | undefined): string {
  if (limit === undefined) return '';
  return value <= limit ? 'PASS' : 'FAIL';
}
