// The site's pages in a browser: the language picker between the three locales, search (which
// finds the lesson, and only pages of the reader's locale), and the skip link. What needs no
// browser (sections, output blocks, solutions collapsed, links) is checked on the built pages by
// test/dist/; axe in a11y.spec.ts; the phone layout in a11y.spec.ts (its light run).

import { BASE, EN, LOCALES, expect, landingUrl, lessonUrl, test } from './fixtures.ts';

// The language picker and the skip link share one load of the English lesson (each a step named after
// its check): the picker's round ends on the English lesson, a page just opened, where the skip link is
// the first thing Tab reaches (the skip link first would leave its #_top in the address, which the
// picker keeps).
test('the language picker: the same lesson in the others and back; keyboard: the skip link first', async ({ page }) => {
  await page.goto(lessonUrl(EN));

  await test.step('the language picker leads to the same lesson in the other languages and back', async () => {
    // The picker navigates once Starlight's script has defined its element: wait for that first.
    const picker = async () => {
      await page.waitForFunction(() => customElements.get('starlight-lang-select') !== undefined);
      return page.locator('starlight-lang-select select').first();
    };
    const urlOf = (url: string) => new RegExp(`${url.replaceAll('/', '\\/')}$`);
    for (const other of LOCALES.slice(1)) {
      await (await picker()).selectOption({ value: lessonUrl(other) });
      await expect(page).toHaveURL(urlOf(lessonUrl(other)));
      await expect(page.locator('html')).toHaveAttribute('lang', other.lang);
      // and from there to the third language, then back to English
      const third = LOCALES.find((l) => l.code !== other.code && l.code !== EN.code)!;
      await (await picker()).selectOption({ value: lessonUrl(third) });
      await expect(page).toHaveURL(urlOf(lessonUrl(third)));
      await expect(page.locator('html')).toHaveAttribute('lang', third.lang);
      await (await picker()).selectOption({ value: lessonUrl(EN) });
      await expect(page).toHaveURL(urlOf(lessonUrl(EN)));
      await expect(page.locator('html')).toHaveAttribute('lang', EN.lang);
    }
  });

  await test.step('keyboard: the skip link comes first and leads to the content', async () => {
    // the English lesson the picker led back to: a page just opened, nothing focused yet
    await expect(page).toHaveURL(new RegExp(`${lessonUrl(EN)}$`));
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', '#_top');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#_top$/);
  });
});

// Search is per locale by design (Pagefind's index for the page's language): English, and French
// to show that only pages of the reader's locale come up.
for (const locale of [LOCALES[0], LOCALES[2]]) {
  test(`search finds the lesson for SseChunker, only in the page’s locale (${locale.code})`, async ({ page }) => {
    await page.goto(landingUrl(locale));
    await page.locator('course-search button.open').click();
    await page.locator('course-search input').fill('SseChunker', { timeout: 30_000 });
    const results = page.locator('course-search .pagefind-ui__result-link');
    await expect(results.first()).toBeVisible({ timeout: 30_000 });
    const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(
      hrefs.some((href) => href.startsWith(lessonUrl(locale))),
      hrefs.join(' '),
    ).toBe(true);
    for (const href of hrefs) {
      expect(href.startsWith(landingUrl(locale))).toBe(true);
      if (locale.code === 'en') expect(href, 'an English result').not.toMatch(new RegExp(`^${BASE}(es|fr)/`));
    }
  });
}
