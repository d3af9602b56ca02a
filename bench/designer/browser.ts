// The designer in Debian's Chromium (Playwright), against the real server and the built web app:
// (1) open — full page loads of /system/form/index?formId=… timed in the page from navigation start
// until the outline holds the form and shows its first rows (it renders the rows in view), the
// form's property panel and the preview's last field row are in the DOM; (2) keystroke — a character typed into a rule's CodeMirror editor that makes it name an
// unknown field, timed from the keydown event until the engine's message is listed under the editor
// (and until CodeMirror underlines it), then Backspace until both are gone.
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import type { DesignerForm } from './fixtures';

const TENANT = '100001';
const PASSWORD = 'Health@2026';

/** Timestamps of one page load, ms from navigation start (performance.now() in the page). */
export interface OpenSample {
  /** The document's DOMContentLoaded (the app's script has run). */
  domContentLoaded: number;
  /** form/detail requested and answered (resource timing). */
  detailStart: number;
  detailEnd: number;
  /** The editor's frame ([data-testid=form-editor]) first in the DOM. */
  editor: number;
  outline: number;
  properties: number;
  preview: number;
  /** All three: the measured figure. */
  done: number;
  /** The next frame after `done` (requestAnimationFrame, then a task). */
  frame: number;
  /** No preview row still waits for its widget (.fr-widget-pending; rows beyond the first 60 mount lazily). */
  widgets: number;
  /** Long tasks (PerformanceObserver 'longtask') before `done`: count and total ms. */
  longTasks: number;
  longTaskMs: number;
}

/** One keystroke, ms from its keydown event. */
export interface KeySample {
  direction: 'break' | 'fix';
  /** The engine's message under the editor appears (break) or is gone (fix). */
  message: number;
  /** The frame after that. */
  messageFrame: number;
  /** CodeMirror's underline (.cm-lintRange-error) appears or is gone (its linter waits 250 ms after a change). */
  underline: number;
  /** The longest long task that started between the keydown and the message. */
  longestTask: number;
}

export interface BrowserFigures {
  open: OpenSample[];
  keys: KeySample[];
}

export interface BrowserOptions {
  base: string;
  form: DesignerForm;
  openRuns: number;
  keystrokes: number;
  /** Where to write CPU profiles of one extra open and a few keystrokes (BENCH_PROFILE=1). */
  profileDir?: string;
}

declare global {
  interface Window {
    __benchOpen?: OpenSample;
    __benchTasks?: { start: number; duration: number }[];
    __benchKey?: Promise<Omit<KeySample, 'direction'>>;
  }
}

/**
 * Installed before the app's scripts on every page load (addInitScript): on the designer's URL,
 * watches the DOM (MutationObserver, and every frame as a fallback) for the three signals.
 */
