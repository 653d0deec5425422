// What must fit inside its box, measured in Chromium at a desktop width and on a phone: every tick
// label inside its time axis and clear of the next one, every mark inside its track (06b's burst
// timeline, 06d's two harnesses), every tick inside its bar on the lesson's host-stream timeline
// (English: the charts' labels are numbers), and 06c's two tables without sideways scrolling, a
// table at 1280 px and cards at 390 px (in the three languages: Spanish and French are the widest).

import type { Page } from '@playwright/test';
import { EN, LOCALES, beyondUrl, expect, lessonUrl, modelStreamUrl, readyWidget, roundsUrl, test } from './fixtures.ts';

/** The phone's width first: the width each page is loaded at. */
const WIDTHS = [390, 1280] as const;

/**
 * Every child of each `box` that sticks out of its box sideways, by more than half a pixel, as
 * "box › child: N px" (expect it to be []). A box's border does not count as inside.
 */
async function sticksOut(page: Page, box: string): Promise<string[]> {
  return page.locator(box).evaluateAll(
    (boxes, name) =>
      boxes.flatMap((el) => {
        const outer = el.getBoundingClientRect();
        const left = outer.left + el.clientLeft;
        const right = left + el.clientWidth;
        return [...el.children].flatMap((child) => {
          const r = child.getBoundingClientRect();
          if (r.width === 0) return [];
          const out = Math.max(left - r.left, r.right - right);
          return out > 0.5
            ? [
                `${name} › ${child.className || child.tagName} ` +
                  `${JSON.stringify(child.textContent ?? '')}: ${out.toFixed(1)} px`,
              ]
            : [];
        });
      }),
    box,
  );
}

/** Tick labels of an axis that touch or overlap the next one shown (expect it to be []). */
async function labelsCollide(page: Page, axis: string): Promise<string[]> {
  return page.locator(axis).evaluateAll((axes) =>
    axes.flatMap((el) => {
      const shown = [...el.children].filter(
        (label) => getComputedStyle(label).visibility !== 'hidden' && label.getBoundingClientRect().width > 0,
      );
      return shown.slice(1).flatMap((label, i) => {
        const gap = label.getBoundingClientRect().left - shown[i]!.getBoundingClientRect().right;
        return gap < 2 ? [`"${shown[i]!.textContent}" and "${label.textContent}": ${gap.toFixed(1)} px apart`] : [];
      });
    }),
  );
}

// Each page is loaded once, at the phone's width first (as a phone opens it), then widened: the charts
// are laid out by CSS alone (percentages, src/widgets/shared/TimeChart.astro and
// src/widgets/host-stream/host-stream-render.ts; no script reads a width), so the wider viewport lays
// them out as a page loaded at that width would. Each width is a step, named after the check.
const CHARTS = [
  { page: '06b', url: beyondUrl(EN), chart: '.tl-chart' },
  { page: '06d', url: roundsUrl(EN), chart: '.rt-chart' },
] as const;

for (const { page: name, url, chart } of CHARTS) {
  test(`at ${WIDTHS.join(' and ')} px, the time axes' labels and the tracks' marks stay inside (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(url);
    for (const width of WIDTHS) {
      await test.step(`at ${width} px, the time axes' labels and the tracks' marks stay inside (${name})`, async () => {
        await page.setViewportSize({ width, height: 900 });
        expect(await page.evaluate(() => innerWidth)).toBe(width);
        await expect(page.locator(`${chart} .time-axis span`)).not.toHaveCount(0);
        // The burst timeline's first view: both hosts on one axis, the final paints at its end.
        if (name === '06b') expect(await page.locator('.tl-chart .tl-paint-final').count()).toBeGreaterThan(0);
        expect([
          ...(await sticksOut(page, `${chart} .time-axis`)),
          ...(await sticksOut(page, `${chart} .time-track`)),
        ]).toEqual([]);
        expect(await labelsCollide(page, `${chart} .time-axis`)).toEqual([]);
      });
    }
  });
}

test(`at ${WIDTHS.join(' and ')} px, the host-stream timeline's ticks stay inside their bars (lesson)`, async ({
  page,
}) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto(lessonUrl(EN));
  const demo = await readyWidget(page, 'ga-host-stream-demo');
  for (const width of WIDTHS) {
    await test.step(`at ${width} px, the host-stream timeline's ticks stay inside their bars (lesson)`, async () => {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.evaluate(() => innerWidth)).toBe(width);
      // The first run: headers, the host's work, three pieces and the end, the end's tick at 100 %.
      await expect(demo.locator('.hs-timeline .hs-tick')).toHaveCount(6);
      expect(await sticksOut(page, '.hs-timeline .hs-bar')).toEqual([]);
    });
  }
});

for (const locale of LOCALES) {
  test(`06c's tables read without scrolling sideways: a table at 1280 px, cards at 390 px (${locale.code})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(modelStreamUrl(locale));
    const tables = page.locator('.card-table table');
    await expect(tables).toHaveCount(2);
    const fit = () =>
      tables.evaluateAll((list) =>
        list.map((table) => ({
          display: getComputedStyle(table).display,
          over: table.scrollWidth - table.parentElement!.clientWidth,
        })),
      );
    for (const table of await fit()) expect(table).toEqual({ display: 'table', over: 0 });

    await page.setViewportSize({ width: 390, height: 900 });
    for (const table of await fit()) expect(table).toEqual({ display: 'block', over: 0 });
    // Each row is a card whose cells are labelled with their column's name.
    const first = tables.first().locator('tbody tr').first();
    expect(await first.evaluate((tr) => getComputedStyle(tr).display)).toBe('block');
    const label = await first
      .locator('td')
      .first()
      .evaluate((td) => getComputedStyle(td, '::before').content);
    expect(label).toMatch(/OpenAI/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
}
