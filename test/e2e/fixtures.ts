// Shared by the browser tests (conventions: docs/testing.md):
// - every test runs against the course where it really lives: the site built for /learn/
//   (`npm run build:learn`) served under /learn/ with the headers of its `_headers` file
//   (served-site.ts), one server per Playwright worker; a spec may ask for the root build instead
//   (`test.use({ build: ROOT })`, as a11y.spec.ts does: the root build's pass in a browser);
// - `test` fails any test whose page logs a console error or throws, that meets a
//   Content-Security-Policy violation (the page's `securitypolicyviolation` events, and every report
//   the policies send, workers' included), or that gets a response of 400 or more from the site
//   (automatic fixtures; a test that asks for a missing page on purpose names it in `allowedErrors`);
// - the locales and page addresses; EN for behaviour tests (each behaviour once, in English),
//   OTHER_LOCALES for the locale smoke tests (test/e2e/locales.spec.ts);
// - the UI strings of a locale (`t`), and checks that text comes from them / holds no English phrase;
// - `PAGE_WIDGETS`: every widget of a page shown in its fullest state (used by the axe and
//   layout tests): its demos as `DEMOS` gives them, then every exercise the page shows, found from
//   its MDX (test/exercises.ts); axe-core with the WCAG 2.1 A and AA rules and landmark-unique; the theme.

import { resolve } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { LEARN, type Build } from '../builds.ts';
import { exercisesOn } from '../exercises.ts';
import { PAGE_KIND_NAMES, PAGES, pagePath, type PageKind } from '../pages.ts';
import { EXPECTED_OUTPUT, LOCALES, englishIn, uiStrings, type Locale } from '../ui-strings.ts';
import { serveSite, type ServedSite } from './served-site.ts';
import { translate } from '../../src/demo-kit/format.ts';

export { EXPECTED_OUTPUT, LOCALES, PAGE_KIND_NAMES, type Locale, type PageKind };
/** Behaviour is tested once, in English. */
export const EN = LOCALES[0];
/** The locales that get a smoke pass per widget and a layout check. */
export const OTHER_LOCALES = LOCALES.slice(1) as unknown as readonly Locale[];

