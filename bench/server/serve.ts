// The server under test, in its own process: the benchmark's client (autocannon) must not share an
// event loop with the server it measures. Started by server.bench.ts with fork(); talks over IPC.
// With BENCH_SERVER_PROCESSES=n (PostgreSQL only) this process prepares and seeds the database and
// then n cluster workers answer the requests on one port, as n server processes behind a load
// balancer would (docs/decisions/0023).
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import { buildApp } from '../../server/app';
import { prepare, wireProcess } from '../../server/bootstrap';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { asSystem } from '../../server/db/tenant-scope';
import { handWrittenPostRoutes } from './hand-written-post-routes';
import { seedBulkArchives } from './seed-bulk';
import type { ChildMessage, ParentMessage, WorkerMessage } from './messages';
import { mergePauses, watchPauses, type Pauses } from './pauses';

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const dataDir = process.env.BENCH_DATA_DIR || undefined;
const processes = Number(process.env.BENCH_SERVER_PROCESSES ?? 1);

const config: ServerConfig = {
  ...loadConfig({}),
  host: '127.0.0.1',
  port: 0,
  dataDir: dataDir ?? '',
  databaseUrl,
  // The built web app when a benchmark drives a browser (bench/designer), else API only.
  webRoot: process.env.BENCH_WEB_ROOT || undefined,
  // The password grant without a captcha, as a client that has none would log in.
  captchaMode: false,
  // Per-request info logs would measure the terminal, not the server.
  logLevel: 'warn',
  // One doctor submits from 50 connections, hundreds a second: the per-user write limit still
  // runs on every write (its cost is measured) but is set above what the load sends.
  writeRatePerMinute: 1_000_000,
};

/** The hand-written post routes the generic resource routes are measured against (issue 31). */
const BUILD_OPTIONS = { extraApiRoutes: [handWrittenPostRoutes] };

/** Answers the benchmark's pause watch in this process (pauses.ts). */
function answerPauseWatch(send: (message: { type: 'pauses' } & Pauses) => void): (message: ParentMessage) => void {
  let watch: ReturnType<typeof watchPauses> | undefined;
  return (message) => {
    if (message.type === 'pauses-start') watch = watchPauses();
    else if (message.type === 'pauses-stop' && watch) {
      send({ type: 'pauses', ...watch.stop() });
      watch = undefined;
    }
  };
}

/** A cluster worker: the database is prepared already; open it, build the app, listen on the shared port. */
async function worker(): Promise<void> {
  const opened = await openDatabase({ databaseUrl });
  const app = await buildApp(await wireProcess(opened, config), BUILD_OPTIONS);
  await app.listen({ host: config.host, port: Number(process.env.BENCH_WORKER_PORT) });
  const send = (message: ChildMessage | WorkerMessage) => process.send?.(message);
  const pauses = answerPauseWatch(send);
  process.on('message', (message: ParentMessage) => {
    // Ended as the single server is (see stop below): no close under queued handlers.
    if (message.type === 'stop') process.exit(0);
    else pauses(message);
  });
  send({ type: 'listening' });
}

/** A port free now, for the workers to share (cluster hands their listen to this process). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, config.host, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the workers one after the other (as server/main.ts does) and waits until each listens. */
async function startWorkers(port: number): Promise<Worker[]> {
  const workers: Worker[] = [];
  for (let n = 0; n < processes; n++) {
    const next = cluster.fork({ ...process.env, BENCH_WORKER_PORT: String(port) });
    await new Promise<void>((resolve, reject) => {
      next.on('message', function listening(message: WorkerMessage) {
        if (message.type === 'failed') reject(new Error(message.message));
        if (message.type !== 'listening') return;
        next.off('message', listening);
        resolve();
      });
      next.once('exit', (code) => reject(new Error(`server worker ${n + 1} exited (code ${code})`)));
    });
    workers.push(next);
  }
  return workers;
}

/** Asks every worker for its pauses and answers them as one (pauses.ts mergePauses). */
function workersPauses(workers: Worker[]): Promise<Pauses> {
  return Promise.all(
    workers.map(
      (w) =>
        new Promise<Pauses>((resolve) => {
          w.on('message', function heard(message: WorkerMessage) {
            if (message.type !== 'pauses') return;
            w.off('message', heard);
            const { type: _type, ...seen } = message;
            resolve(seen);
          });
          w.send({ type: 'pauses-stop' } satisfies ParentMessage);
        }),
    ),
  ).then(mergePauses);
}

async function main(): Promise<void> {
  if (cluster.isWorker) return worker();
  if (processes > 1 && !databaseUrl) throw new Error('BENCH_SERVER_PROCESSES > 1 needs PostgreSQL: PGlite is one process per database');
  const count = Number(process.env.BENCH_ARCHIVES ?? 100_000);
  const opened = await openDatabase({ databaseUrl, dataDir });
  const deps = await prepare(opened, config);
  const seeded = await asSystem('bench seed', () => seedBulkArchives(opened.db, opened.owner, count, databaseUrl));

  const send = (message: ChildMessage) => process.send?.(message);
  let port: number;
  let pids: number[];
  let workers: Worker[] = [];
  let close: () => Promise<unknown>;
  let onPauses: (message: ParentMessage) => void;
  if (processes > 1) {
    port = await freePort();
    workers = await startWorkers(port);
    pids = workers.map((w) => w.process.pid ?? 0);
    close = async () => undefined;
    onPauses = (message) => {
      if (message.type === 'pauses-start') for (const w of workers) w.send(message);
      else if (message.type === 'pauses-stop') void workersPauses(workers).then((seen) => send({ type: 'pauses', ...seen }));
    };
  } else {
    const app = await buildApp(deps, BUILD_OPTIONS);
    await app.listen({ host: config.host, port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    port = address.port;
    pids = [process.pid];
    close = () => app.close();
    onPauses = answerPauseWatch(send);
  }

  // The database is thrown away after the run (temporary folder, scratch database), so the process
  // ends without closing it: handlers of requests autocannon gave up on at the end of a run are still
  // queued for the database, and closing it under them would only log errors about a closed driver.
  const stop = async () => {
    for (const w of workers) w.send({ type: 'stop' } satisfies ParentMessage);
    await close();
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    else onPauses(message);
  });
  process.on('disconnect', () => void stop());
  send({
    type: 'ready',
    port,
    pids,
    seedMs: seeded.ms,
    analyzeMs: seeded.analyzeMs,
    analyzeKind: seeded.analyzeKind,
    inserted: seeded.inserted,
    archiveIds: seeded.archiveIds,
  });
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.send?.({ type: 'failed', message } satisfies ChildMessage | WorkerMessage);
  process.exit(1);
});
