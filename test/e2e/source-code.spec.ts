// The code listings of the lesson: short excerpts (what the prose discusses) with the whole file one
// click away, and the weight of each page a student loads (its DOM before any interaction). axe on
// the listings runs in a11y.spec.ts, with the lesson and source page kinds.

import { readFileSync } from 'node:fs';
import { EN, LOCALES, PAGE_KIND_NAMES, expect, lessonUrl, pageUrl, test } from './fixtures.ts';

const source = (file: string) =>
  readFileSync(new URL(`../../lessons-code/${file}`, import.meta.url), 'utf8').replace(/\n+$/, '');

const DOM_BUDGET = 1500;

// Once each page's scripts have run, in English; every locale's built pages are held to the same
// budget without a browser (test/dist/pages.test.ts): the locales differ only in their words. The
// lesson page comes last, and its listings are then checked on that same load (the listings' behaviour
// once, in English: es/fr differ only in the link's prefix and the caption's words).
const LISTINGS = 'listings (en): excerpts of at most 60 lines, each a slice of its file, the whole file one click away';
test(`no page has more than 1,500 elements before the student touches it; ${LISTINGS}`, async ({ page }) => {
  const locale = EN;
  await test.step('no page has more than 1,500 elements before the student touches it', async () => {
    const kinds = [...PAGE_KIND_NAMES.filter((kind) => kind !== 'lesson'), 'lesson' as const];
    expect(kinds).toHaveLength(PAGE_KIND_NAMES.length);
    for (const kind of kinds) {
      await page.goto(pageUrl(kind, EN), { waitUntil: 'load' });
      const count = await page.evaluate(() => document.getElementsByTagName('*').length);
      expect(count, kind).toBeLessThanOrEqual(DOM_BUDGET);
    }
  });

  await test.step(LISTINGS, async () => {
    await expect(page).toHaveURL(new RegExp(`${lessonUrl(locale)}$`));
    const figures = page.locator('figure.source-code:not(.shell)');
    await expect(figures).toHaveCount(3);
    for (const figure of await figures.all()) {
      const file = (await figure.getAttribute('data-source-file'))!.replace(/^lessons-code\//, '');
      const whole = source(file);
      const shown = (await figure.locator('code').textContent())!;
      // what the page shows is the file's own text (an excerpt may drop a member's indentation)
      for (const line of shown.split('\n')) expect(whole.includes(line.trimStart()), `${file}: ${line}`).toBe(true);
      const link = figure.locator('figcaption a');
      if ((await link.count()) === 0) {
        expect(shown).toBe(whole);
        continue;
      }
      expect(shown.split('\n').length, file).toBeLessThanOrEqual(60);
      const first = shown.split('\n')[0]!;
      await link.click();
      // The whole file's page read once it has all come (the click waits only for its start).
      await page.waitForURL(/\/source\//, { waitUntil: 'load' });
      await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);
      const code = page.locator('figure.source-code.whole code');
      expect(await code.textContent()).toBe(whole);
      // the link lands on the excerpt's first line
      const target = await page.evaluate(() => location.hash.slice(1));
      expect((await page.locator(`[id="${target}"]`).textContent())!.trimStart()).toBe(first.trimStart());
      await page.goBack();
    }
  });
});

test('the copy button copies the listing and says so in the page’s language', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(lessonUrl(LOCALES[2]));
  const figure = page.locator('figure.source-code:not(.shell)').first();
  await figure.locator('button.copy').click();
  await expect(figure.locator('button.copy')).toHaveText('Copié');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await figure.locator('code').textContent());
});