/** The base the site is served under in the browser tests: '/learn/'. */
export const BASE = LEARN.base;
/** A path from the site's root ('/es/…') as the browser sees it, under the base ('/learn/es/…'). */
export const underBase = (path: string) => BASE + path.replace(/^\//, '');
/** A page's address in a locale, under the base. */
export const pageUrl = (kind: PageKind, locale: Locale) => underBase(pagePath(locale, kind));

export const lessonUrl = (locale: Locale) => pageUrl('lesson', locale);
export const landingUrl = (locale: Locale) => pageUrl('landing', locale);
export const beyondUrl = (locale: Locale) => pageUrl('beyond', locale);
export const modelStreamUrl = (locale: Locale) => pageUrl('modelStream', locale);
export const roundsUrl = (locale: Locale) => pageUrl('rounds', locale);
export const inspectUrl = (locale: Locale) => pageUrl('inspect', locale);
/** A whole source file, as the lesson's listings link to it. */

/** The site's page kinds, each to its address in a locale (a new page: test/pages.ts, then PAGE_WIDGETS below). */
export const PAGE_KINDS = Object.fromEntries(
  PAGE_KIND_NAMES.map((kind) => [kind, (locale: Locale) => pageUrl(kind, locale)]),
) as Record<PageKind, (locale: Locale) => string>;

interface SiteFixtures {
  /** Console errors and uncaught exceptions of the test's page (expected to stay empty). */
  consoleErrors: string[];
  /** CSP violations seen in the test's pages (expected to stay empty). */
  cspViolations: string[];
  /** Responses of 400 or more the test asks for on purpose ('404 /learn/nothing-here/'), by pattern. */
  allowedErrors: RegExp[];
}

/**
 * Every test: the site served under its base, and a test that meets a console error, a page error,
 * a CSP violation or a response of 400 or more fails.
 */
export const test = base.extend<SiteFixtures, { build: Build; site: ServedSite }>({
  // The build served: the /learn/ one, unless a spec says `test.use({ build: ROOT })`.
  build: [LEARN, { scope: 'worker', option: true }],
  // One server per Playwright worker; a worker's tests run one after the other, so each test reads
  // its own part of the server's lists.
  site: [
    async ({ build }, use) => {
      const site = await serveSite(resolve(build.dir), build.base);
      await use(site);
      await site.close();
      // reports that arrived after their test had ended
      expect(site.reports, 'CSP violation reports').toEqual([]);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => {
    await use(new URL(site.url).origin);
  },
  allowedErrors: async ({}, use) => {
    await use([]);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: [
    async ({ context, site, allowedErrors }, use) => {
      const found: string[] = [];
      await context.exposeFunction('courseCspViolation', (text: string) => void found.push(text));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { courseCspViolation(text: string): void }).courseCspViolation;
          report(
            `${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} ` +
              `at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      const reports = site.reports.length;
      const errors = site.errors.length;
      await use(found);
      expect(found, 'securitypolicyviolation events').toEqual([]);
      expect(site.reports.slice(reports), 'CSP violation reports (pages and workers)').toEqual([]);
      const unexpected = site.errors
        .slice(errors)
        .filter((line) => !allowedErrors.some((allowed) => allowed.test(line)));
      expect(unexpected, 'responses of 400 or more').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const fetched = new Map<string, string>();
/**
 * Every link of the page that stays on the site: under the base (the /learn/ build's unless given),
 * answered below 400, its #fragment present. Returns how many there were (each target is fetched once per worker).
 */
export async function followLinks(page: Page, base: string = BASE): Promise<number> {
  const here = new URL(page.url());
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const internal = [...new Set(hrefs)].filter((href) => href.startsWith(here.origin));
  // this page as it is (the 404 page stands at any address): its own ids
  const pages = new Map<string, string>([[here.origin + here.pathname, await page.content()]]);
  for (const href of internal) {
    const url = new URL(href);
    expect(url.pathname, `${href}: under ${base}`).toMatch(new RegExp(`^${base}`));
    const target = url.origin + url.pathname;
    if (!pages.has(target)) {
      let text = fetched.get(target);
      if (text === undefined) {
        const response = await page.request.get(target);
        expect(response.status(), href).toBeLessThan(400);
        text = await response.text();
        fetched.set(target, text);
      }
      pages.set(target, text);
    }
    const id = decodeURIComponent(url.hash.slice(1));
    if (id) expect(pages.get(target)!.includes(`id="${id}"`), `${href}: #${id} exists`).toBe(true);
  }
  return internal.length;
}

/**
 * A UI string of a locale, its {{placeholders}} filled in, as the page writes it: in the plural
 * form its number asks for, numbers formatted for the locale (src/demo-kit/format.ts).
 */
export const t = (locale: Locale, key: string, vars: Record<string, string | number> = {}) => {
  try {
    return translate(uiStrings(locale.code), locale.lang, key, vars);
  } catch {
    throw new Error(`no UI string ${key} in content/i18n/${locale.code}.json`);
  }
};

const templates = new Map<string, RegExp[]>();
/** Whether a text shown on the page is one of the locale's strings (any value in a placeholder). */
function isLocaleString(text: string, locale: Locale): boolean {
  let patterns = templates.get(locale.code);
  if (!patterns) {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    patterns = Object.values(uiStrings(locale.code)).map(
      (value) =>
        new RegExp(
          '^' +
            value
              .split(/\{\{\w+\}\}/)
              .map(escape)
              .join('[\\s\\S]*') +
            '$',
        ),
    );
    templates.set(locale.code, patterns);
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return patterns.some((pattern) => pattern.test(flat) || pattern.test(text.trim()));
}

/**
 * The text of the elements matched by `selector` inside `root`, and of their aria-labels, that is
 * not one of the locale's UI strings (expect it to be []).
 */
export async function notFromLocale(root: Locator, selector: string, locale: Locale): Promise<string[]> {
  const shown = await root.locator(selector).evaluateAll((elements) =>
    elements.flatMap((el) => {
      const texts: string[] = [];
      const text = (el as HTMLElement).innerText ?? el.textContent ?? '';
      if (text.trim()) texts.push(text);
      const label = el.getAttribute('aria-label');
      if (label) texts.push(label);
      return texts;
    }),
  );
  return shown.filter((text) => !isLocaleString(text, locale));
}

/** Where a page's text is not UI: code, program output, the learner's text, the terminal's screen. */
const NOT_UI = 'pre, code, samp, textarea, kbd, script, style, template, .xterm, .cm-editor, [translate="no"]';

/** The English UI phrases a widget shows in a Spanish or French page (expect it to be []). */
export async function englishShown(root: Locator, locale: Locale): Promise<string[]> {
  const text = await root.evaluate((el, skip) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const node of copy.querySelectorAll(skip)) node.remove();
    const labels = [...el.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((node) =>
      ['aria-label', 'title', 'placeholder'].map((name) => node.getAttribute(name) ?? ''),
    );
    return [copy.textContent ?? '', ...labels].join('\n');
  }, NOT_UI);
  return englishIn(text, locale.code);
}

/** Sets Starlight's theme before the page loads ('light' or 'dark'). */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => {
    localStorage.setItem('starlight-theme', value);
  }, theme);
  await page.emulateMedia({ colorScheme: theme });
}

/**
 * axe-core with the WCAG 2.1 A and AA rules, and `landmark-unique` (one of axe's best practices: a
 * screen reader lists landmarks by role and name, so two with the same pair cannot be told apart);
 * returns the violations (expect them to be []).
 */
export async function axeViolations(page: Page, include?: string) {
  // Expressive Code makes its scrollable code blocks focusable from a script: let it run first.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.expressive-code pre')].every(
      (pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex'),
    ),
  );
  // axe runs inside the page itself (AxeBuilder's legacy mode: no second page to merge the results
  // of frames in), which the site allows because it has no frame; only the violations are given
  // every node (`resultTypes`), the only results read here. On a 2-core machine this took the axe
  // spec from about 120 to 87 processor-seconds, with the same rules run on the same elements.
  // The tags and the extra rule are given as axe's own options: AxeBuilder's `withTags` and `withRules`
  // would each replace the other's choice.
  expect(await page.locator('iframe').count(), 'a frame in the page: axe would not look inside it').toBe(0);
  let builder = new AxeBuilder({ page })
    .options({
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'landmark-unique': { enabled: true } },
    })
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    help: v.help,
  }));
}

