// npm run bench:runtime — the form runtime in Chromium (see bench/README.md): builds the bench
// page with Vite into .tmp/, serves it, and measures for <SchemaForm> and for the same fields as a
// plain Formily ISchema: time until all field rows are in the DOM, and the time from a keystroke
// in the hub field (read by 100 rules) until the screen shows every dependent update.
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { percentile } from '../stats';

const ROOT = path.dirname(new URL(import.meta.url).pathname);
const DIST = path.resolve(ROOT, '../../.tmp/bench-runtime-dist');
const PORT = Number(process.env.BENCH_PORT ?? 18384);
const RENDER_RUNS = 7;
const KEYSTROKES = 20;
const TARGET_RENDER_MS = 500;
const TARGET_KEY_MS = 50;

type Variant = 'engine' | 'plain';

interface Figures {
  render: number[];
  renderFrame: number[];
  widgets: number[];
  key: number[];
  keyFrame: number[];
  longTasks: number;
  longestTask: number;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(): Promise<http.Server> {
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
  return new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(server)));
}

async function measureRender(page: Page, variant: Variant): Promise<{ domMs: number; frameMs: number; widgetsMs: number }> {
  await page.goto(`http://127.0.0.1:${PORT}/?variant=${variant}`);
  await page.waitForFunction(() => window.benchRender !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => window.benchRender as { domMs: number; frameMs: number; widgetsMs: number });
}

/** One keystroke: the time from keydown to the DOM showing all dependents, and to the next frame. */
async function keystroke(page: Page, key: string, hubAfter: number | null): Promise<{ domMs: number; frameMs: number }> {
  await page.evaluate((expected) => {
    const w = window as unknown as { benchKey?: Promise<{ domMs: number; frameMs: number }> };
    w.benchKey = new Promise((resolve) => {
      let t0 = 0;
      const input = document.querySelector<HTMLInputElement>('[data-field="hub"] input') as HTMLInputElement;
      input.addEventListener('keydown', (e) => (t0 = e.timeStamp), { once: true, capture: true });
      const observer = new MutationObserver(() => {
        if (t0 === 0 || !window.benchShows?.(expected)) return;
        observer.disconnect();
        const domMs = performance.now() - t0;
        requestAnimationFrame(() => setTimeout(() => resolve({ domMs, frameMs: performance.now() - t0 }), 0));
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  }, hubAfter);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { benchKey: Promise<{ domMs: number; frameMs: number }> }).benchKey);
}

async function measure(variant: Variant): Promise<Figures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const figures: Figures = { render: [], renderFrame: [], widgets: [], key: [], keyFrame: [], longTasks: 0, longestTask: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // The first load warms the HTTP and compile caches; it is not counted.
    await measureRender(page, variant);
    for (let i = 0; i < RENDER_RUNS; i++) {
      const r = await measureRender(page, variant);
      figures.render.push(r.domMs);
      figures.renderFrame.push(r.frameMs);
      figures.widgets.push(r.widgetsMs);
    }
    // Hub = 1; each keystroke appends '9' (hub 19: 25 fields appear, 25 checks fire, 50 values change)
    // or removes it again (hub 1: all undone).
    await page.locator('[data-field="hub"] input').click();
    await page.keyboard.type('1');
    await page.waitForFunction(() => window.benchShows?.(1) === true);
    const taskMark = await page.evaluate(() => performance.now());
    for (let i = 0; i < KEYSTROKES + 2; i++) {
      const r = i % 2 === 0 ? await keystroke(page, '9', 19) : await keystroke(page, 'Backspace', 1);
      if (i < 2) continue; // warm-up
      figures.key.push(r.domMs);
      figures.keyFrame.push(r.frameMs);
    }
    const tasks = await page.evaluate((mark) => (window.benchLongTasks ?? []).filter((t) => t.start >= mark), taskMark);
    figures.longTasks = tasks.length;
    figures.longestTask = Math.max(0, ...tasks.map((t) => t.duration));
  } finally {
    await browser.close();
  }
  return figures;
}

const med = (xs: number[]) => percentile(xs, 50);
const p95 = (xs: number[]) => percentile(xs, 95);
const f1 = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  console.log('bench:runtime — building the bench page…');
  await build({ configFile: path.join(ROOT, 'vite.config.ts') });
  const server = await serve();
  try {
    const engine = await measure('engine');
    const plain = await measure('plain');
    const line = (name: string, e: number[], p: number[], target?: number) => {
      const verdict = target === undefined ? '' : med(e) <= target ? 'PASS' : 'FAIL';
      console.log(
        [name.padEnd(34), f1(med(e)).padStart(8), f1(p95(e)).padStart(8), f1(med(p)).padStart(8), f1(p95(p)).padStart(8), (med(e) / med(p)).toFixed(2).padStart(7), (target === undefined ? '' : `≤ ${target}`).padStart(7), verdict.padStart(5)].join(' '),
      );
    };
    console.log(`\n300 fields; hub read by 100 rules (50 calc, 25 display, 25 check). ${RENDER_RUNS} renders, ${KEYSTROKES} keystrokes. ms.`);
    console.log(['measure'.padEnd(34), 'engine'.padStart(8), 'p95'.padStart(8), 'plain'.padStart(8), 'p95'.padStart(8), 'ratio'.padStart(7), 'target'.padStart(7), ''].join(' '));
    line('render: all fields in the DOM', engine.render, plain.render, TARGET_RENDER_MS);
    line('render: to the next frame', engine.renderFrame, plain.renderFrame);
    line('render: every widget mounted', engine.widgets, plain.widgets);
    line('keystroke: dependents in the DOM', engine.key, plain.key, TARGET_KEY_MS);
    line('keystroke: to the next frame', engine.keyFrame, plain.keyFrame);
    console.log(`long tasks during the keystrokes: engine ${engine.longTasks} (longest ${f1(engine.longestTask)} ms), plain ${plain.longTasks} (longest ${f1(plain.longestTask)} ms)`);
  } finally {
    server.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
