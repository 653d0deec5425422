// `npm run bench:types`: how soon the exercise editors' type checker (src/type-service/) answers,
// in Chromium on the built site (run `npm run build` first), on 06d's bill-in-finally exercise. Each
// run is a fresh browser context (nothing cached), and prints median, min and max beside the course's
// aims. A benchmark, not a test: it exits 0 whatever the figures (the tests never assert a time).
//
//   npm run bench:types                     # English, 5 runs
//   npm run bench:types -- --runs 9 --locale es
//
// Each run is two fresh contexts: a learner who clicks the editor at once, before the checker has
// been preloaded, and a learner who reads the exercise first (src/type-service/preload.ts loads the
// checker once an editor has stayed in view for its dwell and the page is idle).
//
// What it measures (ms, from timestamps taken in the page):
// - first focus → first diagnostics, clicked at once: from the editor taking the focus (a click) to
//   TypeScript's first answer about the editor's text (the worker created, TypeScript, its lib files
//   and lessons-code's declarations fetched and compiled, the lib files read and bound, the starter
//   checked); aim 1,500 ms; and inside it, from the worker's marks: the worker started, its parts loaded, bound,
//   ready said to the page;
// - keystroke → updated diagnostics: from a key that makes or mends a type problem (a letter added to
//   `new RoundReader().tokensReceived`, then removed) to the editor showing the new diagnostics (the
//   underline there or gone); the lint waits 150 ms after the last key by design, and that is counted;
//   aim 300 ms; 10 keys per run;
// - keystroke → completions: `.` typed after `new RoundReader()`, to the list of its members on screen;
// - read first: the exercise scrolled into view and left alone until the preloaded worker says ready
//   (bounded: 60 s), that wait (in view → checker ready, the dwell and the idle moment included); then
//   the editor clicked: first focus → first diagnostics (the starter's); half a second later the
//   learner's first keystroke (`x` at the end of the text, a name TypeScript does not know) → the
//   editor showing its diagnostics (the new underline), the lint's 150 ms wait included; aim 300 ms;
//   and inside it, TypeScript's answer reaching the line under the editor;
// - read 3 s, then type: the exercise in view for 3 s (the checker perhaps still loading), then `x`
//   typed at the end of the editor: that key → its underline on screen; aim 400 ms.

import type { Browser, Locator, Page } from '@playwright/test';
import { launchChromium, startPreview } from '../scripts/preview.ts';
import { Figures, argValue, runsFromArgs } from './stats.ts';

// Its own port (GA_BENCH_PORT, else 31 above GA_E2E_PORT), so that runs can share a machine.
const PORT = Number(
  process.env.GA_BENCH_PORT || (process.env.GA_E2E_PORT ? Number(process.env.GA_E2E_PORT) + 31 : 4342),
);
const RUNS = runsFromArgs(5);
const LOCALE = argValue('--locale') ?? 'en';
const PAGE = `${LOCALE === 'en' ? '' : `/${LOCALE}`}/ga-ai/06d-one-call-per-round/`;
const KEYS = 10;
const EXERCISE = 'ga-exercise[data-exercise="bill-in-finally"]';
/** How long the reader waits for the preloaded checker before the run gives up on it. */
const READ_BOUND_MS = 60_000;

const figures = new Figures();

/**
 * Timestamps kept by the page: the editor's focus and each key, and each change of the type checker's line and of the
 * editor's error marks.
 */
