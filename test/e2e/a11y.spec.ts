// axe-core (WCAG 2.1 A and AA, and unique landmarks: axeViolations in fixtures.ts) on every page
// kind, in English, with every widget of the page shown in its fullest state (PAGE_WIDGETS in
// fixtures.ts): the one pass of axe over whole pages. Each page is opened
// once, on a phone 360 px wide (narrower than most phones, 390 px included) in the light theme: axe
// checks the widgets as they first show (what a screen reader meets first: placeholders, first
// views of the editors), then every widget is opened; the open page must fit the screen (nothing
// scrolls sideways, no demo or exercise sticks out of its frame) and axe checks all of it.
// Then the same open page goes to the desktop width and the dark theme, switched with Starlight's
// own picker as a reader would (the widgets follow it as it happens), and axe checks it again. So
// each page is checked in both layouts and both themes' colours, for one opening of its widgets.
// Last, every link of the open page is followed (alive, its #fragment present); the page came with
// the header policy of `_headers` besides its <meta> one.
// The same pass holds the JavaScript budgets (script-bytes.ts): the page's first load, once it has
// settled and before axe or anything else touches it, within 10 KB of the landing page's (the
// type checker none of it), and all it fetched once every widget has been used within 460 KB.
// It runs on the root build (dist/, served at /): its one pass in a browser, every widget of every
// English page started there, with the fixtures' checks (no page error, console error, policy
// violation or response of 400 or more). Every other spec runs the /learn/ build, where
// locales.spec.ts and layout.spec.ts follow the links under the base with the widgets open.
// A new page: add it to test/pages.ts and its demos to DEMOS in fixtures.ts; it is checked here, exercises and all.
import type { Browser } from '@playwright/test';
import { ROOT } from '../builds.ts';
import { pagePath } from '../pages.ts';
import {
  EN,
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
import { FIRST_LOAD_EXTRA_BUDGET, ScriptLog, TOTAL_BUDGET, kb, settle, typeCheckerFiles } from './script-bytes.ts';

test.use({ build: ROOT });

const VIEWPORT = { width: PHONE_WIDTH, height: 800 };
const typeFiles = typeCheckerFiles(ROOT);
/** The page's widgets: its demos and exercises, and the exercises' progress. */
const WIDGETS = 'section.demo, .exercise-progress';

/** The landing page's first load, the reference of the first-load budget: measured once per worker. */
let landingFirstLoad: Promise<number> | undefined;
function landingBytes(browser: Browser, origin: string): Promise<number> {
  landingFirstLoad ??= (async () => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    try {
      const log = new ScriptLog(context, ROOT);
      const page = await context.newPage();
      await page.goto(origin + pagePath(EN, 'landing'));
      await settle(page, log);
      return log.total();
    } finally {
      await context.close();
    }
  })();
  return landingFirstLoad;
}

for (const kind of PAGE_KIND_NAMES) {
  const title =
    `axe finds no WCAG 2.1 AA violation: ${kind} page, light at ${PHONE_WIDTH} px ` +
    '(first view, then every widget open: it also fits the screen), then dark at desktop width; ' +
    'its JavaScript within budget';
  test(title, async ({ page, browser, site }) => {
    test.slow(); // axe over a long page full of open widgets, twice, takes a while on a busy 2-core machine
    const origin = new URL(site.url).origin;
    const landing = await landingBytes(browser, origin);
    const scripts = new ScriptLog(page.context(), ROOT);
    await page.setViewportSize(VIEWPORT);
    await useTheme(page, 'light');
    const response = await page.goto(origin + pagePath(EN, kind));
    expect(response?.headers()['content-security-policy'], 'the header policy').toContain("frame-ancestors 'none'");
    await settle(page, scripts);
    const first = scripts.total(typeFiles);
    const over = first - landing;
    const sign = over >= 0 ? '+' : '';
    const firstFigure = `first load ${kb(first)} (${sign}${kb(over)} over the landing page's ${kb(landing)})`;
    expect(scripts.among(typeFiles), 'type checker files in the first load').toEqual([]);
    expect(over, `${firstFigure}: at most +${kb(FIRST_LOAD_EXTRA_BUDGET)}`).toBeLessThanOrEqual(
      FIRST_LOAD_EXTRA_BUDGET,
    );

    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    // Opening the widgets changes nothing outside them but adds to it (scrolling puts deferred program
    // output in place, src/demo-kit/Stamp.astro): the first view is checked in the widgets alone, and
    // the whole page once they are open, in the same theme and width.
    const hasWidgets = (await page.locator(WIDGETS).count()) > 0;
    if (hasWidgets)
      expect(await axeViolations(page, WIDGETS), 'the first view of the widgets, light, phone').toEqual([]);
    await PAGE_WIDGETS[kind](page);
    expect(await outsideTheScreen(page)).toEqual([]);
    expect(await axeViolations(page), 'every widget open, light, phone').toEqual([]);

    await scripts.quiet();
    const total = scripts.total(typeFiles);
    const figures = `${firstFigure}; every widget used: ${kb(total)} (the type checker's own budget aside)`;
    console.log(`en ${kind} JavaScript (gzipped): ${figures}${scripts.listing(typeFiles)}`);
    expect(total, `${figures}: at most ${kb(TOTAL_BUDGET)}`).toBeLessThanOrEqual(TOTAL_BUDGET);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('header starlight-theme-select select').first().selectOption('dark');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await axeViolations(page), 'every widget open, dark, desktop').toEqual([]);
    expect(await followLinks(page, ROOT.base)).toBeGreaterThan(kind === 'landing' ? 2 : 5);
  });
}
