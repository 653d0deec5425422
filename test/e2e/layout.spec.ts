// The phone layout at 360 px wide (narrower than most phones, 390 px included): the page never
// scrolls sideways and every demo and exercise fits the screen, nothing sticking out of its frame.
// English: every page with every widget open, checked in a11y.spec.ts's light run (at this width,
// after the same opening of the widgets axe needs). Spanish and French (longer text): the landing
// page here; the other pages at the end of their smoke pass (locales.spec.ts), which runs at this
// width with the widgets open.

import { OTHER_LOCALES, PAGE_KINDS, PHONE_WIDTH, expect, followLinks, outsideTheScreen, test } from './fixtures.ts';

// One landing page per locale: at phone width it fits the screen; at desktop width the header's
// theme picker shows its whole label in each language, whichever theme is chosen ("Automático" and
// "Sombre" are longer than the English words the picker was first sized for); its links are alive.
for (const locale of OTHER_LOCALES) {
  const title =
    `the landing page (${locale.code}): at ${PHONE_WIDTH} px it fits the screen; ` +
    "the header's theme picker shows each of its labels whole; every link alive";
  test(title, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(PAGE_KINDS.landing(locale));
    expect(await outsideTheScreen(page)).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
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
    expect(await followLinks(page)).toBeGreaterThan(2);
  });
}
