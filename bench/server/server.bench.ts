// `npm run bench:server`: the real server on 127.0.0.1 with 100,000 archives for the demo tenant,
// loaded by autocannon (50 connections) with archive list pages and hypertension follow-up submits,
// on PGlite and on PostgreSQL. Prints requests per second, p50 and p99 against issue 6's targets
// (PostgreSQL: submit p99 ≤ 100 ms, list page p99 ≤ 50 ms). Missing a target is reported, not an
// error; a run whose answers fail (over 1% non-2xx, or a checked answer not a success) exits 1,
// because its figures would measure error answers.
import os from 'node:os';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type BenchDatabase } from './databases';
import { loginAs, loginDoctor } from './login';
import { CONNECTIONS, drain, measure, type Measurement } from './measure';
import { printServerTable, type ServerRow } from './print-server-table';
import { archiveListScenario, followupSubmitScenario, type Scenario } from './scenarios';
import { cpuSnapshot, cpuUsed } from './process-cpu';
import { startServer, type RunningServer } from './server-process';
import { postListScenario, postSubmitScenario, type PostRoute } from './resource-scenarios';

const ARCHIVES = Number(process.env.BENCH_ARCHIVES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** `BENCH_DATABASES=postgres` (or `pglite`) runs one database: profiling one side need not wait for the other. */
/** `BENCH_SCENARIOS=submit` (or `list`, `first`, `resource`) runs the named scenarios only, e.g. to profile one. */
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'list,first,submit,resource').split(',').map((name) => name.trim().toLowerCase());
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim().toLowerCase());
/** Warm-up requests per connection: counted, not timed, so the slowest database still answers some. */
const WARMUP_PER_CONNECTION = 1;
/** Above this share of failed answers the run is invalid. */
const MAX_FAILED = 0.01;

const problems: string[] = [];

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

function invalidity(db: string, scenario: Scenario, m: Measurement): string | undefined {
  if (m.total === 0) return `${db} ${scenario.name}: no answers at all`;
  if (m.failed / m.total > MAX_FAILED)
    return `${db} ${scenario.name}: ${m.failed} of ${m.total} requests failed (over ${MAX_FAILED * 100}%); first checked failure: ${m.check.firstBad ?? 'none read'}`;
  if (m.check.bad > 0)
    return `${db} ${scenario.name}: ${m.check.bad} of ${m.check.read} checked answers were not a success: ${m.check.firstBad}`;
  if (m.check.read === 0) return `${db} ${scenario.name}: no answer was checked`;
  return undefined;
}

async function runOn(database: BenchDatabase, rows: ServerRow[]): Promise<void> {
  console.log(`\n[${database.name}] starting the server, seeding ${ARCHIVES.toLocaleString('en')} archives…`);
  const server = await startServer(database.env, ARCHIVES);
  try {
    console.log(
      `[${database.name}] seeded ${server.inserted.toLocaleString('en')} archives in ${(server.seedMs / 1000).toFixed(1)} s ` +
        `(${Math.round(server.inserted / (server.seedMs / 1000)).toLocaleString('en')} rows/s; ${server.analyzeKind} ${(server.analyzeMs / 1000).toFixed(1)} s); ` +
        `${server.archiveIds.length.toLocaleString('en')} archives in tenant 100001`,
    );
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await loginDoctor(base);
    const runId = `${database.name.toLowerCase()}-${Date.now().toString(36)}`;
    const scenarios = [
      SCENARIOS.includes('list') ? archiveListScenario(server.archiveIds.length, 6001) : undefined,
      SCENARIOS.includes('first') ? archiveListScenario(server.archiveIds.length, 6003, 20) : undefined,
      SCENARIOS.includes('submit') ? followupSubmitScenario(server.archiveIds, 6002, runId) : undefined,
    ].filter((scenario) => scenario !== undefined);
    for (const scenario of scenarios) {
      const timed = await timedRun(database, server, base, headers, scenario);
      if (!timed) continue;
      const { m, cpu, pauses, problem } = timed;
      const target = database.name === 'PostgreSQL' ? scenario.p99TargetMs : undefined;
      rows.push({
        database: database.name,
        scenario: scenario.name,
        rps: m.requestsPerSecond,
        p50: m.p50,
        p99: m.p99,
        total: m.total,
        failed: m.failed,
        target,
        met: problem ? 'INVALID' : target === undefined ? '—' : m.p99 <= target ? 'yes' : 'NO',
      });
      console.log(
        `[${database.name}] ${scenario.name}: ${Math.round(m.requestsPerSecond)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.failed} failed of ${m.total} (${m.timeouts} timed out), ${m.check.read} answers checked; ` +
          `CPU per request: server ${(cpu.serverMs / m.total).toFixed(2)} ms` +
          (database.name === 'PostgreSQL' ? `, PostgreSQL ${(cpu.postgresMs / m.total).toFixed(2)} ms` : '') +
          `; server event loop delay p50 ${pauses.loopP50} / p99 ${pauses.loopP99} / max ${pauses.loopMax} ms, ` +
          `GC ${pauses.gcCount} pauses, ${pauses.gcTotalMs} ms in all, longest ${pauses.gcMaxMs} ms ` +
          `(${pauses.gcMajorCount} full, longest ${pauses.gcMajorMaxMs} ms; heap ${pauses.heapUsedMb} MB)`,
      );
    }
    if (SCENARIOS.includes('resource')) await compareResourceRoutes(database, server, base, runId, rows);
  } finally {
    await server.stop();
    await database.dispose();
  }
}

