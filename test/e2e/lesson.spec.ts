// The lesson page in each locale: language, sections, the program's output, the language picker,
// search, and accessibility of the landing and lesson pages in both themes.

import { EXPECTED_OUTPUT, LOCALES, axeViolations, expect, landingUrl, lessonUrl, test, useTheme } from './fixtures.ts';

const HEADINGS: Record<string, string[]> = {
  en: ['Where the answer goes', 'The five rules of server-sent events', 'The host’s stream', 'When the answer fails', 'Sentences', 'Each writer with each reader', 'Exercises', 'Key takeaways', 'Sources'],
  es: ['Adónde va la respuesta', 'Los eventos enviados por el servidor, en cinco reglas', 'Lo que manda el host', 'Cuando algo sale mal', 'Cortar en frases', 'Cada escritor con cada lector', 'Ejercicios', 'Lo esencial', 'Fuentes'],
  fr: ['Où va la réponse', 'Cinq règles pour lire un flux d’événements', 'Ce que l’hôte envoie', 'Quand la réponse est une erreur', 'Le découpage en phrases', 'Chaque émetteur face à chaque lecteur', 'Exercices', 'L’essentiel', 'Sources'],
};

/**
 * The seven blocks the page shows, cut from the golden file by the lesson's rule: without the
 * `# l6` line and the blank line before each title; a block starts at each `== ` title and at
 * `joined, as the page renders it:`.
 */
function expectedBlocks(): string[] {
  const lines = EXPECTED_OUTPUT.replace(/\n$/, '').split('\n').slice(1);
  const blocks: string[][] = [];
  for (const line of lines) {
    if (line.startsWith('== ') || line === 'joined, as the page renders it:') blocks.push([]);
    blocks[blocks.length - 1]?.push(line);
  }
  return blocks.map((block) => {
    while (block.at(-1) === '') block.pop();
    return block.join('\n');
  });
}

/** Which section (index of the h2 before it) each output block sits in: 2, 2, 3, 4, 4, 4, 5. */
const BLOCK_SECTIONS = [2, 2, 3, 4, 4, 4, 5];

for (const locale of LOCALES) {
  test.describe(`lesson page (${locale.code})`, () => {
    test('language, sections in order, and every output block equal to its slice of the program output', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.goto(lessonUrl(locale));
      await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);
      const headings = page.locator('.sl-markdown-content h2');
      await expect(headings).toHaveText(HEADINGS[locale.code]!);

      const blocks = expectedBlocks();
      expect(blocks).toHaveLength(7);
      const shown = page.locator('pre[data-output-block]');
      await expect(shown).toHaveCount(7);
      for (let i = 0; i < 7; i++) {
        const block = shown.nth(i);
        await expect(block).toHaveAttribute('data-output-block', String(i + 1));
        expect(await block.evaluate((el) => el.textContent)).toBe(blocks[i]);
        // the block sits in the section the lesson puts it in
        const section = await block.evaluate((el) => {
          const all = [...document.querySelectorAll('.sl-markdown-content h2')];
          return all.filter((h) => h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING).length - 1;
        });
        expect(section, `block ${i + 1}`).toBe(BLOCK_SECTIONS[i]);
      }

      // the command block, in Expressive Code's terminal frame, in the introduction
      const command = page.locator('.expressive-code .frame.is-terminal', { hasText: 'npm run lesson -- l6' });
      await expect(command).toHaveCount(1);

      // the real code from lessons-code/ is shown: the standard reader, the writers, the #743 split
      for (const title of ['lessons-code/standard/parser.ts', 'lessons-code/ga/writers.ts', 'lessons-code/ga/chunkers.ts']) {
        await expect(page.locator('figure.source-code figcaption', { hasText: title })).toHaveCount(1);
      }
      await expect(page.locator('figure.source-code', { hasText: 'export function writeGaApiEvent' })).toHaveCount(1);
    });

    test('exercises have their solutions collapsed, and the page says the host is a replica', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.goto(lessonUrl(locale));
      const details = page.locator('.sl-markdown-content > details'); // the lesson's solutions, not the workbench's own blocks
      await expect(details).toHaveCount(4);
      for (const d of await details.all()) expect(await d.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
      await expect(page.locator('.sl-markdown-content')).toContainText('lessons-code/host/');
    });

    test('the language picker leads to the same lesson in the other languages and back', async ({ page, consoleErrors }) => {
      void consoleErrors;
      // The picker navigates once Starlight's script has defined its element: wait for that first.
      const picker = async () => {
        await page.waitForFunction(() => customElements.get('starlight-lang-select') !== undefined);
        return page.locator('starlight-lang-select select').first();
      };
      await page.goto(lessonUrl(locale));
      for (const other of LOCALES.filter((l) => l.code !== locale.code)) {
        await (await picker()).selectOption({ value: lessonUrl(other) });
        await expect(page).toHaveURL(new RegExp(`${lessonUrl(other).replaceAll('/', '\\/')}$`));
        await expect(page.locator('html')).toHaveAttribute('lang', other.lang);
        await (await picker()).selectOption({ value: lessonUrl(locale) });
        await expect(page).toHaveURL(new RegExp(`${lessonUrl(locale).replaceAll('/', '\\/')}$`));
      }
    });

    test('search finds the lesson for SseChunker', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.goto(landingUrl(locale));
      await page.locator('site-search button[data-open-modal]').first().click();
      await page.locator('#starlight__search input').fill('SseChunker');
      const results = page.locator('#starlight__search .pagefind-ui__result-link');
      await expect(results.first()).toBeVisible({ timeout: 15_000 });
      const hrefs = await results.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      expect(hrefs.some((href) => href.startsWith(lessonUrl(locale))), hrefs.join(' ')).toBe(true);
      // only pages of this locale come up
      for (const href of hrefs) expect(href.startsWith(locale.prefix + '/')).toBe(true);
    });

    for (const theme of ['light', 'dark'] as const) {
      test(`axe finds no WCAG 2.1 AA violation on the landing and lesson pages (${theme})`, async ({ page, consoleErrors }) => {
        void consoleErrors;
        await useTheme(page, theme);
        for (const url of [landingUrl(locale), lessonUrl(locale)]) {
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          expect(await axeViolations(page), url).toEqual([]);
        }
      });
    }

    test('no horizontal scrolling of the page at 360 px', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.setViewportSize({ width: 360, height: 800 });
      for (const url of [landingUrl(locale), lessonUrl(locale)]) {
        await page.goto(url);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, url).toBeLessThanOrEqual(0);
      }
    });

    test('keyboard: the skip link comes first and leads to the content', async ({ page, consoleErrors }) => {
      void consoleErrors;
      await page.goto(lessonUrl(locale));
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute('href', '#_top');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#_top$/);
    });
  });
}
