// The reader playground in English: the voicing stream's three events with every line tagged,
// CR / LF / CRLF typed with the buttons and with the keys, keyboard-only use, bad input. Elsewhere:
// es/fr strings (locales.spec.ts), axe (a11y.spec.ts), 360 px (a11y.spec.ts, its light run).

import type { Locator, Page } from '@playwright/test';
import { IMPROVISATION_ANSWER, VOICING_ANSWER, writeGaChatbotEvent } from '../../lessons-code/index.ts';
import { EN, expect, lessonUrl, test, type Locale } from './fixtures.ts';

const DISPATCH_TAG = 'rule 3 · blank line: dispatches event 1';
const NO_COLON_TAG = 'rule 4 · no colon: taken for a field name, ignored';

/** Text as the demo shows it: every LF as ␊ then a real line break, every CR as ␍. */
const shown = (text: string) => text.replace(/\r|\n/g, (c) => (c === '\r' ? '␍' : '␊\n'));

async function open(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(lessonUrl(locale));
  const demo = page.locator('ga-reader-playground');
  await demo.scrollIntoViewIfNeeded();
  // generous: the page loads six demos, and test machines can be busy
  await expect(demo).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  await expect(demo.locator('[data-testid=events] > li.tl-event')).toHaveCount(3, { timeout: 15_000 });
  return demo;
}

const eventData = (demo: Locator) =>
  demo.locator('[data-testid=events] > li.tl-event pre').evaluateAll((pres) => pres.map((p) => p.textContent));
const tags = (demo: Locator) =>
  demo.locator('[data-testid=lines] > li').evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.tag));

/** Puts a stream in the box as the learner would paste it (CR shown as ␍); `input` lets the demo read it. */
async function setStream(demo: Locator, stream: string, input = true): Promise<void> {
  await demo.locator('textarea').evaluate(
    (box, [value, input]) => {
      (box as HTMLTextAreaElement).value = value as string;
      if (input) box.dispatchEvent(new Event('input', { bubbles: true }));
    },
    [stream.replaceAll('\r', '␍'), input] as const,
  );
}

