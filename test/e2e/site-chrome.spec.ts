// The site's chrome around the lessons: the language and theme pickers reachable on a phone from the
// landing page (and from Starlight's own menu on a page with a sidebar), a theme picker that survives
// full or blocked storage, the search (src/components/overrides/Search.astro: nothing of Pagefind
// before it is opened, the keyboard, axe) and its strings in the page's language (Pagefind's UI);
// the 404 page.

import type { Page } from '@playwright/test';
import {
  BASE,
  LOCALES,
  axeViolations,
  expect,
  followLinks,
  landingUrl,
  lessonUrl,
  t,
  test,
  underBase,
  useTheme,
} from './fixtures.ts';

const [en, es, fr] = LOCALES;

/** The search box's strings that show it is Spanish or French, and none of Pagefind's English ones. */
async function searchSpeaks(page: Page, code: 'es' | 'fr'): Promise<void> {
  // The course's search (src/components/overrides/Search.astro) builds Pagefind's box when its
  // dialog first opens.
  await page.locator('course-search button.open').click();
  const dialog = page.locator('course-search dialog');
  await dialog.locator('input').fill('SseChunker', { timeout: 30_000 });
  const message = dialog.locator('.pagefind-ui__message');
  await expect(message).toContainText(code === 'fr' ? 'résultats pour' : 'resultados para', { timeout: 15_000 });
  await expect(dialog.locator('.pagefind-ui__search-clear')).toHaveText(code === 'fr' ? 'Effacer' : 'Borrar');
  await dialog.locator('input').fill('zzzqqq');
  await expect(message).toContainText(code === 'fr' ? 'Aucun résultat pour' : 'No hay resultados para');
  expect(await dialog.innerText()).not.toMatch(/\bresults? for\b|Load more|Clear\b/);
  await expect(dialog.locator('button.close')).toHaveAccessibleName(code === 'fr' ? 'Annuler' : 'Cancelar');
}

// The landing page's behaviours share one load of the French landing page and the Spanish one its
// language picker leads to (each step named after the behaviour it checks). The phone menu is shown
// by a media query (src/components/overrides/Header.astro), so a viewport changed on the page lays it
// out as a page loaded at that width.
test('the landing page: its pickers at 1280 px and on a 390 px phone; the search box in es and fr', async ({
  page,
  consoleErrors,
}) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(landingUrl(fr));

  await test.step('at 1280 px the landing page keeps the pickers in the header, with no extra menu', async () => {
    await expect(page.locator('details.phone-preferences summary')).toBeHidden();
    await expect(page.locator('header starlight-theme-select select').first()).toBeVisible();
  });

  await test.step('the search box speaks fr: no Pagefind string in English', async () => {
    await searchSpeaks(page, 'fr');
    // closed again, for the phone's menu below
    await page.keyboard.press('Escape');
    await expect(page.locator('course-search dialog')).toBeHidden();
  });

  await test.step('on a 390 px phone the landing page has a menu with the language and theme pickers', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const menu = page.locator('details.phone-preferences');
    const summary = menu.locator('summary');
    await expect(summary).toBeVisible();
    await expect(summary).toHaveAccessibleName('Langue et thème');
    // keyboard: the menu, closed, opens with Enter, and Escape closes it again
    const theme = menu.locator('starlight-theme-select select');
    await expect(theme).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(theme).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(theme).toBeHidden();
    await expect(summary).toBeFocused();
    // the theme picker works from there (the system's dark until now), and the choice holds on the next page
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await summary.click();
    await theme.selectOption('light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // the language picker leads to the same page in Spanish
    await menu.locator('starlight-lang-select select').selectOption({ label: 'Español' });
    await expect(page).toHaveURL(new RegExp(`${landingUrl(es)}$`));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  await test.step('the search box speaks es: no Pagefind string in English', async () => {
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.setViewportSize({ width: 1280, height: 800 });
    await searchSpeaks(page, 'es');
  });
});

// The search loads Pagefind only when the reader opens it: its box, built at every page's first idle
// moment by Starlight's own search, was a long task of each load of the lesson. One load of the
// English lesson on a 390 px phone in the dark theme, left to settle before anything is touched.
test('search: no Pagefind before the first opening; Ctrl+K, results under the base, Escape; axe at 390 px', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  // Pagefind's index and worker (pagefind/), its UI's chunk and its stylesheet (_astro/ui-core.*.js, ui.*.css)
  const pagefindFiles = () =>
    fetched.filter((path) => /\/pagefind\/|\/_astro\/ui(?:-core)?\.[\w-]+\.(?:js|css)$/.test(path));
  await useTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(lessonUrl(en));
  const button = page.locator('course-search button.open');
  const dialog = page.getByRole('dialog', { name: 'Search' });

  await test.step('before the first opening: no request for Pagefind’s files, no Pagefind element', async () => {
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 5000 })));
    expect(pagefindFiles()).toEqual([]);
    await expect(page.locator('.pagefind-ui, [class*="pagefind"]')).toHaveCount(0);
    // on a phone: an icon button, with a name and without the shortcut's hint
    await expect(button).toHaveAccessibleName('Search');
    expect((await button.boundingBox())!.width).toBeLessThan(50);
    await expect(button.locator('.shortcut')).toBeHidden();
  });

  await test.step('Ctrl+K opens the dialog; a word of the lesson finds it, with links under the base', async () => {
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    const input = dialog.locator('input');
    await expect(input).toBeFocused({ timeout: 30_000 });
    await input.pressSequentially('SseChunker');
    const links = dialog.locator('.pagefind-ui__result-link');
    await expect(links.first()).toBeVisible({ timeout: 30_000 });
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    expect(
      hrefs.some((href) => href.startsWith(lessonUrl(en))),
      hrefs.join(' '),
    ).toBe(true);
    for (const href of hrefs) expect(href, 'a result under the base').toMatch(new RegExp(`^${BASE}`));
    expect(pagefindFiles().filter((path) => !path.startsWith(BASE))).toEqual([]);
  });

  await test.step('axe finds no violation in the open dialog (390 px, dark theme)', async () => {
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await axeViolations(page, 'course-search dialog')).toEqual([]);
  });

  await test.step('Escape closes the dialog and the focus is back on the button', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  await test.step('when Pagefind cannot be loaded, the dialog says so; the next opening tries again', async () => {
    const other = await page.context().newPage();
    await other.route('**/pagefind/pagefind.js', (route) => route.abort());
    await other.goto(landingUrl(en));
    await other.locator('course-search button.open').click();
    const status = other.getByRole('dialog', { name: 'Search' }).getByRole('status');
    await expect(status).toHaveText(t(en, 'course.search.failed'));
    await other.keyboard.press('Escape');
    await other.unroute('**/pagefind/pagefind.js');
    await other.locator('course-search button.open').click();
    await expect(other.locator('course-search input')).toBeFocused({ timeout: 30_000 });
    await expect(status).toBeEmpty();
    await other.close();
  });
});

