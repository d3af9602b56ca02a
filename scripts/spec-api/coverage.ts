/**
 * `npm run spec:coverage` — how far the server is from the spec's calls.
 *
 * Runs the server test suite on PGlite with SPEC_HITS_DIR set (server/test-support/spec-hits.ts
 * records the route table and every route a test reached), then joins docs/spec-api/calls.json with
 * both. Prints the summary, writes it into docs/spec-api/README.md and every call into
 * docs/spec-api/coverage.md. Exits 1 when a route answers a spec call and no test calls it.
 *
 *   --reuse   use the hits of a server test run that already happened (npm test does this)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Catalogue } from './catalogue';
import { CALLS_JSON } from './catalogue';
import { computeCoverage, parseLeftOut, summarise } from './coverage-model';
import { renderCallList, renderSummary, replaceBetweenMarkers } from './coverage-render';
import { CATALOGUE_DIR } from './spec-documents';

const root = path.resolve(import.meta.dirname, '../..');
const hitsDir = path.resolve(root, process.env.SPEC_HITS_DIR ?? '.tmp/spec-hits');

if (!process.argv.includes('--reuse')) {
  fs.rmSync(hitsDir, { recursive: true, force: true });
  console.log('running the server tests (PGlite) to record which routes they call…');
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SPEC_HITS_DIR: hitsDir, TEST_PG_URL: '' },
  });
  if (run.status !== 0) {
    console.error('the server tests failed; coverage is not computed from a failing run');
    process.exit(1);
  }
}

function readLines(prefix: string): Set<string> {
  if (!fs.existsSync(hitsDir)) return new Set();
  const files = fs.readdirSync(hitsDir).filter((f) => f.startsWith(prefix));
  return new Set(files.flatMap((f) => fs.readFileSync(path.join(hitsDir, f), 'utf8').split('\n')).filter(Boolean));
}

const routes = readLines('routes-');
if (routes.size === 0) {
  console.error(`no route table in ${hitsDir}: run the server tests with SPEC_HITS_DIR set, or run without --reuse`);
  process.exit(1);
}
const catalogue = JSON.parse(fs.readFileSync(CALLS_JSON, 'utf8')) as Catalogue;
const leftOut = parseLeftOut(fs.readFileSync(path.join(CATALOGUE_DIR, 'left-out.txt'), 'utf8'));
const coverage = computeCoverage(catalogue.calls, [...routes].sort(), readLines('hits-'), leftOut);
const summary = renderSummary(summarise(coverage));

console.log(`\n${summary}\n`);
const readmePath = path.join(CATALOGUE_DIR, 'README.md');
fs.writeFileSync(readmePath, replaceBetweenMarkers(fs.readFileSync(readmePath, 'utf8'), summary));
fs.writeFileSync(path.join(CATALOGUE_DIR, 'coverage.md'), renderCallList(coverage));
console.log('written: docs/spec-api/README.md (summary), docs/spec-api/coverage.md (every call)');

const untested = coverage.calls.filter((c) => c.state === 'untested');
const untestedRoutes = [...new Set(untested.map((c) => c.route))];
if (untestedRoutes.length > 0) {
  console.error(`\n${untestedRoutes.length} route(s) answer a spec call and no server test calls them:`);
  for (const route of untestedRoutes) console.error(`  ${route}`);
  process.exit(1);
}
