import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { prepare, prepareDatabase, wireProcess } from './bootstrap';
import { loadConfig, type ServerConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { openDatabase, type OpenedDatabase } from './db/open';
import { codemapsDir, SERVER_CODEMAPS } from './forms/services/codemaps';

/** A worker that died on its own is started again after this long (not in a tight loop). */
const RESTART_DELAY_MS = 1_000;

async function open(config: ServerConfig): Promise<OpenedDatabase> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`[server] ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

/** One process that serves: opens the database, prepares it unless the primary did, listens. */
async function serve(config: ServerConfig, databasePrepared: boolean): Promise<void> {
  const opened = await open(config);
  const deps = databasePrepared ? await wireProcess(opened, config) : await prepare(opened, config);
  // codemaps/ was read when the server loaded: a file left out is said, not fatal.
  if (!cluster.isWorker)
    for (const p of SERVER_CODEMAPS.problems) console.warn(`[server] ${path.join(codemapsDir(), p.file)}: ${p.message}`);
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    if (!cluster.isWorker) console.log(`[server] ${signal}: closing`);
    try {
      await app.close();
      await opened.close();
      process.exit(0);
    } catch (error) {
      console.error('[server] error while closing', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  if (cluster.isWorker) {
    console.log(`[server] process ${process.pid} listening`);
    process.send?.('listening');
    return;
  }
  const where = opened.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`[server] listening on http://${config.host}:${config.port} (${where})`);
}

/**
 * SERVER_PROCESSES > 1 (PostgreSQL): this process prepares the database once, closes it, then starts
 * that many workers one after another (each wires itself to the prepared database; Node's cluster
 * shares the port among them). A worker that dies is started again; SIGTERM / SIGINT end them all.
 * Every piece of state the processes share lives in the database or is announced with NOTIFY
 * (README "Several server processes"; docs/decisions/0023, 0025).
 */
async function supervise(config: ServerConfig): Promise<void> {
  if (!config.databaseUrl) {
    console.error('[server] SERVER_PROCESSES > 1 needs DATABASE_URL (PostgreSQL): the embedded PGlite serves from one process');
    process.exit(2);
  }
  const opened = await open(config);
  await prepareDatabase(opened);
  await opened.close();

  let closing = false;
  const start = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork({ SERVER_DATABASE_PREPARED: '1' });
      const listening = (message: unknown) => {
        if (message !== 'listening') return;
        worker.off('message', listening);
        resolve(worker);
      };
      worker.on('message', listening);
      worker.once('exit', (code, signal) => {
        reject(new Error(`a server process exited before listening (code ${code}, signal ${signal})`));
        if (closing) return;
        // Exit code 0: it was told to close (Ctrl-C reaches every process of the terminal's group,
        // or someone ended this one): not started again; when none is left, this process ends too.
        if (code === 0) {
          if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
          return;
        }
        console.warn(`[server] process ${worker.process.pid} ended (code ${code}, signal ${signal}); starting another`);
        setTimeout(() => void start().catch((error: unknown) => console.error(`[server] ${String(error)}`)), RESTART_DELAY_MS);
      });
    });
  for (let n = 0; n < config.serverProcesses; n++) await start();

  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[server] ${signal}: closing ${config.serverProcesses} processes`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  console.log(`[server] listening on http://${config.host}:${config.port} (PostgreSQL, ${config.serverProcesses} processes)`);
}

/** `npm start` / `npm run serve`: opens the database, migrates and seeds it, serves API and web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, process.env.SERVER_DATABASE_PREPARED === '1');
  if (config.serverProcesses > 1) return supervise(config);
  return serve(config, false);
}

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
