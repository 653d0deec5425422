// Every widget that loads its code late (defineLazyElement, src/demo-kit/lazy-element.ts) starts on a
// CPU four times slower, as on a slow phone, on each of the four lesson pages (06a–06d): a reader
// scrolls to it (a widget that starts on a use is used: focus arrives on its first button), it
// becomes ready, and the page keeps drawing frames. Chromium slows the page's CPU itself, through the
// DevTools protocol (Emulation.setCPUThrottlingRate); in English, on the /learn/ build as every spec.
//
// The waits bound finishing, never speed: each is many times what a loaded 2-core machine needs. A
// wait that fails says what the widget was doing (its attributes, its status line), whether the page
// still draws frames, and the page's long animation frames with the scripts they are blamed on
// (https://w3c.github.io/long-animation-frames/).

import { chromium, type Locator, type Page } from '@playwright/test';
import { TEST_CHROMIUM } from '../../scripts/preview.ts';
import { drawsFrames } from './demo-helpers.ts';
import { EN, expect, pageUrl, test } from './fixtures.ts';

const RATE = 4;
const PAGES = ['lesson', 'beyond', 'modelStream', 'rounds'] as const;
/** A bound on a widget becoming ready once in view: far above what a busy machine takes at 4×. */
const READY_LIMIT = 60_000;
/** A bound on the next animation frame once a widget is ready: an idle page draws one in 16 ms. */
const FRAME_LIMIT = 20_000;

const SLOWED = 'on a CPU slowed 4×, every lazy widget of the four lesson pages becomes ready; the page keeps drawing';
test(SLOWED, async ({ page }) => {
  test.setTimeout(600_000);
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await page.addInitScript(() => {
    // The page's long animation frames (200 ms or more at this rate), for a failure's message.
    const w = window as unknown as { __longFrames: string[] };
    w.__longFrames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        blockingDuration: number;
        scripts: { invoker: string; sourceURL: string; duration: number }[];
      })[]) {
        if (entry.duration < 200) continue;
        const scripts = entry.scripts
          .map((s) => `${s.invoker} in ${s.sourceURL.split('/').pop()} ${Math.round(s.duration)} ms`)
          .join('; ');
        w.__longFrames.push(`at ${Math.round(entry.startTime)} ms, ${Math.round(entry.duration)} ms: ${scripts}`);
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  for (const kind of PAGES) {
    await test.step(kind, async () => {
      await page.goto(pageUrl(kind, EN));
      await page.waitForLoadState('load');
      const widgets = page.locator('[data-lazy]');
      const count = await widgets.count();
      expect(count, `lazy widgets on ${kind}`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await start(page, widgets.nth(i), kind);
    });
  }
});

/** Scrolls to a widget as a reader does (and uses it, if it starts on a use); it must become ready. */
async function start(page: Page, widget: Locator, kind: string): Promise<void> {
  const name = await widget.evaluate((el) => el.localName);
  // scrollIntoView in the page itself: Playwright's own scrolling waits for animation frames.
  await widget.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  if ((await widget.getAttribute('data-lazy')) === 'interaction')
    await widget
      .locator('button')
      .first()
      .evaluate((button) => (button as HTMLElement).focus());
  try {
    await expect(widget).toHaveAttribute('data-ready', '', { timeout: READY_LIMIT });
  } catch (error) {
    throw new Error(await notReady(page, widget, `<${name}> on ${kind}`), { cause: error });
  }
  expect(await drawsFrames(page, FRAME_LIMIT), `${kind}: the page draws frames once <${name}> is ready`).toMatch(
    /still renders frames$/,
  );
}

/** Why a widget is not ready, in words: its attributes and status, the page's frames and long frames. */
async function notReady(page: Page, widget: Locator, what: string): Promise<string> {
  const state = await widget
    .evaluate((el) => {
      const attributes = [...el.attributes]
        .filter((a) => /^(data-(?!strings)|aria-busy)/.test(a.name))
        .map((a) => (a.value ? `${a.name}=${a.value}` : a.name));
      const status = el.querySelector('.demo-status')?.textContent?.trim() ?? '(no status line)';
      return `[${attributes.join(' ')}], its status: "${status}"`;
    })
    .catch(() => '(the page did not answer)');
  const longFrames = await page
    .evaluate(() => (window as unknown as { __longFrames: string[] }).__longFrames.slice(-8))
    .catch(() => []);
  return [
    `${what} was not ready within ${READY_LIMIT / 1000} s of coming into view: ${state}`,
    await drawsFrames(page),
    'the last long animation frames:',
    ...longFrames.map((line) => `  ${line}`),
  ].join('\n');
}

// The state a page was once found in, on purpose: visible, running its tasks, drawing no frame (in
// headless Chromium under load, for minutes). Chromium's headless build draws a frame here only when
// the DevTools client asks for one (--enable-begin-frame-control,
// https://chromedevtools.github.io/devtools-protocol/tot/HeadlessExperimental/), and this test never
// asks. The frame-driven IntersectionObserver then never reports a widget in view; each one must
// still start once scrolled to, and become ready or say that it is still loading.
test('in a page that draws no frame, each lazy widget scrolled to still starts', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const browser = await chromium.launch({
    ...TEST_CHROMIUM,
    args: [...TEST_CHROMIUM.args, '--enable-begin-frame-control'],
  });
  try {
    const page = await browser.newPage({ baseURL });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: RATE });
    for (const kind of PAGES) {
      await test.step(kind, async () => {
        await page.goto(pageUrl(kind, EN));
        await page.waitForLoadState('load');
        const frames = await drawsFrames(page);
        test.skip(!frames.includes('NO animation frame'), `this browser draws frames by itself: ${frames}`);
        const widgets = page.locator('[data-lazy=visible]');
        const count = await widgets.count();
        for (let i = 0; i < count; i++) {
          const widget = widgets.nth(i);
          const name = await widget.evaluate((el) => el.localName);
          await widget.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          try {
            // started: loading (aria-busy) or ready already
            await expect(widget.locator(':scope:is([aria-busy], [data-ready])')).toHaveCount(1, {
              timeout: READY_LIMIT,
            });
          } catch (error) {
            const state = await widget.evaluate((el) =>
              [...el.attributes]
                .filter((a) => /^(data-(?!strings)|aria-busy)/.test(a.name))
                .map((a) => (a.value ? `${a.name}=${a.value}` : a.name)),
            );
            throw new Error(
              `<${name}> on ${kind}, in view, did not start within ${READY_LIMIT / 1000} s: [${state.join(' ')}]; ` +
                (await drawsFrames(page)),
              { cause: error },
            );
          }
          await expect(widget.locator(':scope[data-ready], :scope > [data-load-slow]:visible')).toHaveCount(1, {
            timeout: READY_LIMIT,
          });
        }
      });
    }
    expect(errors, 'console errors').toEqual([]);
  } finally {
    await browser.close();
  }
});