/** The phone width of the layout checks: narrower than most phones (390 px included). */
export const PHONE_WIDTH = 360;

/**
 * What does not fit a phone's screen: the page scrolling sideways, or a demo or exercise outside
 * the screen or with something sticking out of its frame (expect it to be []).
 */
export async function outsideTheScreen(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  if (overflow > 0) problems.push(`the page scrolls sideways by ${overflow} px`);
  const width = page.viewportSize()!.width;
  const outside = await page.locator('section.demo, .exercise-progress').evaluateAll(
    (elements, width) =>
      elements
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ el, box }) => box.left < 0 || box.right > width + 0.5 || el.scrollWidth > el.clientWidth)
        .map(
          ({ el, box }) =>
            `${el.querySelector('.demo-title')?.textContent ?? el.className}: ` +
            `${Math.round(box.left)}–${Math.round(box.right)} px, content ${el.scrollWidth} ` +
            `px wide`,
        ),
    width,
  );
  return [...problems, ...outside];
}

/** Scrolls a widget into view and waits until its code has loaded (generous: a busy machine). */
export async function readyWidget(page: Page, selector: string): Promise<Locator> {
  const widget = page.locator(selector);
  await widget.scrollIntoViewIfNeeded();
  await expect(widget).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  return widget;
}

/**
 * Each exercise checked as it starts, its first hint shown, then its answer opened: by default the
 * reference solution's <details>; `OPEN_ANSWER` replaces that step for an exercise that shows it otherwise.
 */
async function checkEach(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    const box = page.locator(`#exercise-${id}`);
    await box.scrollIntoViewIfNeeded();
    await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    await box.locator('[data-check]').click();
    await expect(box.locator('.exercise-report')).toBeVisible({ timeout: 30_000 });
    await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-checking', '', { timeout: 30_000 });
    await box.locator('[data-hint]').click();
    const open = OPEN_ANSWER[id];
    if (open) await open(box);
    else await box.locator('.exercise-reference summary').click();
  }
}

/**
 * What opens an exercise's answer in its fullest state, for an exercise that shows it otherwise than
 * by its reference solution's <details> (checkEach's default).
 */
const OPEN_ANSWER: Record<string, (box: Locator) => Promise<void>> = {
  predict: async (box) => {
    // A prediction shows its answer (the expected values, the proof, the solution) once asked; then
    // "reset" leaves its confirmation on screen.
    await box.locator('[data-show-answer]').click();
    await box.locator('[data-confirm] .exercise-danger').click();
    await expect(box.locator('[data-reveal]')).toBeVisible({ timeout: 30_000 });
    await box.locator('[data-reset]').click();
    await expect(box.locator('[data-confirm]')).toBeVisible();
  },
  'fix-746': async (box) => {
    await box.locator('.exercise-reference summary').click();
    await box.locator('.exercise-cases > li[data-case="table"] [data-case-detail] > details > summary').click();
  },
};

/**
 * Each page's demos shown in their fullest state: each loaded and used (the terminal has run the
 * program, a pair's cell is open, the playground shows its mixed stream, the scan has run). A
 * widget's owner keeps its step here in step with the widget.
 */
