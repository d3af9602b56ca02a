// npm run bench:runtime — the form runtime in Chromium (see bench/README.md): builds the bench
// page with Vite into .tmp/, serves it, and measures for <SchemaForm> and for the same fields as a
// plain Formily ISchema: time until all field rows are in the DOM, and the time from a keystroke
// in the hub field (read by 100 rules) until the screen shows every dependent update. Two subjects:
// the generated 300-field form and the real 健康体检表 (keystroke in 体重 until the BMI shows).
// BENCH_SUBJECTS=generated or =pe runs one of them.
import type { Page } from '@playwright/test';
import peSchema from '../../schemas/physicalexamination.json';
import peRules from '../../rules/physicalexamination.rules.json';
import { percentile } from '../stats';
import { buildBenchPage, launchChromium, measureRender, serveBenchPage, type RenderFigures } from './page-harness';

const RENDER_RUNS = 7;
const KEYSTROKES = 20;
const TARGET_RENDER_MS = 500;
const TARGET_KEY_MS = 50;

type Variant = 'engine' | 'plain';

/** What is typed where: a first key, then `append` and Backspace alternately; each number is what the field then holds. */
interface Subject {
  id: 'generated' | 'pe';
  title: string;
  field: string;
  first: [string, number];
  append: [string, number];
  back: number;
  /** The real form is held to the frame after the keystroke, not only to the DOM update. */
  keyFrameTarget?: number;
}

const SUBJECTS: Subject[] = [
  {
    id: 'generated',
    title: '300 fields; hub read by 100 rules (50 calc, 25 display, 25 check).',
    field: 'hub',
    first: ['1', 1],
    append: ['9', 19],
    back: 1,
  },
  {
    id: 'pe',
    title: `健康体检表 (schemas/physicalexamination.json: ${peSchema.fields.length} fields, ${peRules.rules.length} rules; the rows shown for a new exam of a 54-year-old man); keystroke in 体重 until the BMI shows (plain: the same rows, BMI as one function reaction).`,
    field: 'weight',
    first: ['6', 6],
    append: ['5', 65],
    back: 6,
    keyFrameTarget: TARGET_KEY_MS,
  },
];

interface Figures {
  render: number[];
  renderFrame: number[];
  widgets: number[];
  key: number[];
  keyFrame: number[];
  longTasks: number;
  longestTask: number;
}

async function measurePage(page: Page, subject: Subject, variant: Variant): Promise<RenderFigures> {
  return measureRender(page, `variant=${variant}&subject=${subject.id}`);
}

/** One keystroke: the time from keydown to the DOM showing all dependents, and to the next frame. */
async function keystroke(page: Page, field: string, key: string, after: number | null): Promise<{ domMs: number; frameMs: number }> {
  await page.evaluate(
    ([expected, fieldProp]) => {
      const w = window as unknown as { benchKey?: Promise<{ domMs: number; frameMs: number }> };
      w.benchKey = new Promise((resolve) => {
        let t0 = 0;
        const input = document.querySelector<HTMLInputElement>(`[data-field="${fieldProp}"] input`) as HTMLInputElement;
        input.addEventListener('keydown', (e) => (t0 = e.timeStamp), { once: true, capture: true });
        const observer = new MutationObserver(() => {
          if (t0 === 0 || !window.benchShows?.(expected)) return;
          observer.disconnect();
          const domMs = performance.now() - t0;
          requestAnimationFrame(() => setTimeout(() => resolve({ domMs, frameMs: performance.now() - t0 }), 0));
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      });
    },
    [after, field] as const,
  );
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { benchKey: Promise<{ domMs: number; frameMs: number }> }).benchKey);
}

async function measure(subject: Subject, variant: Variant): Promise<Figures> {
  const browser = await launchChromium();
  const figures: Figures = { render: [], renderFrame: [], widgets: [], key: [], keyFrame: [], longTasks: 0, longestTask: 0 };
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    // The first load warms the HTTP and compile caches; it is not counted.
    await measurePage(page, subject, variant);
    for (let i = 0; i < RENDER_RUNS; i++) {
      const r = await measurePage(page, subject, variant);
      figures.render.push(r.domMs);
      figures.renderFrame.push(r.frameMs);
      figures.widgets.push(r.widgetsMs);
    }
    // Generated: hub = 1; each keystroke appends '9' (hub 19: 25 fields appear, 25 checks fire, 50
    // values change) or removes it again (hub 1: all undone). pe: weight 6 ↔ 65 kg.
    await page.locator(`[data-field="${subject.field}"] input`).click();
    await page.keyboard.type(subject.first[0]);
    await page.waitForFunction((n) => window.benchShows?.(n) === true, subject.first[1]);
    const taskMark = await page.evaluate(() => performance.now());
    for (let i = 0; i < KEYSTROKES + 2; i++) {
      const r =
        i % 2 === 0
          ? await keystroke(page, subject.field, subject.append[0], subject.append[1])
          : await keystroke(page, subject.field, 'Backspace', subject.back);
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
  await buildBenchPage();
  const server = await serveBenchPage();
  const chosen = (process.env.BENCH_SUBJECTS ?? 'generated,pe').split(',');
  try {
    for (const subject of SUBJECTS.filter((s) => chosen.includes(s.id))) await report(subject);
  } finally {
    server.close();
  }
}

async function report(subject: Subject): Promise<void> {
  const engine = await measure(subject, 'engine');
  const plain = await measure(subject, 'plain');
  const line = (name: string, e: number[], p: number[], target?: number) => {
    const verdict = target === undefined ? '' : med(e) <= target ? 'PASS' : 'FAIL';
    console.log(
      [
        name.padEnd(34),
        f1(med(e)).padStart(8),
        f1(p95(e)).padStart(8),
        f1(med(p)).padStart(8),
        f1(p95(p)).padStart(8),
        (med(e) / med(p)).toFixed(2).padStart(7),
        (target === undefined ? '' : `≤ ${target}`).padStart(7),
        verdict.padStart(5),
      ].join(' '),
    );
  };
  console.log(`\n${subject.title} ${RENDER_RUNS} renders, ${KEYSTROKES} keystrokes. ms.`);
  console.log(
    [
      'measure'.padEnd(34),
      'engine'.padStart(8),
      'p95'.padStart(8),
      'plain'.padStart(8),
      'p95'.padStart(8),
      'ratio'.padStart(7),
      'target'.padStart(7),
      '',
    ].join(' '),
  );
  line('render: all fields in the DOM', engine.render, plain.render, TARGET_RENDER_MS);
  line('render: to the next frame', engine.renderFrame, plain.renderFrame);
  line('render: every widget mounted', engine.widgets, plain.widgets);
  line('keystroke: dependents in the DOM', engine.key, plain.key, TARGET_KEY_MS);
  line('keystroke: to the next frame', engine.keyFrame, plain.keyFrame, subject.keyFrameTarget);
  console.log(
    `long tasks during the keystrokes: engine ${engine.longTasks} (longest ${f1(engine.longestTask)} ms), plain ${plain.longTasks} (longest ${f1(plain.longestTask)} ms)`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
