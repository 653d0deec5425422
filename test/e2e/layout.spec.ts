// The phone layout at 360 px wide (narrower than most phones, 390 px included): the page never
// scrolls sideways and every demo and exercise fits the screen, nothing sticking out of its frame.
// English: every page with every widget open, checked in a11y.spec.ts's light run (at this width,
// after the same opening of the widgets axe needs). Spanish and French (longer text): the landing
// page here; the other pages at the end of their smoke pass (locales.spec.ts), which runs at this
// width with the widgets open.

import { OTHER_LOCALES, PAGE_KINDS, PHONE_WIDTH, expect, outsideTheScreen, test } from './fixtures.ts';

for (const locale of OTHER_LOCALES) {
  test(`at ${PHONE_WIDTH} px the landing page fits the screen (${locale.code})`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(PAGE_KINDS.landing(locale));
    expect(await outsideTheScreen(page)).toEqual([]);
  });
}
