// The exercise check's latency in Chromium, from the click on "Check" to the verdict on screen:
// cold (the first check after the page loads: the worker and the transpiler are not loaded yet,
// they load on first use) and warm (later checks, once the next worker is ready, as it is a moment
// after each check). Measured inside the page, so Playwright's own round trips do not count.
// `npm run size` (scripts/size.ts) calls measureCheckLatency and prints the figures.

import type { Page } from '@playwright/test';

export interface CheckLatency {
  /** Milliseconds from click to verdict for the first check after load. */
  cold: number;
  /** The median of the warm checks. */
  warm: number;
  warmRuns: number[];
  exercise: string;
}

/** Clicks Check in the exercise's workbench and resolves with the milliseconds until the verdict is shown. */
async function clickToVerdict(page: Page, exercise: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const section = document.getElementById(`exercise-${id}`);
        const check = section?.querySelector<HTMLButtonElement>('[data-check]');
        const results = section?.querySelector('[data-results]');
        if (!section || !check || !results) {
          reject(new Error(`no workbench for ${id}`));
          return;
        }
        let started = 0;
        const observer = new MutationObserver(() => {
          if (started > 0 && results.querySelector('.exercise-report')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(results, { childList: true, subtree: true });
        started = performance.now();
        check.click(); // replaces the old verdict at once with "running…"
        setTimeout(() => {
          observer.disconnect();
          reject(new Error('no verdict within 10 s'));
        }, 10_000);
      }),
    exercise,
  );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function measureCheckLatency(page: Page, url: string, exercise = 'fix-746', warmChecks = 5): Promise<CheckLatency> {
  await page.goto(url);
  const host = page.locator(`#exercise-${exercise} ga-exercise`);
  await host.scrollIntoViewIfNeeded();
  // The workbench is on screen (editor loaded), the checker not yet: it loads on first use.
  await host.locator('.cm-content').waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction((el) => el?.hasAttribute('data-ready'), await host.elementHandle(), { timeout: 20_000 });
  const cold = await clickToVerdict(page, exercise);
  const warmRuns: number[] = [];
  for (let i = 0; i < warmChecks; i++) {
    await page.waitForFunction((el) => el?.hasAttribute('data-checker-ready'), await host.elementHandle(), { timeout: 20_000 });
    warmRuns.push(await clickToVerdict(page, exercise));
  }
  return { cold, warm: median(warmRuns), warmRuns, exercise };
}
