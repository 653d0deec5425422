// Shared by the demos' browser tests: what a demo should show, computed here with the same
// lessons-code calls and the same UI strings (en/es/fr) as the page, so a test compares with an
// independent rendering of the data, never with the page itself.

import { errors, expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { writerReaderTable } from '../../lessons-code/index.ts';
import { selectStrings, translate, type Vars } from '../../src/demo-kit/format.ts';
import { MEASURE_SCREENS } from '../../src/first-load/deferred.ts';
import { describeLoss, lossReport } from '../../src/widgets/shared/loss-report.ts';
import { uiStrings } from '../ui-strings.ts';

/** A UI string as the demos' scripts resolve it (keys without `course.`), plurals and numbers per locale. */
export function strings(code: string): (key: string, vars?: Vars) => string {
  const table = selectStrings(uiStrings(code), ['course.']);
  return (key, vars) => translate(table, code, key, vars);
}

/** What the user lost, in words, as the demos say it. */
export function verdict(code: string, original: string, got: string, thrown = false): string {
  const tr = strings(code);
  return thrown ? tr('names.throws') : describeLoss(lossReport(original, got), tr, code);
}

/** The writer × reader table for an answer, as the demo's rows show it: writer, reader, two verdicts. */
export function pairsTable(answer: string, code = 'en'): string[][] {
  const tr = strings(code);
  return writerReaderTable(answer).map((row) => [
    row.writer.label,
    tr(`names.reader.${row.reader.id}`),
    ...row.cells.map((cell) => verdict(code, answer, cell.got, cell.thrown)),
  ]);
}

/** The rows of a table's body, each cell's text (the cards' column names left out). */
export const tableRows = (table: Locator) =>
  table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
    );