/** Makes every localStorage access throw, as a browser with storage blocked does. */
const blockStorage = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });

/** Makes every write to localStorage fail, as a full storage does. */
const fillStorage = (page: Page) =>
  page.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });

// The lesson page of each test also shows that a page with a sidebar has no second menu on a phone.
for (const [name, setup] of [
  ['blocked', blockStorage],
  ['full', fillStorage],
] as const) {
  test(`with ${name} storage the theme picker still works and the page logs no error; no second phone menu`, async ({
    page,
    consoleErrors,
  }) => {
    await setup(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(lessonUrl(en));

    await test.step(`with ${name} storage the theme picker still works and the page logs no error`, async () => {
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      const picker = page.locator('header starlight-theme-select select').first();
      await picker.selectOption('light');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
      await picker.selectOption('dark');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      await picker.selectOption('auto');
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark'); // the system's scheme
      expect(consoleErrors).toEqual([]);
    });

    const sidebarPage = 'on a 390 px page with a sidebar, Starlight’s own mobile menu has the pickers: no second menu';
    await test.step(sidebarPage, async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator('details.phone-preferences')).toHaveCount(0);
      await page.locator('button[popovertarget="starlight__sidebar"]').click();
      await expect(page.locator('.mobile-preferences starlight-theme-select select')).toBeVisible();
      await expect(page.locator('.mobile-preferences starlight-lang-select select')).toBeVisible();
    });
  });
}

test(`the 404 page under ${BASE}: in the address's language first, its links back to the course alive`, async ({
  page,
  consoleErrors,
  allowedErrors,
}) => {
  const missing = ['/fr/ga-ai/06-perdu/', '/es/nada/', '/nothing-here/'].map(underBase);
  allowedErrors.push(...missing.map((path) => new RegExp(`^404 ${path}$`)));
  for (const [path, first] of [
    [missing[0]!, 'fr'],
    [missing[1]!, 'es'],
    [missing[2]!, 'en'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    // the browser's own line for the 404 asked for here; any other console error still fails
    await expect
      .poll(() => consoleErrors.findIndex((line) => line.includes('status of 404')))
      .toBeGreaterThanOrEqual(0);
    consoleErrors.splice(
      consoleErrors.findIndex((line) => line.includes('status of 404')),
      1,
    );
    const sections = page.locator('.not-found > section');
    await expect(sections).toHaveCount(3);
    await expect(sections.first()).toHaveAttribute('lang', first);
    await expect(page.locator('starlight-lang-select')).toHaveCount(0);
    const home = sections.first().getByRole('link').first();
    await expect(home).toHaveAttribute('href', landingUrl(LOCALES.find((locale) => locale.code === first)!));
  }
  // (the 404 page is in no page list: axe checks it here, as a11y.spec.ts does the others)
  expect(await axeViolations(page), 'axe on the 404 page').toEqual([]);
  expect(await followLinks(page)).toBeGreaterThanOrEqual(6);
  await page.locator('.not-found > section').first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${BASE}$`));
  await expect(page.locator('h1')).toBeVisible();
});
