// axe-core (WCAG 2.1 A and AA) on every page kind, in English, with every widget of the page shown
// in its fullest state (PAGE_WIDGETS in fixtures.ts): the only place axe runs. Each page is opened
// once, on a phone 360 px wide (narrower than most phones, 390 px included) in the light theme: axe
// checks the page as it first shows (what a screen reader meets first: placeholders, first views
// of the editors, the prose's tables), then every widget is opened; the open page must fit the
// screen (nothing scrolls sideways, no demo or exercise sticks out of its frame) and axe checks it.
// Then the same open page goes to the desktop width and the dark theme, switched with Starlight's
// own picker as a reader would (the widgets follow it as it happens), and axe checks it again. So
// each page is checked in both layouts and both themes' colours, for one opening of its widgets.
// Last, every link of the open page is followed (under the base, alive, its #fragment present); the
// page came with the header policy of `_headers` besides its <meta> one.
// A new page: add it to test/pages.ts and PAGE_WIDGETS in fixtures.ts; it is checked here.
import {
  EN,
  PAGE_KINDS,
  PAGE_KIND_NAMES,
  PAGE_WIDGETS,
  PHONE_WIDTH,
  axeViolations,
  expect,
  followLinks,
  outsideTheScreen,
  test,
  useTheme,
} from './fixtures.ts';

for (const kind of PAGE_KIND_NAMES) {
  const title =
    `axe finds no WCAG 2.1 AA violation: ${kind} page, light at ${PHONE_WIDTH} px ` +
    '(first view, then every widget open: it also fits the screen), then dark at desktop width';
  test(title, async ({ page }) => {
    test.slow(); // axe three times over a long page full of open widgets takes a while on a busy 2-core machine
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await useTheme(page, 'light');
    const response = await page.goto(PAGE_KINDS[kind](EN));
    expect(response?.headers()['content-security-policy'], 'the header policy').toContain("frame-ancestors 'none'");
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await axeViolations(page), 'the first view, light, phone').toEqual([]);
    await PAGE_WIDGETS[kind](page);
    expect(await outsideTheScreen(page)).toEqual([]);
    expect(await axeViolations(page), 'every widget open, light, phone').toEqual([]);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('header starlight-theme-select select').first().selectOption('dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await axeViolations(page), 'every widget open, dark, desktop').toEqual([]);
    expect(await followLinks(page)).toBeGreaterThan(kind === 'landing' ? 2 : 5);
  });
}
