// `npm run bench:paste`: what a paste into each demo box costs, against the same paste into a bare
// textarea of the same size in the same page. A real paste (the clipboard, then Ctrl+V),
// timed from the key to the first frame after the box's input event; bare and demo alternate, and
// each pair gives a ratio demo/bare. Printed: the medians, and the median of the paired ratios.
// Texts: 64 KB of CRLF lines, and a megabyte of distinct lines, each replacing the box's content.
// Run `npm run build` first. A benchmark prints; it never fails (exit 0 whatever the figures).
//
//   npm run bench:paste                  # 3 pairs per box and text
//   npm run bench:paste -- --runs 5
//   npm run bench:paste -- --only host     # the boxes whose name contains "host"

import type { Page } from '@playwright/test';
import { launchChromium, startPreview } from '../scripts/preview.ts';
import { Figures, argValue, median, runsFromArgs } from './stats.ts';

const PORT = Number(process.env.GA_BENCH_PORT || 4342);
const RUNS = runsFromArgs(3);
const LESSON = '/ga-ai/06-answer-on-the-wire/';
const BOXES = [
  ['chunkers', 'ga-chunker-demo textarea'],
  ['reader playground', 'ga-reader-playground textarea'],
  ['writer × reader', 'ga-pairs-demo textarea'],
  ['host question', 'ga-host-stream-demo textarea'],
  ['page message', 'ga-failure-demo textarea'],
] as const;
const TEXTS = {
  '64 KB CRLF': Array.from({ length: 2_600 }, (_, i) => `Line ${i} ends here. Then more.`).join('\r\n') + '\r\n',
  '1 MB distinct lines':
    Array.from({ length: 30_000 }, (_, i) => `distinct line number ${i}, ${'x'.repeat(i % 7)}.`).join('\n') + '\n',
};

/** Pastes `text` into the box by the keyboard, replacing what it holds; ms from the key to the frame after `input`. */
async function pasteInto(page: Page, selector: string, text: string): Promise<number> {
  const box = page.locator(selector).first();
  await box.evaluate((el: HTMLTextAreaElement, value) => {
    el.focus();
    el.select();
    return navigator.clipboard.writeText(value);
  }, text);
  await page.evaluate((sel) => {
    const w = window as unknown as { __paste: Promise<number> };
    const area = document.querySelector<HTMLTextAreaElement>(sel)!;
    w.__paste = new Promise((resolve) => {
      let start = 0;
      area.addEventListener('keydown', () => (start = performance.now()), { once: true, capture: true });
      area.addEventListener('input', () => requestAnimationFrame(() => resolve(performance.now() - start)), {
        once: true,
      });
    });
  }, selector);
  await page.keyboard.press('Control+V');
  return page.evaluate(() => (window as unknown as { __paste: Promise<number> }).__paste);
}

async function main(): Promise<void> {
  const preview = await startPreview(PORT);
  const browser = await launchChromium();
  const figures = new Figures();
  const ratios = new Map<string, number[]>();
  try {
    const only = argValue('--only');
    for (const [name, selector] of BOXES.filter(([name]) => !only || name.includes(only))) {
      for (const [label, text] of Object.entries(TEXTS)) {
        for (let run = 0; run < RUNS; run++) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
          await context.grantPermissions(['clipboard-read', 'clipboard-write']);
          const page = await context.newPage();
          try {
            await page.goto(preview.base + LESSON);
            const demo = page.locator(selector).first();
            await demo.scrollIntoViewIfNeeded();
            await page.locator(selector.split(' ')[0]!).waitFor({ state: 'attached' });
            await page.waitForFunction(
              (tag) => document.querySelector(tag)?.hasAttribute('data-ready'),
              selector.split(' ')[0]!,
              { timeout: 60_000 },
            );
            // the bare textarea: the same size and font, beside the demo, holding the same start text
            await demo.evaluate((el: HTMLTextAreaElement) => {
              const bare = document.createElement('textarea');
              bare.id = 'bench-bare';
              bare.value = el.value;
              const font = getComputedStyle(el).font;
              bare.style.cssText = `width:${el.offsetWidth}px;height:${el.offsetHeight}px;font:${font}`;
              el.after(bare);
            });
            // each paste starts on a quiet page: the demo's own work (its first run, the run a paste
            // starts after its debounce) is over before the next measure
            const settled = async () => {
              await page.waitForTimeout(700);
              await page.waitForFunction(
                (tag) => !document.querySelector(tag)?.hasAttribute('aria-busy'),
                selector.split(' ')[0]!,
                { timeout: 120_000 },
              );
            };
            await settled();
            const order = run % 2 === 0 ? ['bare', 'demo'] : ['demo', 'bare'];
            const times: Record<string, number> = {};
            for (const which of order) {
              times[which] = await pasteInto(page, which === 'bare' ? '#bench-bare' : selector, text);
              await settled();
            }
            figures.add(`${name}, ${label}: demo box`, times.demo!);
            figures.add(`${name}, ${label}: bare textarea`, times.bare!);
            const key = `${name}, ${label}`;
            ratios.set(key, [...(ratios.get(key) ?? []), times.demo! / times.bare!]);
          } catch (error) {
            figures.fail(`${name}, ${label}: demo box`, error);
          } finally {
            await context.close();
          }
        }
      }
    }
  } finally {
    await browser.close();
    preview.stop();
  }
  figures.print(`paste cost, key to the frame after the input event (${RUNS} pairs each)`);
  console.log(
    '\npaired ratio demo box / bare textarea (median of the pairs; ≤ 1.00 means no dearer than a bare textarea)',
  );
  for (const [key, values] of ratios)
    console.log(`  ${key.padEnd(42)} ${median(values).toFixed(2)}  (${values.map((v) => v.toFixed(2)).join(', ')})`);
}

await main();
