// Reads a V8 CPU profile (CDP Profiler.stop) into the functions that took the time: self time
// (the function's own code) and total time (with what it called), for BENCH_PROFILE=1.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileLine {
  name: string;
  selfMs: number;
  totalMs: number;
}

const IDLE = new Set(['(root)', '(program)', '(idle)']);

function keyOf(node: ProfileNode): string {
  const file =
    node.callFrame.url
      .split('/')
      .pop()
      ?.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') ?? '';
  const name = node.callFrame.functionName || '(anonymous)';
  return file ? `${name} ${file}:${node.callFrame.lineNumber + 1}` : name;
}

/** Busy time (ms) and the functions by total and self time, busiest first. */
export function summarizeProfile(raw: unknown): { busyMs: number; byTotal: ProfileLine[]; bySelf: ProfileLine[] } {
  const profile = raw as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node);
    if (IDLE.has(node.callFrame.functionName)) return;
    busy += ms;
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at);
      if (!n || IDLE.has(n.callFrame.functionName)) continue;
      const k = keyOf(n);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  });
  const lines = [...total].map(([name, totalMs]) => ({ name, totalMs, selfMs: self.get(name) ?? 0 }));
  return {
    busyMs: busy,
    byTotal: [...lines].sort((a, b) => b.totalMs - a.totalMs),
    bySelf: [...lines].sort((a, b) => b.selfMs - a.selfMs),
  };
}
