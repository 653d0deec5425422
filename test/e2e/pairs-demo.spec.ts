// Every writer with every reader, in English: the first view is the program's table, a cell opens
// its wire (the - **Am** line highlighted as a field name), events, text and diff; editing the
// answer recomputes; keyboard-only use; a 1 MB answer. Elsewhere: es/fr strings (locales.spec.ts),
// axe (a11y.spec.ts), 360 px (layout.spec.ts).

import type { Locator, Page } from '@playwright/test';
import { IMPROVISATION_ANSWER, writerReaderTable } from '../../lessons-code/index.ts';
import { visible } from '../../src/scripts/whitespace.ts';
import { EN, EXPECTED_OUTPUT, expect, lessonUrl, test, type Locale } from './fixtures.ts';

/** The last table of the program's output (writer, reader, two verdicts), cut by its widths [14, 22, 44]. */
function programTable(): { head: string[]; rows: string[][] } {
  const lines = EXPECTED_OUTPUT.split('\n');
  const at = lines.findIndex((line) => line.startsWith('writer '));
  const cells = (line: string) => {
    const out: string[] = [];
    let start = 0;
    for (const width of [14, 22, 44]) {
      out.push(line.slice(start, start + width).trimEnd());
      start += width + 1;
    }
    out.push(line.slice(start));
    return out;
  };
  return { head: cells(lines[at]!), rows: lines.slice(at + 1, at + 7).map(cells) };
}

/** The table computed by lessons-code for an answer, in the same shape. */
const tableFor = (answer: string) => writerReaderTable(answer).map((row) => [row.writer.label, row.reader.label, ...row.cells.map((c) => c.verdict)]);

const NO_COLON_TAG = 'rule 4 · no colon: taken for a field name, ignored';
const REMOVED = 'removed';
const NO_DIFF = 'No difference: the user gets the answer exactly.';

async function open(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(lessonUrl(locale));
  const demo = page.locator('ga-pairs-demo');
  await demo.scrollIntoViewIfNeeded();
  // generous: the page loads six demos, and test machines can be busy
  await expect(demo).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  await expect(demo.locator('button.pd-cell').first()).not.toBeEmpty({ timeout: 15_000 });
  return demo;
}

const shownTable = (demo: Locator) =>
  demo.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').trim())));

const cell = (demo: Locator, writer: string, reader: string, split: string) =>
  demo.locator(`button.pd-cell[data-writer=${writer}][data-reader=${reader}][data-split=${split}]`);

