// The result table, plain text to paste into bench/README.md.

export interface ServerRow {
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  /** p99 target in ms; undefined where issue 6 sets none (PGlite). */
  target: number | undefined;
  met: string;
}

export function printServerTable(rows: ServerRow[]): void {
  const head = ['database', 'scenario', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx', 'target', 'met?'];
  const cells = rows.map((r) => [
    r.database,
    r.scenario,
    Math.round(r.rps).toString(),
    String(r.p50),
    String(r.p99),
    r.total.toString(),
    r.failed.toString(),
    r.target === undefined ? '—' : `p99 ≤ ${r.target} ms`,
    r.met,
  ]);
  const all = [head, ...cells];
  const width = head.map((_, i) => Math.max(...all.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    c
      .map((v, i) => v.padEnd(width[i]!))
      .join(' | ')
      .trimEnd();
  console.log(line(head));
  console.log(width.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}
