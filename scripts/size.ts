// `npm run size`: the JavaScript budgets of the built site, measured in Chromium. Prints the
// figures per page and exits non-zero past a budget. (Latencies are printed by `npm run bench:page`.)
//
// For each locale, in one browser run: the landing page (no demos) and each page with demos are
// loaded and left idle; the JavaScript fetched by then is their first-load cost, gzipped. Then every
// demo on the page is brought into view and used, and everything fetched is added up again.

import { spawn, type ChildProcess } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

const PORT = Number(process.env.GA_SIZE_PORT || 4339);
const BASE = `http://127.0.0.1:${PORT}`;
/** A page with demos may fetch this much more JavaScript (gzipped) than the landing page before any interaction. */
const FIRST_LOAD_EXTRA_BUDGET = 10 * 1024;
/** All JavaScript once every demo has been shown and used. */
const TOTAL_BUDGET = 450 * 1024;

const LOCALES = ['', '/es', '/fr'];
const DEMO_PAGES = ['/ga-ai/06-answer-on-the-wire/', '/ga-ai/06b-beyond-the-wire/'];

function startPreview(): Promise<ChildProcess> {
  const child = spawn('npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--ignore-lock'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('astro preview did not start within 30 s')), 30_000);
    const poll = async () => {
      try {
        const response = await fetch(BASE + '/');
        if (response.ok) {
          clearTimeout(timer);
          resolve(child);
          return;
        }
      } catch {
        // not listening yet
      }
      if (child.exitCode === null) setTimeout(poll, 200);
      else reject(new Error(`astro preview exited with code ${child.exitCode}`));
    };
    void poll();
  });
}

/** Records every JavaScript response (page and workers) and its gzipped size, once per URL. */
class ScriptLog {
  readonly sizes = new Map<string, number>();
  private pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.context().on('response', (response) => {
      const url = response.url();
      const type = response.request().resourceType();
      const isScript = type === 'script' || /\.(m?js)(\?|$)/.test(new URL(url).pathname);
      if (!isScript || this.sizes.has(url)) return;
      this.sizes.set(url, 0);
      this.pending.push(
        response.body().then(
          (body) => void this.sizes.set(url, gzipSync(body, { level: 9 }).length),
          () => undefined,
        ),
      );
    });
  }

  async total(): Promise<number> {
    await Promise.all(this.pending);
    let sum = 0;
    for (const size of this.sizes.values()) sum += size;
    return sum;
  }
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Starlight loads its search UI when the browser is idle: give idle callbacks time to run.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1500), { timeout: 3000 })));
  await page.waitForLoadState('networkidle');
}

/** Shows every demo and uses it: scroll it into view, wait until it is ready, press its buttons. */
async function useEveryDemo(page: Page): Promise<number> {
  const demos = page.locator('.demo > *:not(header):not(p), [data-exercise]');
  const count = await demos.count();
  for (let i = 0; i < count; i++) {
    const demo = demos.nth(i);
    await demo.scrollIntoViewIfNeeded();
    await demo.click({ position: { x: 5, y: 5 }, trial: false }).catch(() => undefined);
    await page.waitForFunction((el) => el.hasAttribute('data-ready'), await demo.elementHandle(), { timeout: 15_000 }).catch(() => undefined);
    const buttons = demo.locator('button:visible:not([disabled])');
    const n = Math.min(await buttons.count(), 4);
    for (let b = 0; b < n; b++) {
      const button = buttons.nth(b);
      // never confirm destructive actions (reset, load solution)
      page.once('dialog', (dialog) => void dialog.dismiss());
      await button.click({ timeout: 2000 }).catch(() => undefined);
    }
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return count;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  const preview = await startPreview();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  let failures = 0;
  const fail = (message: string) => {
    failures++;
    console.log(`  OVER BUDGET: ${message}`);
  };
  try {
    for (const locale of LOCALES) {
      const landingPage = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const landingLog = new ScriptLog(landingPage);
      await landingPage.goto(`${BASE}${locale}/`);
      await settle(landingPage);
      const landing = await landingLog.total();
      await landingPage.close();
      console.log(`${locale || '/en'} landing page: first load ${kb(landing)} of JavaScript (gzipped)`);

      for (const path of DEMO_PAGES) {
        const url = `${BASE}${locale}${path}`;
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
        const log = new ScriptLog(page);
        const response = await page.goto(url);
        if (!response?.ok()) {
          console.log(`${locale}${path}: not built (HTTP ${response?.status()}), skipped`);
          await page.close();
          continue;
        }
        await settle(page);
        const first = await log.total();
        const extra = first - landing;
        const demos = await useEveryDemo(page);
        const total = await log.total();
        console.log(
          `${locale || '/en'}${path}: first load ${kb(first)} (${extra >= 0 ? '+' : ''}${kb(extra)} over the landing page, budget +${kb(FIRST_LOAD_EXTRA_BUDGET)}); ` +
            `after showing and using ${demos} demos ${kb(total)} (budget ${kb(TOTAL_BUDGET)})`,
        );
        if (extra > FIRST_LOAD_EXTRA_BUDGET) fail(`${locale}${path} first load is ${kb(extra)} over the landing page`);
        if (total > TOTAL_BUDGET) fail(`${locale}${path} loads ${kb(total)} of JavaScript in all`);
        await page.close();
      }
    }

  } finally {
    await browser.close();
    if (preview.pid) process.kill(-preview.pid, 'SIGTERM');
  }
  console.log(failures === 0 ? 'size: every budget met' : `size: ${failures} budget(s) exceeded`);
  return failures === 0 ? 0 : 1;
}

process.exitCode = await main();
