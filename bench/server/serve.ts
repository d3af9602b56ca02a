// The server under test, in its own process: the benchmark's client (autocannon) must not share an
// event loop with the server it measures. Started by server.bench.ts with fork(); talks over IPC.
import { buildApp } from '../../server/app';
import { prepare } from '../../server/bootstrap';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { asSystem } from '../../server/db/tenant-scope';
import { seedBulkArchives } from './seed-bulk';
import type { ChildMessage, ParentMessage } from './messages';
import { watchPauses } from './pauses';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = process.env.BENCH_DATA_DIR || undefined;
  const count = Number(process.env.BENCH_ARCHIVES ?? 100_000);
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
  const opened = await openDatabase({ databaseUrl, dataDir });
  const deps = await prepare(opened, config);
  const seeded = await asSystem('bench seed', () => seedBulkArchives(opened.db, opened.owner, count, databaseUrl));
  const app = await buildApp(deps);
  await app.listen({ host: config.host, port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');

  // The database is thrown away after the run (temporary folder, scratch database), so the process
  // ends without closing it: handlers of requests autocannon gave up on at the end of a run are still
  // queued for the database, and closing it under them would only log errors about a closed driver.
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  let pauses: ReturnType<typeof watchPauses> | undefined;
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    else if (message.type === 'pauses-start') pauses = watchPauses();
    else if (message.type === 'pauses-stop' && pauses) {
      const seen: ChildMessage = { type: 'pauses', ...pauses.stop() };
      pauses = undefined;
      process.send?.(seen);
    }
  });
  process.on('disconnect', () => void stop());
  const ready: ChildMessage = {
    type: 'ready',
    port: address.port,
    seedMs: seeded.ms,
    analyzeMs: seeded.analyzeMs,
    analyzeKind: seeded.analyzeKind,
    inserted: seeded.inserted,
    archiveIds: seeded.archiveIds,
  };
  process.send?.(ready);
}

main().catch((error: unknown) => {
  const failed: ChildMessage = { type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  process.send?.(failed);
  process.exit(1);
});