/** Puts a text in a demo box as the learner's paste would arrive (CR shown as ␍); `input` lets the demo compute. */
export async function setBox(box: Locator, text: string, input = true): Promise<void> {
  await box.evaluate(
    (element, [value, input]) => {
      (element as HTMLTextAreaElement).value = value as string;
      if (input) element.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [text.replaceAll('\r', '␍'), input] as const,
  );
}

/** Pastes `text` into a box through a real paste event (the demo's own paste handling runs). */
export async function paste(box: Locator, text: string, replace = true): Promise<void> {
  await box.focus();
  await box.evaluate(
    (element, [value, replace]) => {
      const area = element as HTMLTextAreaElement;
      if (replace) area.select();
      const data = new DataTransfer();
      data.setData('text/plain', value as string);
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      // a paste the page lets through is inserted as the browser would (the same text, in place)
      if (area.dispatchEvent(event)) {
        area.setRangeText((value as string).replace(/\r\n?/g, '\n'), area.selectionStart, area.selectionEnd, 'end');
        area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
      }
    },
    [text, replace] as const,
  );
}

// GA_CPU_THROTTLE=4 runs the scrolled pages on a CPU four times slower (Chromium's own throttling), as
// on a slow phone: what loads late then arrives while in view. The measure must not change.
const THROTTLE = Number(process.env.GA_CPU_THROTTLE || 1);

/** Each wait of shiftWhileScrolled lasts at most the test's time divided by this. */
const STOP_SHARE = 3;

/**
 * The cumulative layout shift of a page scrolled from top to bottom, 600 px at a time as a reader
 * scrolls: what moved without the reader doing anything (the browser's Layout Instability entries,
 * shifts after input left out as the standard does). The nodes that moved are printed.
 *
 * Deterministic whatever the machine's load: it waits for what the page says, never for time.
 * Before the first scroll and at each stop, every <ga-stamp> near enough to be measured
 * (MEASURE_SCREENS, src/first-load/deferred.ts) has measured the room its content takes (data-reserved)
 * or is in place (data-stamped), as on any phone within its idle moments. At each stop it also
 * waits until everything in view is final: stamps in place, each widget that starts when seen
 * (data-lazy=visible) loaded (data-ready) and not busy with its first run. At the end, every demo in
 * `tags` is ready. A shift is then counted whenever it happened.
 *
 * Each of these waits lasts at most a third of the test's time (STOP_SHARE): one that never ends
 * fails there, naming what is not final (at a stop: what in view, whether the page still renders
 * frames, which of its requests got no answer; see `stuck`), instead of using up the whole test in
 * silence.
 */
export async function shiftWhileScrolled(page: Page, url: string, tags: readonly string[] = []): Promise<number> {
  if (THROTTLE > 1)
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await page.addInitScript(() => {
    type Shift = { value: number; sources: string[] };
    const w = window as unknown as { __shifts: Shift[]; __flush: () => Shift[] };
    w.__shifts = [];
    const add = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        // what moved, in which part of the page, from where to where
        const sources = (entry.sources ?? []).map((s) => {
          const node = s.node;
          if (!(node instanceof Element)) return String(node?.nodeName);
          const part = node.closest('section.demo, figure, h2, p, li');
          const where = part?.querySelector('.demo-title')?.textContent ?? part?.textContent?.slice(0, 40) ?? '';
          const rect = (r: DOMRectReadOnly) =>
            `(${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)})`;
          return (
            `${node.tagName.toLowerCase()}.${node.className} (${where.trim()}) ` +
            `${rect(s.previousRect)}→${rect(s.currentRect)}`
          );
        });
        w.__shifts.push({ value: entry.value, sources });
      }
    };
    const observer = new PerformanceObserver((list) => add(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    w.__flush = () => (add(observer.takeRecords()), w.__shifts);
  });
  const pending = new Set<Request>();
  const failed: string[] = [];
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => {
    pending.delete(request);
    failed.push(`${request.url()} (${request.failure()?.errorText})`);
  });
  const limit = test.info().timeout / STOP_SHARE;
  await page.goto(url);
  await page.waitForLoadState('load');
  const measured = (when: string) =>
    page
      .waitForFunction(unmeasuredNear, { screens: MEASURE_SCREENS }, { timeout: limit })
      .catch(async (error: unknown) => {
        if (!(error instanceof errors.TimeoutError)) throw error;
        const unmeasured = await ask(
          page.evaluate(unmeasuredNear, { screens: MEASURE_SCREENS, describe: true }) as Promise<string[]>,
          ['(the page did not answer)'],
        );
        const within = `within ${Math.round(limit / 1000)} s ${when}`;
        throw new Error(`${within}, stamps near the viewport not measured in: ${unmeasured.join(', ')}`, {
          cause: error,
        });
      });
  await measured('of the load');
  for (let y = 0; y < (await page.evaluate(() => document.documentElement.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await measured(`of a scroll to ${y} px`);
    await page.waitForFunction(settledInView, undefined, { timeout: limit }).catch(async (error: unknown) => {
      if (!(error instanceof errors.TimeoutError)) throw error;
      const unanswered = [...pending].map((request) => request.url());
      throw new Error(await stuck(page, y, limit, unanswered, failed), { cause: error });
    });
  }
  for (const tag of tags) await expect(page.locator(tag)).toHaveAttribute('data-ready', '');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const shifts = await page.evaluate(() =>
    (window as unknown as { __flush: () => { value: number; sources: string[] }[] }).__flush(),
  );
  for (const shift of shifts.filter((s) => s.value > 0.001))
    console.log(`  moved (${shift.value.toFixed(4)}): ${shift.sources.join('; ')}`);
  return shifts.reduce((sum, shift) => sum + shift.value, 0);
}

/**
 * In the page: whether every <ga-stamp> within `screens` screens of the viewport (and not hidden) has
 * measured its room or been put in place; with `describe`, the demos holding one that has not.
 */
function unmeasuredNear({ screens, describe = false }: { screens: number; describe?: boolean }): boolean | string[] {
  const near = [...document.querySelectorAll('ga-stamp:not([data-reserved], [data-stamped])')].filter((stamp) => {
    // Inside something hidden, a stamp has no box and nothing to measure (src/first-load/deferred.ts).
    if (stamp.getClientRects().length === 0) return false;
    const box = stamp.getBoundingClientRect();
    return box.bottom > -screens * innerHeight && box.top < (screens + 1) * innerHeight;
  });
  if (!describe) return near.length === 0;
  return near.map((stamp) => stamp.closest('section.demo')?.querySelector('.demo-title')?.textContent?.trim() ?? '?');
}

/**
 * In the page: whether everything in view is final (stamps in place, widgets that start when seen
 * loaded and not busy); with `describe`, what is not, one line each.
 */
function settledInView(describe = false): boolean | string[] {
  const inView = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.bottom > 0 && box.top < innerHeight;
  };
  const waiting = [
    ...[...document.querySelectorAll('ga-stamp')].filter((stamp) => !stamp.hasAttribute('data-stamped')),
    ...[...document.querySelectorAll('[data-lazy=visible]')].filter(
      (widget) => !widget.hasAttribute('data-ready') || widget.getAttribute('data-state') === 'busy',
    ),
  ].filter(inView);
  if (!describe) return waiting.length === 0;
  return waiting.map((el) => {
    const demo = el.closest('section.demo')?.querySelector('.demo-title')?.textContent?.trim() ?? 'no demo';
    const attributes = [...el.attributes]
      .filter((a) => /^(data-(?!strings)|aria-busy)/.test(a.name))
      .map((a) => (a.value ? `${a.name}=${a.value}` : a.name));
    const error = el.querySelector(':scope > [data-load-error]:not([hidden])') ? ', its load error shown' : '';
    const defined = customElements.get(el.localName) ? '' : ', not defined';
    return `<${el.localName}> in "${demo}" [${attributes.join(' ')}]${defined}${error}`;
  });
}

/** The page's answer to a question asked after a wait failed, or `otherwise`: a stuck page gets 10 s. */
const ask = <T>(question: Promise<T>, otherwise: T, ms = 10_000) =>
  Promise.race([
    question.catch(() => otherwise),
    new Promise<T>((resolve) => setTimeout(() => resolve(otherwise), ms).unref()),
  ]);

/**
 * Whether the page still renders, in words: "the page is visible and still renders frames", or that it
 * renders no animation frame within `within` ms (intersection observers and animation frames both
 * need one), or that it did not answer.
 */
export const drawsFrames = (page: Page, within = 2000): Promise<string> =>
  ask(
    page.evaluate(
      (within) =>
        Promise.race([
          new Promise<string>((resolve) => requestAnimationFrame(() => resolve('still renders frames'))),
          new Promise<string>((resolve) =>
            setTimeout(() => resolve(`renders NO animation frame within ${within / 1000} s`), within),
          ),
        ]).then((frames) => `the page is ${document.visibilityState} and ${frames}`),
      within,
    ),
    'the page did not answer',
    within + 10_000,
  );

/** Why a stop of shiftWhileScrolled did not settle, in words. */
async function stuck(page: Page, y: number, limit: number, pending: string[], failed: string[]): Promise<string> {
  const waiting = await ask(page.evaluate(settledInView, true) as Promise<string[]>, ['(the page did not answer)']);
  const frames = await drawsFrames(page);
  return [
    `scrolled to ${y} px, the page did not settle within ${Math.round(limit / 1000)} s; not final in view:`,
    ...waiting.map((line) => `  ${line}`),
    frames,
    `requests without an answer: ${pending.join(', ') || 'none'}`,
    `requests that failed: ${failed.join(', ') || 'none'}`,
  ].join('\n');
}