/** Puts an answer in the box (CR shown as ␍); `input` lets the demo compute. */
async function setAnswer(demo: Locator, answer: string, input = true): Promise<void> {
  await demo.locator('textarea').evaluate(
    (box, [value, input]) => {
      (box as HTMLTextAreaElement).value = value as string;
      if (input) box.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [answer.replaceAll('\r', '␍'), input] as const,
  );
}

const locale = EN;
test.describe(`every writer with every reader (${locale.code})`, () => {
  test('first view: the program’s table, six rows by two splits, on the improvisation answer', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    const expected = programTable();
    expect(expected.rows).toHaveLength(6);
    await expect(demo.locator('tbody tr')).toHaveCount(6);
    expect(await shownTable(demo)).toEqual(expected.rows);
    expect(await demo.locator('thead th').allTextContents()).toEqual([expect.any(String), expect.any(String), ...expected.head.slice(2)]);
    await expect(demo.locator('textarea')).toHaveValue(IMPROVISATION_ANSWER);
    await expect(demo.locator('button.pd-cell[aria-pressed=true]')).toHaveCount(0);
    await expect(demo.locator('.pd-detail')).toBeHidden();
    await expect(demo.locator('button.pd-cell.ok')).toHaveCount(2);
  });

  test('GaApi, HTML standard, pinned: the - **Am** line is highlighted as a field name; the events, the text and the diff', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    const chosen = cell(demo, 'gaapi', 'standard', 'pinned');
    await chosen.click();
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await expect(demo.locator('button.pd-cell[aria-pressed=true]')).toHaveCount(1);
    const detail = demo.locator('.pd-detail');
    await expect(detail).toBeVisible();
    await expect(detail.locator('.pd-detail-title')).toHaveText('GaApi → HTML standard, chunks at a826864');
    await expect(detail.locator('[data-testid=detail-verdict] strong')).toHaveText('1 of 6 lines missing, 8 line breaks missing');

    const field = detail.locator('[data-testid=wire] > li[data-tag=no-colon]');
    await expect(field).toHaveCount(1);
    await expect(field.locator('.tl-text')).toHaveText(
      /^- \*\*Am\*\* → arpeggio \*\*Am\*\*, play \*\*A Aeolian \(natural minor\)\*\* \(diatonic minor — fits most i chords\)\.␊$/,
    );
    await expect(field.locator('.tl-tag')).toHaveText(NO_COLON_TAG);
    // highlighted: its own background and border, unlike the data lines
    const look = (li: Locator) => li.evaluate((el) => getComputedStyle(el).backgroundColor + ' ' + getComputedStyle(el).borderInlineStartColor);
    expect(await look(field)).not.toBe(await look(detail.locator('[data-testid=wire] > li[data-tag=data]').first()));

    // the standard's events: the first chunk's event stops at its blank line; then F, C, G, Each, [DONE]
    const events = detail.locator('[data-testid=detail-events] > li.tl-event pre');
    await expect(events).toHaveCount(6);
    await expect(events.first()).toHaveText('Over **Am – F – C – G**, for each chord:');
    await expect(events.last()).toHaveText('[DONE]');
    // the text the user gets, and the diff: the lost line marked removed with a text label
    await expect(detail.locator('[data-testid=got]')).toHaveText(/^Over \*\*Am – F – C – G\*\*, for each chord:- \*\*F\*\*/);
    const removed = detail.locator('[data-testid=diff] del');
    await expect(removed).toHaveCount(5);
    await expect(removed.first().locator('.pd-diff-label')).toHaveText(REMOVED);
    await expect(removed.first()).toContainText('- **Am** → arpeggio **Am**');
    await expect(detail.locator('[data-testid=diff] ins')).toHaveCount(0);

    // another cell: GaChatbot.Api, standard, #743 is exact
    await cell(demo, 'gachatbot', 'standard', 'after743').click();
    await expect(chosen).toHaveAttribute('aria-pressed', 'false');
    await expect(detail.locator('.pd-detail-title')).toHaveText('GaChatbot.Api → HTML standard, chunks after #743');
    await expect(detail).toContainText(NO_DIFF);
    await expect(detail.locator('[data-testid=wire] > li[data-tag=no-colon]')).toHaveCount(0);
  });

  test('editing the answer recomputes the table and the open cell; reset and CRLF', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    await cell(demo, 'gaapi', 'chatService', 'pinned').click();
    await expect(demo.locator('.pd-detail')).toBeVisible();

    const answer = 'First line.\n\nSecond line. Third line.\n';
    await demo.locator('textarea').fill(answer);
    await expect.poll(() => shownTable(demo)).toEqual(tableFor(answer));
    const got = writerReaderTable(answer)[5]!.cells[0]!.got; // GaApi, chatService, pinned
    expect(await demo.locator('[data-testid=got]').textContent()).toBe(visible(got).replaceAll('␊', '␊\n'));

    // a reader that throws: chatService on an error event
    const error = '{"error":"boom"}';
    await demo.locator('textarea').fill(error);
    await expect.poll(() => shownTable(demo)).toEqual(tableFor(error));
    await expect(cell(demo, 'gaapi', 'chatService', 'pinned')).toHaveText('(throws) boom');
    await expect(demo.locator('[data-testid=got]')).toHaveText('(throws) boom');
    await expect(demo.locator('[data-testid=diff]')).toBeHidden();

    await demo.locator('[data-action=crlf]').click();
    await expect(demo.locator('textarea')).toHaveValue(IMPROVISATION_ANSWER.replaceAll('\n', '␍\n'));
    await expect.poll(() => shownTable(demo)).toEqual(tableFor(IMPROVISATION_ANSWER.replaceAll('\n', '\r\n')));

    await demo.locator('[data-action=reset]').click();
    await expect(demo.locator('textarea')).toHaveValue(IMPROVISATION_ANSWER);
    await expect.poll(() => shownTable(demo)).toEqual(programTable().rows);
  });

  test('keyboard only: from the answer to a cell and its details', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    await demo.locator('[data-action=reset]').focus();
    await page.keyboard.press('Tab');
    await expect(demo.locator('[data-action=crlf]')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(demo.locator('.pd-table-box')).toBeFocused();
    await page.keyboard.press('Tab');
    const first = cell(demo, 'gachatbot', 'standard', 'pinned');
    await expect(first).toBeFocused();
    expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(demo.locator('.pd-detail-title')).toHaveText('GaChatbot.Api → HTML standard, chunks at a826864');
    await expect(demo.locator('[data-testid=diff] del')).toHaveCount(5);
    // to GaApi, HTML standard, pinned: six cells on
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    const target = cell(demo, 'gaapi', 'standard', 'pinned');
    await expect(target).toBeFocused();
    await page.keyboard.press('Space');
    await expect(target).toHaveAttribute('aria-pressed', 'true');
    await expect(first).toHaveAttribute('aria-pressed', 'false');
    await expect(demo.locator('[data-testid=wire] > li[data-tag=no-colon]')).toHaveCount(1);
    await expect(target).toBeFocused(); // the focus stays on the table
  });

  // How long the demo's main-thread work takes on the megabyte is printed by `npm run bench:page`.
  test('a 1 MB answer gives the table and the open cell, shown in part', async ({ page, consoleErrors }) => {
    test.setTimeout(150_000);
    void consoleErrors;
    const demo = await open(page, locale);
    await cell(demo, 'gaapi', 'standard', 'pinned').click();
    await expect(demo.locator('[data-testid=wire] > li[data-tag=no-colon]')).toHaveCount(1);
    const big = IMPROVISATION_ANSWER.repeat(Math.ceil(1_000_000 / IMPROVISATION_ANSWER.length));
    await setAnswer(demo, big);
    await expect(demo.locator('.pd-stats')).toContainText(String(big.length), { timeout: 30_000 });
    await expect.poll(() => shownTable(demo), { timeout: 30_000 }).toEqual(tableFor(big));
    // the open cell follows, shown in part
    await expect(demo.locator('[data-testid=wire] > li')).toHaveCount(150, { timeout: 30_000 });
    await expect(demo.locator('[data-more-lines]')).not.toBeEmpty();
    await expect(demo.locator('[data-testid=diff] del').first()).toContainText('- **Am** → arpeggio **Am**');
  });

});
