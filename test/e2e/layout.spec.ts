// The phone layout at 360 px wide (narrower than most phones, 390 px included): the page never
// scrolls sideways and every demo and exercise fits the screen, nothing sticking out of its frame.
// English: every page with every widget open. Spanish and French (longer text): the landing page
// here; the lesson and "beyond" pages at the end of their smoke pass (locales.spec.ts), which runs
// at this width with the widgets open.

import { EN, OTHER_LOCALES, PAGE_KINDS, PAGE_WIDGETS, PHONE_WIDTH, expect, outsideTheScreen, test, type PageKind } from './fixtures.ts';

for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
  test(`at ${PHONE_WIDTH} px the ${kind} page fits the screen, every widget open (${EN.code})`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(PAGE_KINDS[kind](EN));
    await PAGE_WIDGETS[kind](page);
    expect(await outsideTheScreen(page)).toEqual([]);
  });
}

for (const locale of OTHER_LOCALES) {
  test(`at ${PHONE_WIDTH} px the landing page fits the screen (${locale.code})`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(PAGE_KINDS.landing(locale));
    expect(await outsideTheScreen(page)).toEqual([]);
  });
}
