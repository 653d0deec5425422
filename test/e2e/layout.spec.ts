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

// The theme picker in the header shows its whole label in each language, whichever theme is chosen
// ("Automático" and "Sombre" are longer than the English words the picker was first sized for).
for (const locale of OTHER_LOCALES) {
  test(`the header's theme picker shows each of its labels whole (${locale.code})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(PAGE_KINDS.landing(locale));
    const select = page.locator('header starlight-theme-select select').first();
    for (const value of ['auto', 'dark', 'light']) {
      await select.selectOption(value);
      // A select clips its label without growing its scroll width: the label's own width, as the
      // select's font draws it, must fit inside the select's padding.
      const room = await select.evaluate((s: HTMLSelectElement) => {
        const style = getComputedStyle(s);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const label = context.measureText(s.options[s.selectedIndex]!.text).width;
        return s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - label;
      });
      expect(room, `the label of "${value}"`).toBeGreaterThanOrEqual(0);
    }
  });
}
