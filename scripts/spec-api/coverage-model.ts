import type { CatalogueEntry } from './catalogue';
import type { SpecDoc } from './parse-calls';

/** A route prefix deliberately not built, with the reason (docs/spec-api/left-out.txt). */
export interface LeftOut {
  prefix: string;
  reason: string;
}

export type CallState = 'tested' | 'untested' | 'missing' | 'left-out';

export interface CallCoverage {
  doc: SpecDoc;
  service: string;
  method: string;
  methodStated: boolean;
  path: string;
  specLines: number[];
  /** The route that answers it, e.g. `GET /blade-system/dept/detail`. */
  route?: string;
  state: CallState;
  reason?: string;
}

export interface Coverage {
  calls: CallCoverage[];
  /** Routes the server answers that no spec document names (the project's own calls). */
  ownRoutes: string[];
}

/**
 * Joins the spec's calls with the server's routes and the routes the tests reached. A call is
 * counted once per document however often the document names it. A call whose method the spec
 * does not state is answered by a route of either method.
 */
export function computeCoverage(entries: CatalogueEntry[], routes: string[], hits: Set<string>, leftOut: LeftOut[]): Coverage {
  const routeByShape = new Map<string, string[]>();
  for (const route of routes) {
    const [method, url] = route.split(' ') as [string, string];
    const shape = shapeOf(url);
    routeByShape.set(shape, [...(routeByShape.get(shape) ?? []), `${method} ${url}`]);
  }

  const byKey = new Map<string, CallCoverage>();
  const claimed = new Set<string>();
  for (const entry of entries) {
    const key = `${entry.doc} ${entry.method} ${entry.path}`;
    const known = byKey.get(key);
    if (known) {
      if (!known.specLines.includes(entry.specLine)) known.specLines.push(entry.specLine);
      continue;
    }
    const url = entry.path.replace(/^\/api/, '');
    const candidates = routeByShape.get(shapeOf(url)) ?? [];
    const route = candidates.find((r) => r.startsWith(`${entry.method} `)) ?? (entry.methodStated ? undefined : candidates[0]);
    const left = leftOut.find((l) => entry.path.startsWith(l.prefix));
    if (route) claimed.add(route);
    const state: CallState = route ? (hits.has(route) ? 'tested' : 'untested') : left ? 'left-out' : 'missing';
    byKey.set(key, {
      doc: entry.doc,
      service: serviceOf(entry.path),
      method: entry.method,
      methodStated: entry.methodStated,
      path: entry.path,
      specLines: [entry.specLine],
      ...(route ? { route } : {}),
      state,
      ...(state === 'left-out' && left ? { reason: left.reason } : {}),
    });
  }
  return { calls: [...byKey.values()], ownRoutes: routes.filter((r) => !claimed.has(r)).sort() };
}

/** Path shape with variables erased: `/a/:id` and `/a/{id}` are the same route. */
function shapeOf(url: string): string {
  return url
    .replace(/\/:\w+/g, '/{}')
    .replace(/\/\{\w*\}/g, '/{}')
    .replace(/\/$/, '');
}

/** The service prefix: `blade-system`, `blade-iph-business`…; a bare path like /api/getPrintFile is its own. */
export function serviceOf(path: string): string {
  const segments = path.replace(/^\/api\//, '').split('/');
  return segments.length > 1 ? segments[0]! : '(no service)';
}

export interface CoverageRow {
  doc: SpecDoc | 'all';
  service: string;
  total: number;
  implemented: number;
  tested: number;
  missing: number;
  leftOut: number;
}

export function summarise(coverage: Coverage): CoverageRow[] {
  const rows: CoverageRow[] = [];
  const docs = ['000', '001', '002'] as const;
  for (const doc of docs) {
    const calls = coverage.calls.filter((c) => c.doc === doc);
    rows.push(row(doc, 'all services', calls));
    for (const service of [...new Set(calls.map((c) => c.service))].sort())
      rows.push(
        row(
          doc,
          service,
          calls.filter((c) => c.service === service),
        ),
      );
  }
  const unique = new Map(coverage.calls.map((c) => [`${c.method} ${c.path}`, c]));
  rows.push(row('all', 'all documents, each call once', [...unique.values()]));
  return rows;
}

function row(doc: CoverageRow['doc'], service: string, calls: CallCoverage[]): CoverageRow {
  const count = (state: CallState) => calls.filter((c) => c.state === state).length;
  return {
    doc,
    service,
    total: calls.length,
    implemented: count('tested') + count('untested'),
    tested: count('tested'),
    missing: count('missing'),
    leftOut: count('left-out'),
  };
}

export function parseLeftOut(text: string): LeftOut[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [prefix, ...reason] = line.split(/\s+—\s+|\s+-\s+/);
      return { prefix: prefix!.trim(), reason: reason.join(' — ').trim() };
    });
}
