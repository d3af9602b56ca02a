// What stops the server's event loop while a scenario runs: the loop's delay (how late a timer fires,
// perf_hooks.monitorEventLoopDelay) and V8's garbage-collection pauses. A p99 far above p50 at a
// steady throughput comes from such stalls — every connection waits through them — not from the
// average request's cost, so the benchmark prints them beside the latencies.
import { constants, monitorEventLoopDelay, PerformanceObserver, type IntervalHistogram, type PerformanceEntry } from 'node:perf_hooks';

export interface Pauses {
  /** Event-loop delay, ms: median, 99th percentile and largest. */
  loopP50: number;
  loopP99: number;
  loopMax: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Of those, the full (mark-compact) collections: the long ones. */
  gcMajorCount: number;
  gcMajorMaxMs: number;
  /** The server's heap in use at the end, MB. */
  heapUsedMb: number;
}

/** Starts watching; `stop()` ends it and answers what was seen. */
export function watchPauses(): { stop(): Pauses } {
  const loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let gcCount = 0;
  let gcTotalMs = 0;
  let gcMaxMs = 0;
  let gcMajorCount = 0;
  let gcMajorMaxMs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcCount += 1;
      gcTotalMs += entry.duration;
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        gcMajorCount += 1;
        gcMajorMaxMs = Math.max(gcMajorMaxMs, entry.duration);
      }
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      loop.disable();
      gc.disconnect();
      const ms = (ns: number) => Math.round(ns / 1e5) / 10;
      return {
        loopP50: ms(loop.percentile(50)),
        loopP99: ms(loop.percentile(99)),
        loopMax: ms(loop.max),
        gcCount,
        gcTotalMs: Math.round(gcTotalMs),
        gcMaxMs: Math.round(gcMaxMs * 10) / 10,
        gcMajorCount,
        gcMajorMaxMs: Math.round(gcMajorMaxMs * 10) / 10,
        heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1e6),
      };
    },
  };
}

/**
 * Several server processes' pauses as one line: counts, totals and heaps added up; delays and the
 * longest pauses the worst of them (a request waits through its own process's stalls only).
 */
export function mergePauses(seen: Pauses[]): Pauses {
  const most = (pick: (p: Pauses) => number) => Math.max(...seen.map(pick));
  const sum = (pick: (p: Pauses) => number) => seen.reduce((total, p) => total + pick(p), 0);
  return {
    loopP50: most((p) => p.loopP50),
    loopP99: most((p) => p.loopP99),
    loopMax: most((p) => p.loopMax),
    gcCount: sum((p) => p.gcCount),
    gcTotalMs: sum((p) => p.gcTotalMs),
    gcMaxMs: most((p) => p.gcMaxMs),
    gcMajorCount: sum((p) => p.gcMajorCount),
    gcMajorMaxMs: most((p) => p.gcMajorMaxMs),
    heapUsedMb: sum((p) => p.heapUsedMb),
  };
}