const locale = EN;
test.describe(`reader playground (${locale.code})`, () => {
  test('first view: the voicing stream as the host sends it, three events, every line tagged', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    await expect(demo.locator('textarea')).toHaveValue(
      /^data: \{"type":"routing","agentId":"voicing","confidence":0\.92,/,
    );
    const data = await eventData(demo);
    expect(data[0]).toMatch(/^\{"type":"routing","agentId":"voicing",/);
    expect(data[1]).toBe(shown(VOICING_ANSWER));
    expect(data[2]).toBe('[DONE]');
    expect(await tags(demo)).toEqual(['data', 'dispatch', ...Array(10).fill('data'), 'dispatch', 'data', 'dispatch']);
    const lines = demo.locator('[data-testid=lines] > li');
    await expect(lines.nth(1).locator('.tl-tag')).toHaveText(DISPATCH_TAG);
    // every line ends with its visible LF
    expect(await lines.locator('.tl-text > .ws:last-child').allTextContents()).toEqual(Array(15).fill('␊'));
    await expect(demo.locator('[data-testid=summary]')).toContainText('15');
    await expect(demo.locator('[data-preset=voicing]')).toHaveAttribute('aria-pressed', 'true');
  });

  test('presets: GaApi’s first chunk makes the - **Am** line a field name; exercise 1 and the others', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    await demo.locator('[data-preset=gaapiChunk]').click();
    await expect.poll(() => tags(demo)).toEqual(['data', 'dispatch', 'no-colon', 'blank']);
    const field = demo.locator('[data-testid=lines] > li[data-tag=no-colon]');
    await expect(field.locator('.tl-text')).toContainText('- **Am** → arpeggio **Am**, play **A Aeolian');
    await expect(field.locator('.tl-tag')).toHaveText(NO_COLON_TAG);
    expect(await eventData(demo)).toEqual([IMPROVISATION_ANSWER.split('\n')[0]]);

    await demo.locator('[data-preset=ex1GaApi]').click();
    await expect.poll(() => tags(demo)).toEqual(['data', 'no-colon', 'dispatch']);
    expect(await eventData(demo)).toEqual(['a']);
    expect(await demo.locator('[data-testid=lines] > li').first().locator('.ws').last().textContent()).toBe('␍␊');

    await demo.locator('[data-preset=ex1GaChatbot]').click();
    await expect.poll(() => eventData(demo)).toEqual([shown('a\nb')]);

    await demo.locator('[data-preset=crOnly]').click();
    await expect.poll(() => tags(demo)).toEqual(['data', 'data', 'data', 'dispatch', 'data', 'dispatch']);
    expect(await demo.locator('[data-testid=lines] .tl-text > .ws:last-child').allTextContents()).toEqual(
      Array(6).fill('␍'),
    );

    await demo.locator('[data-preset=mixed]').click();
    await expect
      .poll(() => tags(demo))
      .toEqual([
        'comment',
        'event',
        'id',
        'retry',
        'ignored',
        'data',
        'data',
        'dispatch',
        'no-colon',
        'data',
        'unfinished',
      ]);
    await expect(demo.locator('[data-testid=lines] > li[data-discarded]')).toHaveCount(2);
    await expect(demo.locator('[data-testid=events] > li.tl-event')).toHaveCount(1);
    await expect(demo.locator('[data-testid=events] .tl-event-head')).toContainText('chord');
    await expect(demo.locator('[data-testid=events] .tl-event-head')).toContainText('42');
  });

  test('CR, LF and CRLF typed with the buttons and with the keys update the events', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    const box = demo.locator('textarea');
    const events = demo.locator('[data-testid=events] > li.tl-event');
    await demo.locator('[data-preset=ex1GaChatbot]').click();
    await expect(events).toHaveCount(1);
    await box.focus();
    await page.keyboard.press('Control+End');

    // the buttons insert at the caret and leave the focus in the box
    await page.keyboard.type('data: c');
    await demo.locator('[data-insert=insertCR]').click();
    await expect(box).toBeFocused();
    await demo.locator('[data-insert=insertCR]').click();
    await expect(events).toHaveCount(2);
    expect((await eventData(demo))[1]).toBe('c');
    await expect(box).toHaveValue(/data: c␍␍$/);

    await page.keyboard.type('data: d');
    await demo.locator('[data-insert=insertCRLF]').click();
    await demo.locator('[data-insert=insertCRLF]').click();
    await expect(events).toHaveCount(3);
    await page.keyboard.type('data: e');
    await demo.locator('[data-insert=insertLF]').click();
    await demo.locator('[data-insert=insertLF]').click();
    await expect(events).toHaveCount(4);
    await expect(box).toHaveValue(/data: d␍\n␍\ndata: e\n\n$/);

    // the keys: Shift+Enter is CR, Ctrl+Enter is CRLF, Enter is LF
    await page.keyboard.type('data: f');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.press('Shift+Enter');
    await expect(events).toHaveCount(5);
    await page.keyboard.type('data: g');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await expect(events).toHaveCount(6);
    await page.keyboard.type('data: h');
    await page.keyboard.press('Enter');
    await expect(events).toHaveCount(6); // one line end is not enough
    await page.keyboard.press('Enter');
    await expect(events).toHaveCount(7);
    await expect(box).toHaveValue(/data: f␍␍data: g␍\n␍\ndata: h\n\n$/);
    expect(await eventData(demo)).toEqual([shown('a\nb'), 'c', 'd', 'e', 'f', 'g', 'h']);
    // and the line ends show as typed
    const ends = await demo.locator('[data-testid=lines] .tl-text > .ws:last-child').allTextContents();
    expect(ends.slice(-12)).toEqual(['␍', '␍', '␍␊', '␍␊', '␊', '␊', '␍', '␍', '␍␊', '␍␊', '␊', '␊']);
  });

  test('keyboard only: presets, the insert buttons and the scroll boxes', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    await demo.locator('[data-preset=voicing]').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    await expect(demo.locator('[data-preset=ex1GaApi]')).toBeFocused();
    // the focus ring shows
    expect(await demo.locator('[data-preset=ex1GaApi]').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe(
      'none',
    );
    await page.keyboard.press('Enter');
    await expect(demo.locator('[data-preset=ex1GaApi]')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => eventData(demo)).toEqual(['a']);

    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    const box = demo.locator('textarea');
    await expect(box).toBeFocused();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('data: z');
    await page.keyboard.press('Tab');
    await expect(demo.locator('[data-insert=insertCR]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toBeFocused(); // back in the box, ready to type on
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(demo.locator('[data-insert=insertLF]')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(box).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => eventData(demo)).toEqual(['a', 'z']);
    await expect(box).toHaveValue('data: a␍\nb\n\ndata: z␍\n\n');

    // the two lists scroll in boxes that the keyboard reaches
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    await expect(demo.locator('.tl-scroll').first()).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(demo.locator('.tl-scroll').nth(1)).toBeFocused();
  });

  // How long the demo's main-thread work takes on the megabyte is printed by `npm run bench:page`.
  test('bad input: 1 MB is read and shown in part; BOM, lone surrogate, NUL, CR only and empty give a result', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await open(page, locale);
    const summary = demo.locator('[data-testid=summary]');

    test.setTimeout(120_000);
    const big = writeGaChatbotEvent(IMPROVISATION_ANSWER).repeat(
      Math.ceil(1_000_000 / writeGaChatbotEvent(IMPROVISATION_ANSWER).length),
    );
    const lineCount = big.split('\n').length - 1;
    await setStream(demo, big);
    await expect(summary).toContainText(lineCount.toLocaleString('en'), { timeout: 30_000 });
    await expect(demo.locator('[data-testid=lines] > li')).toHaveCount(150);
    await expect(demo.locator('[data-part=more-lines]')).not.toBeEmpty();
    await expect(demo.locator('[data-part=more-events]')).not.toBeEmpty();
    // and the page answers: a preset replaces the megabyte at once
    await demo.locator('[data-preset=voicing]').click();
    await expect(demo.locator('[data-testid=events] > li.tl-event')).toHaveCount(3, { timeout: 30_000 });

    await setStream(demo, '\uFEFFdata: a\n\n');
    await expect.poll(() => eventData(demo)).toEqual(['a']);
    await expect(summary).toContainText('byte order mark');

    await setStream(demo, 'data: \uD800x\n\n');
    // compared in the page: a lone surrogate does not survive the trip to the test runner
    await expect
      .poll(() =>
        demo
          .locator('[data-testid=events] > li.tl-event pre')
          .evaluateAll((pres) => pres.length === 1 && pres[0]!.textContent === '\uD800x'),
      )
      .toBe(true);

    await setStream(demo, 'data: a\0b\n\n');
    await expect.poll(() => eventData(demo)).toEqual(['a␀b']);

    await setStream(demo, 'data: a\rdata: b\r\r');
    await expect.poll(() => eventData(demo)).toEqual([shown('a\nb')]);

    await setStream(demo, '');
    await expect(demo.locator('[data-testid=events] > li.tl-event')).toHaveCount(0);
    await expect(demo.locator('[data-testid=lines] > li.note')).toHaveCount(1);
    await expect(demo.locator('[data-testid=events] > li.note')).toHaveCount(1);
  });
});
