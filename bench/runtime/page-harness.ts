// The bench page's harness, shared by bench:runtime and bench:pdf: build the page with Vite into
// .tmp/, serve it on localhost, launch Debian's Chromium, and time one render of the page as it
// reports itself (window.benchRender, set by bench-page.tsx).
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { build } from 'vite';

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const DIST = path.resolve(ROOT, '../../.tmp/bench-runtime-dist');
export const BENCH_PAGE_PORT = Number(process.env.BENCH_PORT ?? 18384);

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface RenderFigures {
  /** Every field row in the DOM. */
  domMs: number;
  /** The frame that paints them. */
  frameMs: number;
  /** No row still waiting for its widget. */
  widgetsMs: number;
}

export async function buildBenchPage(): Promise<void> {
  await build({ configFile: path.join(ROOT, 'vite.config.ts') });
}

export function serveBenchPage(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(DIST, url.pathname === '/' ? 'index.html' : url.pathname);
    if (!file.startsWith(DIST) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(BENCH_PAGE_PORT, '127.0.0.1', () => resolve(server)));
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Loads the bench page with `query` (e.g. `variant=engine&subject=pe`) and returns its own render timing. */
export async function measureRender(page: Page, query: string): Promise<RenderFigures> {
  await page.goto(`http://127.0.0.1:${BENCH_PAGE_PORT}/?${query}`);
  await page.waitForFunction(() => window.benchRender !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.benchRender as RenderFigures);
}
