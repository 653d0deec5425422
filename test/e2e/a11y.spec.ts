// axe-core (WCAG 2.1 A and AA) once per page kind and theme, in English, with every widget of the
// page shown in its fullest state (PAGE_WIDGETS in fixtures.ts): the only place axe runs. The light
// run is on a phone 360 px wide (narrower than most phones, 390 px included), where the same open
// page must also fit the screen: nothing scrolls sideways, no demo or exercise sticks out of its
// frame; axe also checks that phone page as it first shows, before any widget is opened. The dark
// run is at the desktop width. So each page is checked by axe in both layouts and
// both themes' colours, and its phone layout with every widget open, for one opening of its widgets.
// A new page: add it to PAGE_KINDS and PAGE_WIDGETS in fixtures.ts; it is checked here.

import { EN, PAGE_KINDS, PAGE_WIDGETS, PHONE_WIDTH, axeViolations, expect, outsideTheScreen, test, useTheme, type PageKind } from './fixtures.ts';

for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
  for (const theme of ['light', 'dark'] as const) {
    const phone = theme === 'light';
    const where = phone ? `, ${PHONE_WIDTH} px: it also fits the screen` : ', desktop';
    test(`axe finds no WCAG 2.1 AA violation: ${kind} page, ${theme}${where}, every widget open`, async ({ page }) => {
      test.slow(); // axe over a long page full of open widgets takes a while on a busy 2-core machine
      if (phone) await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
      await useTheme(page, theme);
      await page.goto(PAGE_KINDS[kind](EN));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      // On the phone, the page as it first shows too, before any widget is opened (what a screen
      // reader meets first: placeholders, first views of the editors, the prose's tables).
      if (phone) expect(await axeViolations(page), 'the first view').toEqual([]);
      await PAGE_WIDGETS[kind](page);
      if (phone) expect(await outsideTheScreen(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