/** One scenario after its warm-up: the run's figures and the server's (and PostgreSQL's) CPU; undefined when the warm-up failed. */
async function timedRun(database: BenchDatabase, server: RunningServer, base: string, headers: Record<string, string>, scenario: Scenario) {
  // Warm-up: JIT, the compiled-form cache, the database's buffers; its figures are dropped but its answers checked.
  const warm = await measure(base, headers, scenario, { amount: CONNECTIONS * WARMUP_PER_CONNECTION });
  await drain(base, headers);
  const warmProblem = invalidity(database.name, scenario, warm);
  if (warmProblem) {
    problems.push(`warm-up: ${warmProblem}`);
    return undefined;
  }
  const before = cpuSnapshot(server.pids);
  server.watchPauses();
  const m = await measure(base, headers, scenario, { seconds: SECONDS });
  const pauses = await server.pauses();
  await drain(base, headers);
  const cpu = cpuUsed(before, cpuSnapshot(server.pids));
  const problem = invalidity(database.name, scenario, m);
  if (problem) problems.push(problem);
  return { m, cpu, pauses, problem };
}

/**
 * Issue 31's target: the generic resource routes cost at most 1.2× the CPU per request of the
 * hand-written routes over the same table. Both answer the administrator side by side in one run,
 * in the order hand, document, document, hand (so drift over the run weighs on both alike); the
 * submits first (they fill blade_post), then pages of the list they filled.
 */
async function compareResourceRoutes(database: BenchDatabase, server: RunningServer, base: string, runId: string, rows: ServerRow[]) {
  const admin = await loginAs(base, 'admin');
  const routes: PostRoute[] = ['hand-written', 'resource document', 'resource document', 'hand-written'];
  for (const kind of ['submit', 'list'] as const) {
    const spent: Record<PostRoute, { requests: number; serverMs: number; postgresMs: number }> = {
      'hand-written': { requests: 0, serverMs: 0, postgresMs: 0 },
      'resource document': { requests: 0, serverMs: 0, postgresMs: 0 },
    };
    for (const [i, route] of routes.entries()) {
      const scenario = kind === 'submit' ? postSubmitScenario(route, `${runId}${i}`) : postListScenario(route, 6100 + i, 20);
      const timed = await timedRun(database, server, base, admin, scenario);
      if (!timed) continue;
      spent[route].requests += timed.m.total;
      spent[route].serverMs += timed.cpu.serverMs;
      spent[route].postgresMs += timed.cpu.postgresMs;
      rows.push({
        database: database.name,
        scenario: scenario.name,
        rps: timed.m.requestsPerSecond,
        p50: timed.m.p50,
        p99: timed.m.p99,
        total: timed.m.total,
        failed: timed.m.failed,
        target: undefined,
        met: timed.problem ? 'INVALID' : '—',
      });
    }
    const per = (route: PostRoute, key: 'serverMs' | 'postgresMs') => spent[route][key] / Math.max(1, spent[route].requests);
    const ratio = per('resource document', 'serverMs') / per('hand-written', 'serverMs');
    const line =
      `[${database.name}] post ${kind}, server CPU per request: hand-written ${per('hand-written', 'serverMs').toFixed(2)} ms, ` +
      `resource document ${per('resource document', 'serverMs').toFixed(2)} ms → ${ratio.toFixed(2)}× (target ≤ 1.2×: ${ratio <= 1.2 ? 'met' : 'NOT MET'})` +
      (database.name === 'PostgreSQL'
        ? `; PostgreSQL CPU per request ${per('hand-written', 'postgresMs').toFixed(2)} / ${per('resource document', 'postgresMs').toFixed(2)} ms`
        : '');
    resourceRatios.push(line);
    console.log(line);
  }
}

const resourceRatios: string[] = [];

async function main(): Promise<void> {
  console.log(
    `bench:server — ${ARCHIVES.toLocaleString('en')} archives, ${CONNECTIONS} connections, ${SECONDS} s per scenario after ${CONNECTIONS * WARMUP_PER_CONNECTION} warm-up requests`,
  );
  // Latency on a shared machine says as much about the neighbours as about the server: show them.
  console.log(`machine: ${os.cpus().length} cores, Node ${process.versions.node}, load average ${loadAverage()} at start`);
  const rows: ServerRow[] = [];
  const skipped: string[] = [];
  if (DATABASES.includes('pglite')) await runOn(pgliteDatabase(), rows);
  if (DATABASES.includes('postgres')) {
    const pg = postgresAdminUrl();
    if ('url' in pg) await runOn(await postgresDatabase(pg.url), rows);
    else skipped.push(`PostgreSQL SKIPPED: ${pg.skipped}`);
  }

  console.log(`\nload average ${loadAverage()} at the end`);
  printServerTable(rows);
  if (resourceRatios.length) console.log(`\nresource document against hand-written routes (issue 31):\n${resourceRatios.join('\n')}`);
  for (const line of skipped) console.log(line);
  if (problems.length > 0) {
    console.error('\nINVALID RUN — these figures measure failing answers:');
    for (const p of problems) console.error(`  ${p}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
