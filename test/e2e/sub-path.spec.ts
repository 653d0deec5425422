// The course where it really lives: built with `--base /learn/` (npm run build:learn) and served
// under /learn/ by a host that sends `_headers` (served-site.ts), so that each page runs under its
// header policy as well as its <meta> one, and each worker under the policy of its own script.
// Each page kind in French, with every widget started as the axe test starts them (PAGE_WIDGETS in
// fixtures.ts: the terminal runs the program, every exercise is checked to its verdict), then every
// link of the page followed. Fails on any CSP violation (the page's `securitypolicyviolation`
// events, and every report the policies send, workers' included), any response of 400 or more,
// any page error or console error (fixtures.ts). The 404 page (axe included) and search are checked here too.
// The root build's behaviour is the other specs' business; what needs no browser is
// test/dist/deploy.test.ts.

import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { LEARN } from '../learn-build.ts';
import { LOCALES, PAGE_KINDS, PAGE_WIDGETS, axeViolations, expect, test as base, type PageKind } from './fixtures.ts';
import { serveSite, type ServedSite } from './served-site.ts';

const FR = LOCALES[2];

const test = base.extend<{ violations: string[] }, { site: ServedSite }>({
  // One server per Playwright worker; its tests run one after the other, so each reads its own
  // part of the server's lists.
  site: [
    async ({}, use) => {
      const site = await serveSite(resolve(LEARN.dir), LEARN.base);
      await use(site);
      await site.close();
      // reports that arrived after their test had ended
      expect(site.reports, 'CSP violation reports').toEqual([]);
    },
    { scope: 'worker' },
  ],
  violations: [
    async ({ page, site }, use) => {
      const found: string[] = [];
      await page.exposeFunction('courseCspViolation', (text: string) => found.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { courseCspViolation(text: string): void }).courseCspViolation;
          report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ` + `${event.sourceFile}:${event.lineNumber}`);
        });
      });
      const reports = site.reports.length;
      await use(found);
      expect(found, 'securitypolicyviolation events').toEqual([]);
      expect(site.reports.slice(reports), 'CSP violation reports (pages and workers)').toEqual([]);
    },
    { auto: true },
  ],
});

/** A site path ('/fr/…') at the served site's address, under the base. */
const at = (site: ServedSite, path: string) => site.url + path.replace(/^\//, '');

/** Every link of the page that stays on the site: under the base, answered below 400, its #fragment present. */
async function followLinks(page: Page, site: ServedSite): Promise<number> {
  const origin = new URL(site.url).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
  const internal = [...new Set(hrefs)].filter((href) => href.startsWith(origin));
  const here = new URL(page.url());
  // this page as it is (the 404 page stands at any address): its own ids
  const pages = new Map<string, string>([[here.origin + here.pathname, await page.content()]]);
  for (const href of internal) {
    const url = new URL(href);
    expect(url.pathname, `${href}: under ${LEARN.base}`).toMatch(new RegExp(`^${LEARN.base}`));
    const target = url.origin + url.pathname;
    if (!pages.has(target)) {
      const response = await page.request.get(target);
      expect(response.status(), href).toBeLessThan(400);
      pages.set(target, await response.text());
    }
    const id = decodeURIComponent(url.hash.slice(1));
    if (id) expect(pages.get(target)!.includes(`id="${id}"`), `${href}: #${id} exists`).toBe(true);
  }
  return internal.length;
}

for (const kind of Object.keys(PAGE_KINDS) as PageKind[]) {
  test(`${kind} page in French under ${LEARN.base}: every widget started, every link ` + `alive, no CSP violation, no response ≥ 400`, async ({ page, site }) => {
    test.slow(); // every widget of a long page on a busy 2-core machine
    const errors = site.errors.length;
    const response = await page.goto(at(site, PAGE_KINDS[kind](FR)));
    expect(response?.status()).toBe(200);
    // the header policy is there, besides the <meta> one
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    if (kind === 'landing') {
      // Search: Pagefind's index and WebAssembly under the base and under the policy.
      await page.locator('site-search button[data-open-modal]').first().click();
      await page.locator('#starlight__search input').fill('SseChunker');
      const results = page.locator('#starlight__search .pagefind-ui__result-link');
      await expect(results.first()).toBeVisible({ timeout: 30_000 });
      for (const href of await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))) expect(href).toMatch(new RegExp(`^${LEARN.base}fr/`));
      await page.keyboard.press('Escape');
    }
    await PAGE_WIDGETS[kind](page);
    expect(await followLinks(page, site)).toBeGreaterThan(kind === 'landing' ? 2 : 5);
    expect(site.errors.slice(errors), 'responses of 400 or more').toEqual([]);
  });
}

test(`the 404 page under ${LEARN.base}: in the address's language first, its links back to the course alive`, async ({ page, site, consoleErrors }) => {
  const errors = site.errors.length;
  for (const [path, first] of [
    ['fr/ga-ai/06-perdu/', 'fr'],
    ['es/nada/', 'es'],
    ['nothing-here/', 'en'],
  ] as const) {
    const response = await page.goto(site.url + path);
    expect(response?.status(), path).toBe(404);
    // the browser's own line for the 404 asked for here; any other console error still fails
    await expect.poll(() => consoleErrors.findIndex((line) => line.includes('status of 404'))).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(consoleErrors.findIndex((line) => line.includes('status of 404')), 1);
    const sections = page.locator('.not-found > section');
    await expect(sections).toHaveCount(3);
    await expect(sections.first()).toHaveAttribute('lang', first);
    await expect(page.locator('starlight-lang-select')).toHaveCount(0);
    const home = sections.first().getByRole('link').first();
    await expect(home).toHaveAttribute('href', `${LEARN.base}${first === 'en' ? '' : first + '/'}`);
  }
  // (the 404 page is in no PAGE_KINDS: axe checks it here, as a11y.spec.ts does the others)
  expect(await axeViolations(page), 'axe on the 404 page').toEqual([]);
  expect(await followLinks(page, site)).toBeGreaterThanOrEqual(6);
  await page.locator('.not-found > section').first().getByRole('link').first().click();
  await expect(page).toHaveURL(site.url);
  await expect(page.locator('h1')).toBeVisible();
  expect(site.errors.slice(errors).filter((line) => !/^404 \/learn\/(fr\/ga-ai\/06-perdu|es\/nada|nothing-here)\/$/.test(line)), 'other responses of 400 or more').toEqual([]);
});