function openProbe(arg: { lastProp: string; formName: string; fieldCount: number }): void {
  const tasks: { start: number; duration: number }[] = [];
  window.__benchTasks = tasks;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no long task timing: counted as none
  }
  if (!location.search.includes('formId=')) return;
  const t: Partial<OpenSample> = {};
  const q = (s: string) => document.querySelector(s);
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const detail = resources.find((r) => r.name.includes('/form/detail'));
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const before = tasks.filter((x) => x.start < (t.done ?? 0));
    window.__benchOpen = {
      domContentLoaded: nav?.domContentLoadedEventEnd ?? NaN,
      detailStart: detail?.startTime ?? NaN,
      detailEnd: detail?.responseEnd ?? NaN,
      editor: t.editor ?? NaN,
      outline: t.outline ?? NaN,
      properties: t.properties ?? NaN,
      preview: t.preview ?? NaN,
      done: t.done ?? NaN,
      frame: t.frame ?? NaN,
      widgets: t.widgets ?? NaN,
      longTasks: before.length,
      longTaskMs: before.reduce((s, x) => s + x.duration, 0),
    };
  };
  const check = () => {
    if (finished) return;
    const now = performance.now();
    if (t.editor === undefined && q('[data-testid="form-editor"]')) t.editor = now;
    // The outline renders the rows in view (a long form's are virtualised): it is there when it
    // holds the whole form (data-fields) and shows its first field rows.
    if (t.outline === undefined && q(`[data-testid="outline"][data-fields="${arg.fieldCount}"] [data-field]`)) t.outline = now;
    if (
      t.properties === undefined &&
      (q('[data-testid="form-properties"] [data-field="formName"] input') as HTMLInputElement | null)?.value === arg.formName
    )
      t.properties = now;
    if (t.preview === undefined && q(`[data-testid="preview"] [data-field="${arg.lastProp}"]`)) t.preview = now;
    if (t.done === undefined && t.outline !== undefined && t.properties !== undefined && t.preview !== undefined) {
      t.done = now;
      requestAnimationFrame(() =>
        setTimeout(() => {
          t.frame = performance.now();
          check();
        }, 0),
      );
    }
    if (t.preview !== undefined && t.widgets === undefined && !q('[data-testid="preview"] .fr-widget-pending')) t.widgets = now;
    if (t.frame !== undefined && t.widgets !== undefined) finish();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  const poll = () => {
    check();
    if (!finished) requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
  // Widgets that never finish mounting (or a signal that never comes) still end the sample, as NaN.
  setTimeout(finish, 30_000);
}

/** Set up before each keystroke: resolves when the listed message and the underline show (or are gone). */
function keyProbe(arg: { ruleId: string; unknown: string; expect: boolean }): void {
  window.__benchKey = new Promise((resolve, reject) => {
    const card = () => document.querySelector(`.fd-rule[data-rule="${arg.ruleId}"]`);
    const content = card()?.querySelector('.cm-content[data-testid^="expr-tcontent-"]');
    if (!content) {
      reject(new Error(`no editor for rule ${arg.ruleId}`));
      return;
    }
    let t0 = 0;
    const t: { message?: number; messageFrame?: number; underline?: number } = {};
    content.addEventListener('keydown', (e) => (t0 = e.timeStamp), { once: true, capture: true });
    const check = () => {
      if (t0 === 0) return;
      const now = performance.now();
      const c = card();
      if (!c) return;
      const listed = [...c.querySelectorAll('.fd-diagnostic')].some((e) => e.textContent?.includes(arg.unknown));
      // Shown: the misspelt name underlined. Gone: no underline at all (after Backspace CodeMirror first
      // maps the old range onto the shorter name, until its linter runs again).
      const ranges = [...c.querySelectorAll('.cm-lintRange-error')];
      const underlined = arg.expect ? ranges.some((e) => e.textContent === arg.unknown) : ranges.length > 0;
      if (t.message === undefined && listed === arg.expect) {
        t.message = now - t0;
        requestAnimationFrame(() =>
          setTimeout(() => {
            t.messageFrame = performance.now() - t0;
            check();
          }, 0),
        );
      }
      if (t.underline === undefined && underlined === arg.expect) t.underline = now - t0;
      if (t.message !== undefined && t.messageFrame !== undefined && t.underline !== undefined) {
        observer.disconnect();
        clearTimeout(timer);
        const until = t0 + t.message;
        const longest = Math.max(
          0,
          ...(window.__benchTasks ?? []).filter((x) => x.start >= t0 - 1 && x.start < until).map((x) => x.duration),
        );
        resolve({ message: t.message, messageFrame: t.messageFrame, underline: t.underline, longestTask: longest });
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`keystroke: no ${arg.expect ? 'diagnostic' : 'clean editor'} within 10 s (${JSON.stringify(t)})`));
    }, 10_000);
  });
}

async function login(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('租户编号').fill(TENANT);
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/home\/index$/, { timeout: 60_000 });
}