async function watch(box: Locator): Promise<void> {
  await box.evaluate((host) => {
    const w = window as unknown as { __bench: Bench };
    w.__bench = { focus: 0, keys: [], ready: 0, checked: [], marks: [] };
    const content = host.querySelector('.cm-content')!;
    content.addEventListener('focus', () => (w.__bench.focus ||= performance.now()), { capture: true });
    content.addEventListener('keydown', () => w.__bench.keys.push(performance.now()), { capture: true });
    const status = host.querySelector<HTMLElement>('[data-types]')!;
    new MutationObserver(() => {
      if (status.dataset.state === 'ready' && !w.__bench.ready) w.__bench.ready = performance.now();
    }).observe(status, { attributes: true, attributeFilter: ['data-state'] });
    new MutationObserver(() => w.__bench.checked.push(performance.now())).observe(status, {
      attributes: true,
      attributeFilter: ['data-checked'],
    });
    const editor = host.querySelector('.cm-editor')!;
    let last = 0;
    new MutationObserver(() => {
      const count = editor.querySelectorAll('.cm-lintRange-error').length;
      if (count !== last) w.__bench.marks.push({ at: performance.now(), count });
      last = count;
    }).observe(editor, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

type Bench = {
  focus: number;
  keys: number[];
  ready: number;
  checked: number[];
  marks: { at: number; count: number }[];
};
const read = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Bench }).__bench);

async function run(browserPage: () => Promise<Page>): Promise<void> {
  const page = await browserPage();
  try {
    await page.goto(PAGE);
    const box = page.locator(EXERCISE);
    await box.scrollIntoViewIfNeeded();
    await box.waitFor();
    await page.locator(`${EXERCISE}[data-ready]`).waitFor({ timeout: 60_000 });
    await watch(box);
    const worker = page.waitForEvent('worker', { predicate: (w) => w.url().includes('type-worker'), timeout: 60_000 });
    await box.locator('.cm-line').first().click();
    await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.checked.length > 0, null, {
      timeout: 120_000,
    });
    let bench = await read(page);
    // Inside it, from the worker's own marks (src/type-service/type-worker.ts), on the page's clock.
    const pageOrigin = await page.evaluate(() => performance.timeOrigin);
    const marks = await (await worker).evaluate(() => ({
      origin: performance.timeOrigin,
      marks: performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const),
    }));
    // Clicked "at once" means before any preload: a run whose worker started before the click (a slow
    // machine let the dwell pass) measures something else, and is said instead of counted.
    if (marks.origin - pageOrigin < bench.focus)
      throw new Error('the checker was preloaded before the click: the page took longer than the dwell');
    figures.add('first focus → first diagnostics (clicked at once)', bench.checked[0]! - bench.focus, 'ms', 1500);
    const at = (name: string) =>
      marks.origin - pageOrigin + (marks.marks.find(([n]) => n === name)?.[1] ?? Number.NaN) - bench.focus;
    figures.add('  focus → worker started', marks.origin - pageOrigin - bench.focus, 'ms');
    figures.add('  focus → TypeScript and its files loaded', at('type-checker:loaded'), 'ms');
    figures.add('  focus → lib files and declarations bound', at('type-checker:bound'), 'ms');
    figures.add('  focus → ready said to the page', bench.ready - bench.focus, 'ms');

    // Keystrokes: after a last line `new RoundReader().tokensReceived`, a letter (one problem), then
    // Backspace (none), in turn.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nnew RoundReader().tokensReceived');
    await page.keyboard.press('Escape'); // the completions the dot opened
    await page.waitForTimeout(1000);
    for (let i = 0; i < KEYS; i++) {
      const adding = i % 2 === 0;
      const before = (await read(page)).marks.length;
      await page.keyboard.press(adding ? 'x' : 'Backspace');
      await page.waitForFunction((n) => (window as unknown as { __bench: Bench }).__bench.marks.length > n, before, {
        timeout: 30_000,
      });
      bench = await read(page);
      const mark = bench.marks[bench.marks.length - 1]!;
      if (mark.count > 0 !== adding)
        throw new Error(`the editor shows ${mark.count} error marks after ${adding ? 'adding' : 'removing'} a letter`);
      figures.add('keystroke → updated diagnostics', mark.at - bench.keys[bench.keys.length - 1]!, 'ms', 300);
      // Let the lint settle before the next key.
      await page.waitForTimeout(400);
    }

    // Completions: a dot after `reader`.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nnew RoundReader()');
    await page.waitForTimeout(400);
    await page.evaluate(() => {
      const w = window as unknown as { __options: number };
      w.__options = 0;
      const observer = new MutationObserver(() => {
        if (!document.querySelector('.cm-tooltip-autocomplete [role=option]')) return;
        w.__options = performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true });
    });
    await page.keyboard.press('.');
    await page.waitForFunction(() => (window as unknown as { __options: number }).__options > 0, null, {
      timeout: 30_000,
    });
    const shown = await page.evaluate(() => (window as unknown as { __options: number }).__options);
    bench = await read(page);
    figures.add('keystroke → completions', shown - bench.keys[bench.keys.length - 1]!, 'ms');
  } finally {
    await page.context().close();
  }
}

/**
 * The learner who reads first: the exercise in view, left alone until the preloaded checker is ready, then
 * a click and, half a second later, the first key.
 */
