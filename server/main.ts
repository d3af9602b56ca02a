import path from 'node:path';
import { buildApp } from './app';
import { prepare } from './bootstrap';
import { loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { openDatabase } from './db/open';
import { codemapsDir, SERVER_CODEMAPS } from './services/codemaps';

/** `npm start` / `npm run serve`: opens the database, migrates and seeds it, serves API and web app. */
async function main(): Promise<void> {
  const config = loadConfig();
  let opened;
  try {
    opened = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`[server] ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const deps = await prepare(opened, config);
  // codemaps/ was read when the server loaded: a file left out is said, not fatal.
  for (const p of SERVER_CODEMAPS.problems) console.warn(`[server] ${path.join(codemapsDir(), p.file)}: ${p.message}`);
  const app = await buildApp(deps);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`[server] ${signal}: closing`);
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
  const where = opened.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`[server] listening on http://${config.host}:${config.port} (${where})`);
}

main().catch((error: unknown) => {
  console.error('[server] failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
