// Timing helpers. Figures are milliseconds from process.hrtime.bigint (monotonic, nanosecond ticks).

export function nowNs(): bigint {
  return process.hrtime.bigint();
}

export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs fn once and returns its duration in ms. */
export function timeOnce(fn: () => unknown): number {
  const t0 = nowNs();
  fn();
  return msSince(t0);
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

/** `warmup` untimed runs, then `runs` timed ones. */
export function repeat(fn: () => unknown, runs: number, warmup = 1): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) out.push(timeOnce(fn));
  return out;
}

/** Times `apply` on each item separately (one sample per item). */
export function timeEach<T>(items: readonly T[], apply: (item: T) => unknown): number[] {
  const out = new Array<number>(items.length);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as T;
    const t0 = nowNs();
    apply(item);
    out[i] = msSince(t0);
  }
  return out;
}