async function readFirst(browserPage: () => Promise<Page>): Promise<void> {
  const page = await browserPage();
  try {
    const worker = page.waitForEvent('worker', {
      predicate: (w) => w.url().includes('type-worker'),
      timeout: READ_BOUND_MS * 2,
    });
    await page.goto(PAGE);
    const box = page.locator(EXERCISE);
    await box.scrollIntoViewIfNeeded();
    const inView = await page.evaluate(() => performance.now());
    await page.locator(`${EXERCISE}[data-ready]`).waitFor({ timeout: 60_000 });
    // The editor itself in view: it is what the preload watches.
    await box.locator('.cm-editor').scrollIntoViewIfNeeded();
    await page.locator(`${EXERCISE} [data-types][data-worker="ready"]`).waitFor({ timeout: READ_BOUND_MS });
    const ready = await page.evaluate(() => performance.now());
    const started =
      (await (await worker).evaluate(() => performance.timeOrigin)) -
      (await page.evaluate(() => performance.timeOrigin));
    figures.add('read first: in view → checker ready (untouched)', ready - inView, 'ms');
    // Inside it: the dwell and the idle moments, until the preload created the worker.
    figures.add('  in view → worker started', started - inView, 'ms');
    if ((await box.locator('[data-types]').getAttribute('data-state')) !== 'idle')
      throw new Error('the line under the editor changed before any use');
    await watch(box);
    await box.locator('.cm-line').last().click();
    await page.waitForFunction(() => (window as unknown as { __bench: Bench }).__bench.checked.length > 0, null, {
      timeout: 60_000,
    });
    let bench = await read(page);
    figures.add('read first: first focus → first diagnostics', bench.checked[0]! - bench.focus, 'ms');
    await page.keyboard.press('ControlOrMeta+End');
    await page.waitForTimeout(500);
    const before = bench.marks.at(-1)?.count ?? (await box.locator('.cm-lintRange-error').count());
    await page.evaluate(() => ((window as unknown as { __bench: Bench }).__bench.keys = []));
    await page.keyboard.press('x');
    await page.waitForFunction(
      (n) => (window as unknown as { __bench: Bench }).__bench.marks.some((mark) => mark.count > n),
      before,
      { timeout: 30_000 },
    );
    bench = await read(page);
    const shown = bench.marks.find((mark) => mark.count > before)!;
    figures.add('read first: first keystroke → its diagnostics shown', shown.at - bench.keys[0]!, 'ms', 300);
    // Inside it: TypeScript's answer reaching the line under the editor; the underline waits for the
    // editor's other lint source too (the syntax check, in the exercise checker's worker, which the
    // focus started loading), 200 ms at most after the first answer (@codemirror/lint).
    const answered = bench.checked.find((at) => at > bench.keys[0]!);
    if (answered !== undefined) figures.add('  first keystroke → TypeScript’s answer', answered - bench.keys[0]!, 'ms');
  } finally {
    await page.context().close();
  }
}

/** How long after the exercise comes into view the learner of `typeAfterReading` types. */
const READ_MS = 3000;

/**
 * A learner who reads the exercise for READ_MS, then clicks the end of the editor and types `x`: the
 * time from that key to its underline on screen, the lint's 150 ms wait included. The checker may
 * still be loading then (the preload's dwell and an idle moment, then its load): that wait counts.
 */
async function typeAfterReading(browserPage: () => Promise<Page>): Promise<void> {
  const page = await browserPage();
  try {
    await page.goto(PAGE);
    const box = page.locator(EXERCISE);
    await box.scrollIntoViewIfNeeded();
    await page.locator(`${EXERCISE}[data-ready]`).waitFor({ timeout: 60_000 });
    await box.locator('.cm-editor').scrollIntoViewIfNeeded();
    const inView = await page.evaluate(() => performance.now());
    await page.waitForTimeout(Math.max(0, READ_MS - ((await page.evaluate(() => performance.now())) - inView)));
    await box.locator('.cm-line').last().click();
    await page.keyboard.press('ControlOrMeta+End');
    const key = await box.evaluate((host) => {
      const w = window as unknown as { __typed: { key: number; shown: number } };
      w.__typed = { key: 0, shown: 0 };
      const editor = host.querySelector('.cm-editor')!;
      const lastLineMarked = () => editor.querySelector('.cm-line:last-child .cm-lintRange-error') !== null;
      new MutationObserver(() => {
        if (w.__typed.key && !w.__typed.shown && lastLineMarked()) w.__typed.shown = performance.now();
      }).observe(editor, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      w.__typed.key = performance.now();
      return w.__typed.key;
    });
    await page.keyboard.press('x');
    await page.waitForFunction(() => (window as unknown as { __typed: { shown: number } }).__typed.shown > 0, null, {
      timeout: 60_000,
    });
    const shown = await page.evaluate(() => (window as unknown as { __typed: { shown: number } }).__typed.shown);
    figures.add(`read ${READ_MS / 1000} s, then type: keystroke → its diagnostics shown`, shown - key, 'ms', 400);
  } finally {
    await page.context().close();
  }
}

const preview = await startPreview(PORT);
const browser = await launchChromium();
const fresh = (b: Browser) => async () =>
  (await b.newContext({ baseURL: preview.base, viewport: { width: 1280, height: 900 } })).newPage();
try {
  for (let i = 0; i < RUNS; i++) {
    try {
      await run(fresh(browser));
    } catch (error) {
      figures.fail('first focus → first diagnostics (clicked at once)', error);
    }
    try {
      await readFirst(fresh(browser));
    } catch (error) {
      figures.fail('read first: first keystroke → its diagnostics shown', error);
    }
    try {
      await typeAfterReading(fresh(browser));
    } catch (error) {
      figures.fail(`read ${READ_MS / 1000} s, then type: keystroke → its diagnostics shown`, error);
    }
  }
} finally {
  await browser.close();
  preview.stop();
}
figures.print(
  `The exercise editors' type checker, ${PAGE}, ${RUNS} fresh contexts (load ` +
    `average ${(await import('node:os')).loadavg()[0]!.toFixed(1)})`,
);
