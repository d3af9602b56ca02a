// `npm run bench:designer`: the form designer's three targets (bench/README.md):
//   open     — the generated 300-field / 500-rule form opens in the designer in ≤ 1 s;
//   keystroke — a keystroke in the rule editor shows the engine's diagnostics in ≤ 100 ms;
//   replay   — the impact replay over 1,000 records takes ≤ 2 s on PostgreSQL (PGlite shown beside).
// The real server (bench/server's serve.ts: migrations, seed, 1,000 generated archives, captcha
// off) serves the web app built into .tmp/; Debian's Chromium is driven with Playwright. Prints
// medians and p95 with PASS/FAIL; missing a target is reported, not an error (exit 0), a failing
// call or a signal that never shows is (exit 1).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile } from '../stats';
import { pgliteDatabase, postgresAdminUrl, postgresDatabase, type BenchDatabase } from '../server/databases';
import { loginAs, loginDoctor } from '../server/login';
import { startServer } from '../server/server-process';
import { apiClient } from './api';
import { measureDesigner, type BrowserFigures, type OpenSample } from './browser';
import { CHANGED_RULE, changeHypertensionRule, createDesignerForm, seedFollowups } from './fixtures';
import { summarizeProfile } from './profile';
import { measureReplay, type ReplayFigures } from './replay';
import { buildWebApp } from './web-build';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const OPEN_RUNS = Number(process.env.BENCH_OPEN_RUNS ?? 9);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);
const REPLAY_RUNS = Number(process.env.BENCH_REPLAY_RUNS ?? 7);
const PROFILE = process.env.BENCH_PROFILE === '1';
const TARGET = { openMs: 1000, keyMs: 100, replayMs: 2000 };
const PROFILE_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../.tmp/bench-designer-profiles');

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
const med = (xs: number[]) => percentile(xs, 50);
const p95 = (xs: number[]) => percentile(xs, 95);
const f0 = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '—');

interface Outcome {
  browser?: { database: string; figures: BrowserFigures };
  replay: { database: string; figures: ReplayFigures; seedMs: number }[];
}

function line(name: string, xs: number[], target?: number, p95Too = true): void {
  const verdict = target === undefined ? '' : med(xs) <= target ? 'PASS' : 'FAIL';
  console.log(
    [
      name.padEnd(58),
      f0(med(xs)).padStart(7),
      (p95Too ? f0(p95(xs)) : '').padStart(7),
      f0(Math.min(...xs)).padStart(7),
      f0(Math.max(...xs)).padStart(7),
      (target === undefined ? '' : `≤ ${target}`).padStart(7),
      verdict.padStart(5),
    ].join(' '),
  );
}

function printProfile(name: string, profile: unknown): void {
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const file = path.join(PROFILE_DIR, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  const s = summarizeProfile(profile);
  console.log(`\nCPU profile of ${name}: ${s.busyMs.toFixed(0)} ms busy (${file})`);
  console.log('  by total time (with callees):');
  for (const l of s.byTotal.slice(0, 40))
    console.log(`    ${l.totalMs.toFixed(1).padStart(8)} ms total ${l.selfMs.toFixed(1).padStart(7)} self  ${l.name}`);
  console.log('  by self time:');
  for (const l of s.bySelf.slice(0, 15)) console.log(`    ${l.selfMs.toFixed(1).padStart(8)} ms self  ${l.name}`);
}

async function runOn(database: BenchDatabase, webRoot: string, withBrowser: boolean, outcome: Outcome): Promise<void> {
  console.log(`\n[${database.name}] starting the server (1 process, ${RECORDS.toLocaleString('en')} generated archives)…`);
  const server = await startServer({ ...database.env, BENCH_WEB_ROOT: webRoot }, RECORDS);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const doctor = apiClient(base, await loginDoctor(base));
    const admin = apiClient(base, await loginAs(base, 'admin'));
    const seedMs = await seedFollowups(doctor, server.archiveIds, RECORDS);
    console.log(`[${database.name}] ${RECORDS.toLocaleString('en')} hypertension follow-ups submitted in ${(seedMs / 1000).toFixed(1)} s`);

    if (withBrowser) {
      const form = await createDesignerForm(admin);
      console.log(
        `[${database.name}] designer form ${form.doc.formCode}: ${form.doc.fields.length} fields, ${form.doc.fields.reduce((n, f) => n + (f.reckons?.length ?? 0), 0)} rules, published once; keystrokes in ${form.rule.id} (${form.rule.expression})`,
      );
      console.log(`[${database.name}] Chromium: ${OPEN_RUNS} opens after a warm-up, ${KEYSTROKES} keystrokes after 4 warm-up ones…`);
      const figures = await measureDesigner(
        { base, form, openRuns: OPEN_RUNS, keystrokes: KEYSTROKES, ...(PROFILE && { profileDir: PROFILE_DIR }) },
        PROFILE ? printProfile : undefined,
      );
      outcome.browser = { database: database.name, figures };
    }

    const formId = await changeHypertensionRule(admin);
    const figures = await measureReplay(admin, formId, RECORDS, REPLAY_RUNS);
    console.log(
      `[${database.name}] replay: ${figures.records} records, ${figures.changedRecords} changed, ${figures.valueChanges} value changes, answer ${(figures.bytes / 1024).toFixed(0)} KB; ${figures.ms.map(f0).join(' ')} ms`,
    );
    outcome.replay.push({ database: database.name, figures, seedMs });
  } finally {
    await server.stop();
    await database.dispose();
  }
}

