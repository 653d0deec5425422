// Lighthouse (mobile) on the built site, served by `astro preview`, with Debian's Chromium: the
// performance and accessibility scores of each page in each locale, median of 3 runs, with the
// figures behind them (total blocking time, largest contentful paint, layout shift, the longest
// main-thread task, DOM elements, main-thread work by category). A benchmark: it prints, it never
// fails (exit code 0 whatever the scores).
//
// Lighthouse's default throttling is simulated (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md):
// the page loads at full speed and each main-thread task counts four times its observed length, as
// on a mid-range phone. So "longest task" is that simulated length, the figure total blocking time
// adds up (each task's part over 50 ms, between the first paint and the page becoming interactive),
// and `by` names the script Lighthouse blames for it ("Unattributable": the browser's own work, such
// as parsing the HTML or laying out the page, with no script of ours on the stack).
//
//   npm run build && npm run bench:lighthouse                 every page, 3 runs each
//   npm run bench:lighthouse -- lesson --runs=5 --details     one page kind, more runs, the costliest scripts
//
// Page kinds: those of test/pages.ts (landing, lesson, beyond, modelStream, source, rounds, inspect).
// Goal for the lesson page and the inspector's (inspect) in each locale: performance ≥ 98 with total
// blocking time ≤ 50 ms, no task of the site's own scripts over 50 ms, accessibility 100.

import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { launchChromium, startPreview } from '../scripts/preview.ts';
import { COURSE_LOCALES } from '../src/lib/locales.ts';
import { PAGES } from '../test/pages.ts';

// The site's pages (test/pages.ts) and languages (src/lib/locales.ts), each written once.
const LOCALES = COURSE_LOCALES.map((locale) => locale.prefix);

const args = process.argv.slice(2);
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const details = args.includes('--details');
const kinds = (args.filter((a) => !a.startsWith('--')) as (keyof typeof PAGES)[]).filter((k) => k in PAGES);
const chosen = kinds.length > 0 ? kinds : (Object.keys(PAGES) as (keyof typeof PAGES)[]);
const port = Number(process.env.GA_BENCH_PORT || 4343);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

interface Run {
  performance: number;
  accessibility: number;
  tbt: number;
  lcp: number;
  fcp: number;
  cls: number;
  /** Main-thread tasks of 50 ms or more (simulated), longest first: length, start, the script blamed. */
  longTasks: { duration: number; startTime: number; url: string }[];
  mainThread: Record<string, number>;
  bootup: { url: string; scripting: number }[];
  failedA11y: string[];
}

async function audit(url: string, chromePort: number): Promise<Run> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? NaN;
  const items = (id: string) => (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    fcp: numeric('first-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    longTasks: items('long-tasks').map((i) => ({
      duration: Number(i.duration),
      startTime: Number(i.startTime),
      url: String(i.url),
    })),
    mainThread: Object.fromEntries(
      items('mainthread-work-breakdown').map((i) => [String(i.groupLabel ?? i.group), Number(i.duration)]),
    ),
    bootup: items('bootup-time').map((i) => ({ url: String(i.url), scripting: Number(i.scripting) })),
    failedA11y: Object.values(audits)
      .filter(
        (a) =>
          a.scoreDisplayMode === 'binary' &&
          a.score === 0 &&
          categories.accessibility?.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id),
  };
}

/** A script's address without the preview's origin, or Lighthouse's word for work of no script. */
const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

/**
 * The longest task, median over the runs (0 in a run without a task of 50 ms or more, then shown as
 * "< 50"), and the script blamed for it in the run that gave the median.
 */
function longest(samples: Run[]): string {
  const lengths = samples.map((r) => r.longTasks[0]?.duration ?? 0);
  const m = median(lengths);
  if (m < 50) return '< 50';
  const run = samples[lengths.indexOf(m)]!;
  const by = short(run.longTasks[0]!.url).replace(/^\/_astro\//, '');
  return `${m.toFixed(0).padStart(4)} (${by.length > 20 ? `${by.slice(0, 19)}…` : by})`;
}

/** Elements in the page once it has loaded, before any interaction (the budget is 1,500). */
async function domElements(url: string): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(() => document.getElementsByTagName('*').length);
  } finally {
    await browser.close();
  }
}

const preview = await startPreview(port);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
  ],
});
try {
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  console.log(`Lighthouse ${version}, mobile, ${runs} run(s) per page, median shown; load average at start: ${load()}`);
  console.log(
    'page               perf  a11y   TBT ms   LCP ms   FCP ms    CLS  ' +
      'longest task ms (by)         DOM elements  load (1/5/15 min)',
  );
  for (const kind of chosen) {
    for (const locale of LOCALES) {
      const path = `${locale}${PAGES[kind]}`;
      const samples: Run[] = [];
      for (let i = 0; i < runs; i++) {
        try {
          samples.push(await audit(preview.base + path, chrome.port));
        } catch (error) {
          console.log(
            `  ${path}: run ${i + 1} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
          );
        }
      }
      if (samples.length === 0) continue;
      const m = (pick: (r: Run) => number) => median(samples.map(pick));
      const label = `${kind} ${locale.slice(1) || 'en'}`;
      const elements = await domElements(preview.base + path);
      const cells = [
        label.padEnd(17),
        String(m((r) => r.performance)).padStart(5),
        String(m((r) => r.accessibility)).padStart(5),
        m((r) => r.tbt)
          .toFixed(0)
          .padStart(8),
        m((r) => r.lcp)
          .toFixed(0)
          .padStart(8),
        m((r) => r.fcp)
          .toFixed(0)
          .padStart(8),
        m((r) => r.cls)
          .toFixed(3)
          .padStart(6),
        longest(samples).padEnd(28),
        String(elements).padStart(13),
      ];
      console.log(`${cells.join(' ')}  ${load()}`);
      const failed = [...new Set(samples.flatMap((r) => r.failedA11y))];
      if (failed.length > 0) console.log(`    accessibility audits failed: ${failed.join(', ')}`);
      if (details) {
        const groups = Object.keys(samples[0]!.mainThread);
        const medians = groups.map((g) => `${g} ${median(samples.map((r) => r.mainThread[g] ?? 0)).toFixed(0)}`);
        console.log(`    main thread (median ms): ${medians.join(', ')}`);
        for (const [i, sample] of samples.entries()) {
          const tasks = sample.longTasks.map(
            (t) => `${t.duration.toFixed(0)} ms at ${t.startTime.toFixed(0)} (${short(t.url)})`,
          );
          console.log(`    run ${i + 1}, tasks ≥ 50 ms: ${tasks.join(', ') || 'none'}`);
        }
        const scripts = samples[0]!.bootup.sort((a, b) => b.scripting - a.scripting).slice(0, 6);
        for (const s of scripts)
          console.log(`    script ${s.scripting.toFixed(0).padStart(5)} ms  ${s.url.replace(preview.base, '')}`);
      }
    }
  }
} finally {
  chrome.kill();
  preview.stop();
}