const DEMOS: Record<PageKind, (page: Page) => Promise<void>> = {
  landing: async () => undefined,
  source: async () => undefined,
  lesson: async (page) => {
    const terminal = page.locator('ga-program-terminal');
    await terminal.scrollIntoViewIfNeeded();
    await terminal.locator('button[data-action="run"]').click();
    await expect(terminal).toHaveAttribute('data-output', EXPECTED_OUTPUT, { timeout: 30_000 });
    await expect(terminal).toHaveAttribute('data-state', 'idle', { timeout: 15_000 });

    const playground = await readyWidget(page, 'ga-reader-playground');
    await playground.locator('[data-preset=mixed]').click();
    await expect(playground.locator('[data-testid=lines] > li[data-discarded]')).toHaveCount(2);

    const host = await readyWidget(page, 'ga-host-stream-demo');
    await expect(host.locator('.hs-event')).toHaveCount(3, { timeout: 15_000 });
    await readyWidget(page, 'ga-failure-demo');
    await readyWidget(page, 'ga-chunker-demo');

    const pairs = await readyWidget(page, 'ga-pairs-demo');
    await pairs.locator('button.pd-cell[data-writer=gaapi][data-reader=standard][data-split=pinned]').click();
    await expect(pairs.locator('[data-testid=wire] > li[data-tag=no-colon]')).toHaveCount(1);
  },
  beyond: async (page) => {
    const cut = await readyWidget(page, 'ga-cut-anywhere-demo');
    await cut.locator('[data-scan]').click();
    await expect(cut.getByTestId('scan')).toBeVisible({ timeout: 30_000 });
    await readyWidget(page, 'ga-stop-short-demo');
    const burst = await readyWidget(page, 'ga-burst-timeline-demo');
    await burst.locator('[data-part=latency]').selectOption('250');
    await expect(burst).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    for (const summary of await burst.locator('summary').all()) await summary.click();
  },
  modelStream: async (page) => {
    // The player: a complete recording played to its end, then the reasoning opened again.
    const player = await readyWidget(page, 'ga-provider-stream-demo');
    await player.locator('[data-part=pace]').selectOption('fast');
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await player.locator('[data-part=reasoning-box] summary').click();
    // The cut demo: every cut of the three recordings scanned.
    const cut = await readyWidget(page, 'ga-provider-cut-demo');
    await cut.locator('[data-scan]').click();
    await expect(cut.getByTestId('scan')).toBeVisible({ timeout: 90_000 });
  },
  rounds: async (page) => {
    // The timeline after a real turn of each harness; every tab of the four details once, the
    // first one left open; a turn stopped in the chat.
    const timeline = await readyWidget(page, 'ga-rounds-timeline');
    await timeline.locator('[data-part=run]').click();
    await expect(timeline.locator('[data-part=run]')).toHaveAttribute('data-running', 'false', { timeout: 60_000 });
    await expect(timeline).toHaveAttribute('data-state', 'done');
    const details = await readyWidget(page, 'ga-rounds-details');
    for (const tab of [1, 2, 3, 0]) await details.getByRole('tab').nth(tab).click();
    const stop = await readyWidget(page, 'ga-rounds-stop');
    await stop.locator('[data-part=send]').click();
    await expect(stop.locator('[data-part=replica]')).toHaveAttribute('data-generation', 'generating', {
      timeout: 30_000,
    });
    await stop.locator('[data-part=send]').click();
    await expect(stop).toHaveAttribute('data-state', 'stopped', { timeout: 30_000 });
  },
  inspect: async (page) => {
    // The inspector on a stream with findings (the cut copy of Anthropic's recording, one of the
    // course's streams it offers), then every disclosure open: the lines, the events, the report.
    const inspector = page.locator('ga-stream-inspector');
    await inspector.scrollIntoViewIfNeeded();
    await inspector.locator('[data-example=anthropicCut]').click();
    await expect(inspector.locator('[data-part=findings] > li')).toHaveCount(3, { timeout: 30_000 });
    for (const summary of await inspector.locator('summary').all()) await summary.click();
    await expect(inspector.locator('[data-part=lines] > li').first()).toBeVisible();
  },
};

/**
 * Every widget of a page shown in its fullest state, for the axe and layout tests: its demos
 * (`DEMOS`), then each exercise the page shows (test/exercises.ts, on whatever page) checked as it
 * starts, with its verdicts, first hint and answer open.
 */
export const PAGE_WIDGETS = Object.fromEntries(
  PAGE_KIND_NAMES.map((kind) => [
    kind,
    async (page: Page) => {
      await DEMOS[kind](page);
      await checkEach(page, exercisesOn(PAGES[kind]));
    },
  ]),
) as Record<PageKind, (page: Page) => Promise<void>>;