function printResults(outcome: Outcome): void {
  console.log(
    `\n${'ms'.padEnd(58)} ${'median'.padStart(7)} ${'p95'.padStart(7)} ${'min'.padStart(7)} ${'max'.padStart(7)} ${'target'.padStart(7)}`,
  );
  const b = outcome.browser;
  if (b) {
    const o = b.figures.open;
    const pick = (k: keyof OpenSample) => o.map((s) => s[k]);
    console.log(`open (${o.length} page loads of /system/form/index?formId=…, server on ${b.database}), from navigation start:`);
    line('  outline, property panel and preview rendered', pick('done'), TARGET.openMs);
    line('  … to the next frame', pick('frame'));
    line('  … every preview widget mounted', pick('widgets'));
    line('  (app script run: DOMContentLoaded)', pick('domContentLoaded'));
    line('  (form/detail requested)', pick('detailStart'));
    line('  (form/detail answered)', pick('detailEnd'));
    line('  (editor frame in the DOM)', pick('editor'));
    line('  (outline: holds every field, first rows shown)', pick('outline'));
    line('  (property panel: form name)', pick('properties'));
    line('  (preview: last field row)', pick('preview'));
    line('  (long tasks before done: total ms)', pick('longTaskMs'));
    line(
      '  form/detail answered → outline and property panel',
      o.map((s) => s.properties - s.detailEnd),
    );
    line(
      '  outline and property panel → preview',
      o.map((s) => s.preview - s.properties),
    );
    const keys = b.figures.keys;
    const of = (d: 'break' | 'fix') => keys.filter((k) => k.direction === d);
    console.log(
      `keystroke in a rule's expression editor (${keys.length}: x makes a field name unknown, Backspace fixes it), from keydown:`,
    );
    line(
      '  engine message under the editor shown or gone (both)',
      keys.map((k) => k.message),
      TARGET.keyMs,
    );
    line(
      '    x: "未知的字段" message shown',
      of('break').map((k) => k.message),
    );
    line(
      '    Backspace: message gone',
      of('fix').map((k) => k.message),
    );
    line(
      '  … to the next frame',
      keys.map((k) => k.messageFrame),
    );
    line(
      '  CodeMirror underline shown or gone (lint delay 250 ms)',
      keys.map((k) => k.underline),
    );
    line(
      '  longest long task before the message',
      keys.map((k) => k.longestTask),
    );
  }
  for (const r of outcome.replay) {
    const target = r.database === 'PostgreSQL' ? TARGET.replayMs : undefined;
    line(
      `replay of ${r.figures.records.toLocaleString('en')} records (${r.figures.ms.length} runs), ${r.database}`,
      r.figures.ms,
      target,
      false,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:designer — ${OPEN_RUNS} opens, ${KEYSTROKES} keystrokes, ${REPLAY_RUNS} replays of ${RECORDS.toLocaleString('en')} records (changed rule ${CHANGED_RULE.id})`,
  );
  console.log(`machine: ${os.cpus().length} cores, Node ${process.versions.node}, load average ${loadAverage()} at start`);
  const buildStarted = performance.now();
  const webRoot = await buildWebApp(!PROFILE);
  console.log(
    `web app built into ${path.relative(process.cwd(), webRoot)} in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s${PROFILE ? ' (unminified, for the profiles)' : ''}`,
  );

  const outcome: Outcome = { replay: [] };
  const pg = postgresAdminUrl();
  await runOn(pgliteDatabase(), webRoot, !('url' in pg), outcome);
  if ('url' in pg) await runOn(await postgresDatabase(pg.url), webRoot, true, outcome);
  else console.log(`PostgreSQL SKIPPED: ${pg.skipped} (the browser measurements ran on PGlite)`);

  console.log(`\nload average ${loadAverage()} at the end`);
  printResults(outcome);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
