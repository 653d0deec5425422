// Demo 3, the failure: the arpeggio question with no model server, the readers, and the GaChatbot
// page's bubble and history, in English. Elsewhere: its section (test/dist/pages.test.ts), es/fr
// strings (locales.spec.ts), axe (a11y.spec.ts), 360 px (a11y.spec.ts, its light run).

import { readFailure, FAILURE_STREAM } from '../../lessons-code/index.ts';
import { strings } from './demo-helpers.ts';
import { EN, expect, lessonUrl, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const TAG = 'ga-failure-demo';
const QUESTION = 'which arpeggio fits Am F C G';
const ERROR_JSON = '{"error":"Failed to process message. Please try again."}';

const tr = strings('en');

/** The failure table's rows: what lessons-code's readers give on the failure stream, the reader named in English. */
function expectedReaderRows(): string[][] {
  const names = ['standard', 'page', 'chatService'];
  return readFailure(FAILURE_STREAM).map((row, i) => [tr(`names.reader.${names[i]}`), row.result]);
}

async function openDemo(page: Page, url: string) {
  await page.goto(url);
  const demo = page.locator(TAG);
  await demo.scrollIntoViewIfNeeded();
  // the demo's code loads when it comes into view; a busy machine can take a while
  await expect(demo).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  return demo;
}

async function history(page: Page): Promise<{ role: string; content: string }[]> {
  const text = await page.locator(TAG).getByTestId('history').textContent();
  return (JSON.parse(text ?? '{}') as { conversationHistory: { role: string; content: string }[] }).conversationHistory;
}

const bubbles = (page: Page) =>
  page.locator(`${TAG} .fd-bubble`).evaluateAll((nodes) =>
    nodes.map((node) => ({
      role: (node as HTMLElement).dataset.role,
      text: node.querySelector('[data-testid="bubble-text"]')?.textContent?.trim(),
    })),
  );

const locale = EN;
test.describe(`failure demo (${locale.code})`, () => {
  test('first view: 500 against 200, the error event, the failure table, the bubble and the history', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    const requests = demo.getByTestId('requests');
    await expect(requests.locator('dt')).toHaveText(['POST /api/chatbot/chat', 'POST /api/chatbot/chat/stream']);
    await expect(requests.locator('dd[data-path="/api/chatbot/chat"] [data-cell="status"]')).toHaveText('HTTP 500');
    await expect(requests.locator('dd[data-path="/api/chatbot/chat"] [data-cell="type"]')).toHaveText(
      /^application\/problem\+json/,
    );
    await expect(requests.locator('dd[data-path="/api/chatbot/chat/stream"] [data-cell="status"]')).toHaveText(
      'HTTP 200',
    );
    await expect(requests.locator('dd[data-path="/api/chatbot/chat/stream"] [data-cell="type"]')).toHaveText(
      'text/event-stream',
    );
    expect(await demo.getByTestId('stream').evaluate((el) => el.textContent)).toBe(`data: ${ERROR_JSON}␊\n␊\n`);
    await expect(demo.locator('.fd-events li')).toHaveText(['Event 1: error, 1 line']);

    const rows = await demo
      .getByTestId('readers')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
      );
    expect(rows).toEqual(expectedReaderRows());

    expect(await bubbles(page)).toEqual([
      { role: 'user', text: QUESTION },
      { role: 'assistant', text: ERROR_JSON },
    ]);
    expect(await history(page)).toEqual([
      { role: 'user', content: QUESTION },
      { role: 'assistant', content: ERROR_JSON },
    ]);
  });

  test('sending another message carries the error back in the history', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    await demo.locator('textarea').fill('Show me Cmaj7 voicings');
    await demo.locator('[data-send]').click();
    await expect(demo.locator('.fd-bubble')).toHaveCount(4);
    await expect(demo.locator('textarea')).toHaveValue('');
    const shown = await bubbles(page);
    expect(shown[3]!.text).toContain('Found 2 voicings matching chord Cmaj7:');
    await expect(demo.locator('.fd-bubble').nth(3).locator('.fd-meta')).toHaveText(
      'voicing via deterministic-voicing-guard',
    );
    const turns = await history(page);
    expect(turns).toHaveLength(4);
    expect(turns[1]).toEqual({ role: 'assistant', content: ERROR_JSON });
    expect(turns[2]).toEqual({ role: 'user', content: 'Show me Cmaj7 voicings' });
    // Start over: a fresh page, the arpeggio question sent again
    await demo.locator('[data-reset]').click();
    await expect(demo.locator('.fd-bubble')).toHaveCount(2);
    expect(await history(page)).toHaveLength(2);
  });

  test('keyboard only: an example, Send, and a blank message', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    const box = demo.locator('textarea');
    await box.focus();
    await page.keyboard.press('Tab');
    await expect(demo.locator('[data-send]')).toBeFocused();
    await page.keyboard.press('Enter'); // blank: the page sends nothing
    await expect(demo.locator('[data-status]')).not.toBeEmpty();
    await expect(demo.locator('.fd-bubble')).toHaveCount(2);
    await page.keyboard.press('Tab');
    await expect(demo.locator('.fd-example').first()).toBeFocused();
    // an example sends at once, as the host demo's do
    await page.keyboard.press('Enter');
    await expect(demo.locator('.fd-bubble')).toHaveCount(4);
    await expect(demo.locator('.fd-bubble').nth(3)).toContainText('Found 2 voicings');
    await expect(demo.locator('.demo-status')).toHaveText(
      `${tr('failure.pushed')} ${tr('failure.announce', { pushed: '', turns: '4 turns' }).trim()}`,
    );
    expect(await history(page)).toHaveLength(4);
    // Send is the main action: styled apart from the other buttons
    const look = (selector: string) =>
      demo
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await look('[data-send]')).not.toBe(await look('[data-reset]'));
  });

  // How long the demo's main-thread work takes on the megabyte is printed by `npm run bench:page`.
  test('a 1 MB message: Request failed with the 400, nothing saved', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    // The megabyte goes into the box and Send is clicked from inside the page (no Playwright hit
    // test on the megabyte box).
    await demo.evaluate((root) => {
      root.querySelector('textarea')!.value = 'which arpeggio fits Am F C G '.repeat(36_000);
      root.querySelector<HTMLButtonElement>('[data-send]')!.click();
    });
    await expect(demo.locator('.fd-bubble')).toHaveCount(4, { timeout: 30_000 });
    const shown = await bubbles(page);
    expect(shown[2]!.text!.length).toBeLessThan(2100); // the user's bubble shows the start only
    expect(shown[3]!.text).toMatch(/^Request failed: \{.*"status":400/);
    await expect(demo.locator('[data-status]')).toHaveText(tr('failure.tooBig', { limit: 65_536 }));
    expect(await history(page)).toHaveLength(2);
  });

  test('lone surrogates, NUL and CR-only line ends in a message are sent and kept', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    const message = '\uFEFFShow me\rCmaj7 voicings \uD800\0';
    await demo.locator('textarea').evaluate((el: HTMLTextAreaElement, value) => {
      el.value = value;
    }, message);
    await demo.locator('[data-send]').click();
    await expect(demo.locator('.fd-bubble')).toHaveCount(4);
    const turns = await history(page);
    expect(turns[2]!.content).toBe(message.trim().replace(/\r/g, '\n')); // a text box keeps line ends as LF
    expect(turns[3]!.content).toContain('Found 2 voicings');
  });
});
