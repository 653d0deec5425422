// The lesson page stays steady while a learner scrolls through it: its cumulative layout shift
// (the browser's own Layout Instability measure) stays at or under 0.05 at 390 px and at 1280 px.
// The demos render their skeletons on the server; what arrives later (a <ga-stamp>'s results, a
// workbench's parts and editor, a demo's first run) takes the room that was kept for it, whenever
// it arrives. The page is scrolled by shiftWhileScrolled (demo-helpers.ts), which waits for what the
// page says, never for time (06b's and 06d's specs scroll their pages the same way); on a loaded
// machine a late arrival used to move the page (0.27 at 390 px, 0.41 at 1280 px).
//
// Counted here: every shift of the page, the exercises' workbenches included.

import type { Locator } from '@playwright/test';
import { BLOCKS } from '../../src/first-load/block-sizes.ts';
import { shiftWhileScrolled } from './demo-helpers.ts';
import { EN, expect, lessonUrl, modelStreamUrl, test } from './fixtures.ts';

const BUDGET = 0.05;

// The lesson, and the 06c page (its two demos and two workbenches), the same way.
for (const [name, url] of [
  ['the lesson', lessonUrl],
  ['the model’s stream page', modelStreamUrl],
] as const) {
  for (const width of [390, 1280]) {
    test(`scrolling ${name} at ${width} px: cumulative layout shift ≤ ${BUDGET}`, async ({ page }) => {
      test.slow();
      await page.setViewportSize({ width, height: 844 });
      const total = await shiftWhileScrolled(page, url(EN));
      console.log(`${name}, layout shift at ${width} px: ${total.toFixed(4)}`);
      expect(total).toBeLessThanOrEqual(BUDGET);
    });
  }
}

// The blocks rendered only near the viewport (content-visibility in src/styles/course.css) hold a
// guessed height until then: a link to a heading far down, and a click in "On this page", must still
// land on the heading and leave it there while the blocks around it render and the widgets start.
for (const width of [390, 1280]) {
  test(`a link to a heading far down the lesson lands on it and it stays there, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    /** The heading's top in the viewport once the page has had its idle moments (no animation frame needed). */
    const settledTop = (id: string) =>
      page.evaluate(async (id) => {
        await document.fonts.ready;
        for (let i = 0; i < 3; i++) await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 1000 }));
        return Math.round(document.getElementById(id)!.getBoundingClientRect().top);
      }, id);
    const onTop = (top: number) => {
      expect(top, 'the heading is below the page header').toBeGreaterThanOrEqual(0);
      expect(top, 'the heading is near the top of the screen').toBeLessThan(200);
    };

    await page.goto(`${lessonUrl(EN)}#key-takeaways`);
    await page.waitForLoadState('load');
    const first = await settledTop('key-takeaways');
    onTop(first);
    expect(Math.abs((await settledTop('key-takeaways')) - first), 'the heading moved').toBeLessThanOrEqual(2);

    if (width === 1280) {
      await page.locator('starlight-toc a[href="#sources"]').click();
      await expect.poll(() => settledTop('sources')).toBeLessThan(200);
      onTop(await settledTop('sources'));
    }
  });
}

// The blocks of the text wait to be rendered until they come near (src/styles/course.css), and
// each is rendered once when the page is idle so that its room is its real height
// (src/first-load/block-sizes.ts): one far down then still waits, with that height, and
// is drawn once the reader scrolls to it. An exercise is never such a block, so that its editor's
// tooltips can leave its section.
test('a block far down waits to be drawn, in its real height; an exercise is always drawn', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(lessonUrl(EN));
  await expect
    .poll(() => page.locator(`${BLOCKS}:not([data-sized])`).count(), {
      message: 'every block has been rendered once',
      timeout: 30_000,
    })
    .toBe(0);
  const drawn = (inside: Locator) =>
    inside.evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
  const list = page.locator('.sl-markdown-content > ul').last();
  const item = list.locator('li').first();
  expect(await drawn(item), 'the last list waits to be drawn').toBe(false);
  const waiting = (await list.boundingBox())!.height;
  await item.scrollIntoViewIfNeeded();
  await expect.poll(() => drawn(item), { message: 'the last list is drawn once in view' }).toBe(true);
  expect((await list.boundingBox())!.height, 'the room it had while it waited').toBeCloseTo(waiting, 0);
  const exercise = page.locator('#exercise-predict');
  expect(await exercise.evaluate((element) => getComputedStyle(element).contentVisibility)).toBe('visible');
});
