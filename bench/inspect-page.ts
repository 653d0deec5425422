// The stream inspector in the page, for `npm run bench:inspect` (bench/inspect.ts): how responsive 06e
// stays while its worker reads the largest input it takes (MAX_INPUT_BYTES, 20 MiB), in Chromium on
// the built site (`npm run build` first), English, each run in a fresh page. The stream is opened
// from a file on disk through the file input, as a learner opens one (nothing of it passes through
// the page's script on its way in). Printed: the longest main-thread task from the file's opening
// to its report (a PerformanceObserver of 'longtask' entries: tasks of 50 ms or more), how many such
// tasks there were, the time until the report; then, in a second page, Cancel pressed once the
// reading runs, and the time until the demo says it stopped. Budgets are the course's aims for a
// task (200 ms, as bench:page) and never a test.

import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { MAX_INPUT_BYTES } from '../lessons-code/index.ts';
import { launchChromium, startPreview } from '../scripts/preview.ts';
import { Figures } from './stats.ts';

// Its own port (GA_BENCH_PORT, else 31 above GA_E2E_PORT), so that it can run beside bench:page.
const PORT = Number(
  process.env.GA_BENCH_PORT || (process.env.GA_E2E_PORT ? Number(process.env.GA_E2E_PORT) + 31 : 4342),
);
const PAGE = '/ga-ai/06e-inspect-your-stream/';

interface Window {
  __tasks: { start: number; duration: number }[];
}

/** Opens 06e with every long task recorded from the start, and the inspector's code loaded. */
async function openInspector(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Window;
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(PAGE);
  const inspector = page.locator('ga-stream-inspector');
  await inspector.scrollIntoViewIfNeeded();
  await inspector.locator('[data-part=body]').click(); // its code loads on first use
  await page.waitForFunction(() => document.querySelector('ga-stream-inspector')?.hasAttribute('data-ready'), null, {
    timeout: 60_000,
  });
}

/** Opens the file in the inspector; the page's clock when it did. */
async function openFile(page: Page, file: string): Promise<number> {
  const started = await page.evaluate(() => performance.now());
  await page.locator('ga-stream-inspector [data-part=file]').setInputFiles(file);
  return started;
}

/** Waits until the inspector's reading has ended in `state`; the page's clock then (no polling meanwhile). */
function ended(page: Page, state: string): Promise<number> {
  return page.evaluate(
    (wanted) =>
      new Promise<number>((resolve) => {
        const inspector = document.querySelector<HTMLElement>('ga-stream-inspector')!;
        const check = () => {
          if (inspector.dataset.state !== wanted) return;
          observer.disconnect();
          resolve(performance.now());
        };
        const observer = new MutationObserver(check);
        observer.observe(inspector, { attributes: true, attributeFilter: ['data-state'] });
        check();
      }),
    state,
  );
}

/** The long tasks since `from` (on the page's clock), once the last frames have been reported. */
async function tasksSince(page: Page, from: number): Promise<number[]> {
  await page.waitForTimeout(300);
  return page.evaluate(
    (since) => (window as unknown as Window).__tasks.filter((task) => task.start >= since).map((task) => task.duration),
    from,
  );
}

async function readWhole(browser: Browser, base: string, file: string, figures: Figures): Promise<void> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await openInspector(page);
    const started = await openFile(page, file);
    const done = await ended(page, 'done');
    const tasks = await tasksSince(page, started);
    figures.add('20 MiB read whole: longest main-thread task', Math.max(0, ...tasks), 'ms', 200);
    figures.add('20 MiB read whole: tasks of 50 ms or more', tasks.length, 'tasks');
    figures.add('20 MiB read whole: from opening the file to the report', done - started, 'ms');
    const status = await page.locator('ga-stream-inspector [data-part=status]').textContent();
    if (!status?.includes('Findings')) figures.fail('20 MiB read whole: the report', new Error(`status: ${status}`));
  } catch (error) {
    figures.fail('20 MiB read whole: longest main-thread task', error);
  } finally {
    await context.close();
  }
}

async function cancelled(browser: Browser, base: string, file: string, figures: Figures): Promise<void> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await openInspector(page);
    const started = await openFile(page, file);
    const cancel = page.locator('ga-stream-inspector [data-part=cancel]');
    await cancel.waitFor({ state: 'visible' });
    await page.waitForTimeout(1000); // the reading well under way
    // Pressed in the page, and timed there until the demo's state says it stopped.
    const untilStopped = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const inspector = document.querySelector<HTMLElement>('ga-stream-inspector')!;
          const pressed = performance.now();
          const observer = new MutationObserver(() => {
            if (inspector.dataset.state !== 'stopped') return;
            observer.disconnect();
            resolve(performance.now() - pressed);
          });
          observer.observe(inspector, { attributes: true, attributeFilter: ['data-state'] });
          inspector.querySelector<HTMLButtonElement>('[data-part=cancel]')!.click();
        }),
    );
    const tasks = await tasksSince(page, started);
    figures.add('20 MiB, Cancel after 1 s: until the demo says it stopped', untilStopped, 'ms');
    figures.add('20 MiB, Cancel after 1 s: longest main-thread task', Math.max(0, ...tasks), 'ms', 200);
  } catch (error) {
    figures.fail('20 MiB, Cancel after 1 s: until the demo says it stopped', error);
  } finally {
    await context.close();
  }
}

/** The page's figures, `runs` fresh pages each; `stream` is written to a file of its own meanwhile. */
export async function inspectPage(stream: string, runs: number): Promise<void> {
  if (stream.length > MAX_INPUT_BYTES) throw new Error('the stream is larger than the inspector reads');
  const figures = new Figures();
  const file = join(tmpdir(), `bench-inspect-${process.pid}.txt`);
  writeFileSync(file, stream);
  let preview: Awaited<ReturnType<typeof startPreview>> | undefined;
  let browser: Browser | undefined;
  try {
    preview = await startPreview(PORT);
    browser = await launchChromium();
    for (let run = 0; run < runs; run++) {
      await readWhole(browser, preview.base, file, figures);
      await cancelled(browser, preview.base, file, figures);
    }
    figures.print(
      `In the page: a ${(stream.length / 2 ** 20).toFixed(1)} MiB file of GA's shape opened in 06e's inspector, ` +
        `Chromium, ${runs} fresh page(s) each (budgets are the course's aims, not test limits)`,
    );
    console.log('  (0 ms for a longest task: none of 50 ms or more, the least the browser reports)');
  } catch (error) {
    console.log(`\nIn the page: not measured: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browser?.close();
    preview?.stop();
    rmSync(file, { force: true });
  }
}
