// axe-core (WCAG 2.1 A and AA) once per page kind and theme, in English, with every widget of the
// page shown in its fullest state (PAGE_WIDGETS in fixtures.ts): the only place axe runs.
// A new page: add it to PAGE_KINDS and PAGE_WIDGETS in fixtures.ts; it is checked here.

import { EN, PAGE_KINDS, PAGE_WIDGETS, axeViolations, expect, test, useTheme, type PageKind } from './fixtures.ts';

for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe finds no WCAG 2.1 AA violation: ${kind} page, ${theme}, every widget open`, async ({ page }) => {
      test.slow(); // axe over a long page full of open widgets takes a while on a busy 2-core machine
      await useTheme(page, theme);
      await page.goto(PAGE_KINDS[kind](EN));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await PAGE_WIDGETS[kind](page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