async function openOnce(page: Page, url: string): Promise<OpenSample> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__benchOpen !== undefined, undefined, { timeout: 60_000, polling: 250 });
  const sample = await page.evaluate(() => window.__benchOpen as OpenSample);
  if (Number.isNaN(sample.done))
    throw new Error(`the designer did not show its outline, properties and preview: ${JSON.stringify(sample)}`);
  return sample;
}

/** The page is quiet again: the autosave of the last edit landed, then a moment for the preview. */
async function settle(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="save-state"][data-status="saved"]', { timeout: 30_000 });
  await page.waitForTimeout(400);
}

async function keystroke(page: Page, form: DesignerForm, direction: KeySample['direction']): Promise<KeySample> {
  const unknown = `${form.rule.name}x`;
  await page.evaluate(keyProbe, { ruleId: form.rule.id, unknown, expect: direction === 'break' });
  await page.keyboard.press(direction === 'break' ? 'x' : 'Backspace');
  const r = await page.evaluate(() => window.__benchKey as Promise<Omit<KeySample, 'direction'>>);
  return { direction, ...r };
}

/**
 * Finds the rule's field with the outline's search (the outline renders only the rows in view),
 * selects it, clears the search (the whole outline again, scrolled to the selection), shows its
 * rules and puts the cursor before the closing parenthesis.
 */
async function focusRule(page: Page, form: DesignerForm): Promise<void> {
  const find = page.locator('[data-testid="outline"] .fd-outline-find input');
  await find.fill(form.rule.fieldProp);
  await page.locator(`[data-testid="outline"] [data-field="${form.rule.fieldProp}"]`).click();
  await find.fill('');
  await page.locator(`[data-testid="outline"] [data-field="${form.rule.fieldProp}"].fd-selected`).waitFor();
  await page.getByRole('tab', { name: /^规则/ }).click();
  const editor = page.locator(`.fd-rule[data-rule="${form.rule.id}"] .cm-content[data-testid^="expr-tcontent-"]`);
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(1000);
}

async function startProfile(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return cdp;
}

async function stopProfile(cdp: CDPSession): Promise<unknown> {
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  return profile;
}

export async function measureDesigner(opts: BrowserOptions, onProfile?: (name: string, profile: unknown) => void): Promise<BrowserFigures> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const figures: BrowserFigures = { open: [], keys: [] };
  try {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
    // tsx (esbuild, keepNames) wraps the inner functions of the probes in __name(fn, "name"): the
    // page gets an identity __name before anything of ours runs in it.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
    await context.addInitScript(openProbe, {
      lastProp: opts.form.lastProp,
      formName: opts.form.doc.formName,
      fieldCount: opts.form.doc.fields.length,
    });
    const page = await context.newPage();
    await login(page, opts.base);
    const url = `${opts.base}/system/form/index?formId=${opts.form.id}&name=${encodeURIComponent(`设计·${opts.form.doc.formName}`)}`;
    // The first load fills the HTTP cache and the compile caches; it is not counted.
    await openOnce(page, url);
    for (let i = 0; i < opts.openRuns; i++) {
      await page.waitForTimeout(500);
      figures.open.push(await openOnce(page, url));
    }

    await focusRule(page, opts.form);
    // Two warm-up pairs, then the measured ones: x makes the name unknown, Backspace known again.
    for (let i = 0; i < opts.keystrokes + 4; i++) {
      const sample = await keystroke(page, opts.form, i % 2 === 0 ? 'break' : 'fix');
      if (i >= 4) figures.keys.push(sample);
      await settle(page);
    }

    if (opts.profileDir && onProfile) {
      await page.waitForTimeout(500);
      let cdp = await startProfile(page);
      await openOnce(page, url);
      onProfile('open', await stopProfile(cdp));
      await focusRule(page, opts.form);
      // Each keystroke alone (until its message and underline), not the autosave and preview after it.
      for (const direction of ['break', 'fix'] as const) {
        cdp = await startProfile(page);
        await keystroke(page, opts.form, direction);
        onProfile(`keystroke-${direction}`, await stopProfile(cdp));
        await settle(page);
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}
