// The chunkers demo and the lesson's output views, in English: the first view is rendered with the
// page; a preset's verdict tells lost spaces, changed lines and lost line breaks apart; #743's
// chunks show their trailing whitespace with the site's own signs (never an empty box); the output
// blocks offer a readable view beside the program's bytes. Elsewhere: pastes and run endings
// (demo-paste.spec.ts), es/fr (locales.spec.ts), axe (a11y.spec.ts), 360 px (a11y.spec.ts, its light run).

import { IMPROVISATION_ANSWER, splitAfter743, splitPinned } from '../../lessons-code/index.ts';
import { CHUNKER_PRESETS } from '../../src/widgets/shared/chunker-model.ts';
import { pairsTable, tableRows, verdict } from './demo-helpers.ts';
import { EN, EXPECTED_OUTPUT, expect, lessonUrl, readyWidget, test } from './fixtures.ts';

test.describe('chunkers and output views (en)', () => {
  test(
    'the chunkers: first view with the page, the prose preset’s verdict, #743’s ' +
      'trailing whitespace, the signs’ font',
    async ({ page }) => {
      await page.goto(lessonUrl(EN));
      const demo = page.locator('ga-chunker-demo');
      // rendered with the page (kept in a template until near): the first result needs no computing
      await demo.scrollIntoViewIfNeeded();
      await expect(demo.locator('[data-part=pinned-stats] strong')).toHaveText('6 line breaks lost');
      await expect(demo.locator('[data-part=after743-stats] strong')).toHaveText('exact');
      await readyWidget(page, 'ga-chunker-demo');

      await demo.locator('[data-preset=prose]').click();
      const prose = CHUNKER_PRESETS.prose!;
      await expect(demo.locator('[data-part=pinned-stats] strong')).toHaveText(
        verdict('en', prose, splitPinned(prose).join('')),
      );
      await expect(demo.locator('[data-part=pinned-stats] strong')).toHaveText(
        '1 line of 1 changed, 3 spaces lost, and 1 line break lost',
      );
      // #743 keeps each sentence's space: shown as ␣ at the end of its chunk; the pinned split's chunks have none
      const chunks743 = demo.locator('[data-part=after743-chunks] li pre');
      await expect(chunks743).toHaveCount(splitAfter743(prose).length);
      await expect(chunks743.first().locator('.ws').last()).toHaveText('␣');
      await expect(demo.locator('[data-part=pinned-chunks] li pre .ws-space')).toHaveCount(0);
      await expect(demo.locator('[data-part=status]')).toContainText('SseChunker at a826864: 4 chunks');

      // the signs are drawn by the site's own font: loaded, and covering ␊ ␍ ␣
      await demo.locator('[data-preset=crlf]').click();
      await expect(demo.locator('textarea')).toHaveValue(IMPROVISATION_ANSWER.replaceAll('\n', '␍\n'));
      await expect(demo.locator('[data-part=pinned-stats] strong')).toHaveText('6 line breaks lost');
      const font = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          loaded: [...document.fonts].some(
            (face) => face.family.replace(/"/g, '') === 'GA Whitespace' && face.status === 'loaded',
          ),
          covers: ['␊', '␍', '␣'].every((sign) => document.fonts.check('13px "GA Whitespace"', sign)),
          legend: getComputedStyle(document.querySelector('.ws-legend .ws')!).fontFamily,
        };
      });
      expect(font.loaded).toBe(true);
      expect(font.covers).toBe(true);
      expect(font.legend).toMatch(/^"?GA Whitespace/);
    },
  );

  test(
    'output blocks: a readable view from the program’s data, the program’s bytes a ' +
      'tab away, nothing wider than its frame',
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(lessonUrl(EN));
      const block7 = page.locator('figure.program-output').nth(6);
      await block7.scrollIntoViewIfNeeded();
      const view = block7.locator('[role=tabpanel]').first();
      await expect(view.locator('tbody tr')).toHaveCount(6);
      expect(await tableRows(view.locator('table'))).toEqual(pairsTable(IMPROVISATION_ANSWER).map((row) => row));
      // at 390 px every row is a card inside the frame
      for (const figure of await page.locator('figure.program-output').all()) {
        await figure.scrollIntoViewIfNeeded();
        await expect(figure.locator('ga-stamp:not([data-stamped])')).toHaveCount(0);
        const overflow = await figure.evaluate((el) => {
          const frame = el.getBoundingClientRect();
          return [...el.querySelectorAll('[role=tabpanel]:not([hidden]) *')].filter(
            (node) => node.getBoundingClientRect().right > frame.right + 1,
          ).length;
        });
        expect(overflow).toBe(0);
      }
      // the program's bytes: one tab away, labelled as its English output, scrolling inside their frame
      await block7.getByRole('tab', { name: 'Program output' }).click();
      const pre = block7.locator('pre[data-output-block="7"]');
      await expect(pre).toBeVisible();
      await expect(pre).toHaveAttribute('lang', 'en');
      await expect(block7.locator('[role=tabpanel]:not([hidden]) .note')).toHaveText(
        'The program’s own output, in English, byte for byte: what npm run lesson -- l6 prints.',
      );
      expect(
        await pre.evaluate((el) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX === 'auto'),
      ).toBe(true);
      expect(EXPECTED_OUTPUT).toContain((await pre.textContent())!);
      // arrow keys move between the tabs
      await page.keyboard.press('ArrowLeft');
      await expect(block7.getByRole('tab', { name: 'Table' })).toBeFocused();
      await expect(view).toBeVisible();
    },
  );
});
