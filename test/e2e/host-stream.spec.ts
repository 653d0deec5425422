// Demo 2, the host's stream: the voicing question sent to the in-page host, in English. Elsewhere:
// its section (test/dist/pages.test.ts), es/fr strings (locales.spec.ts), axe (a11y.spec.ts),
// 360 px (a11y.spec.ts, its light run).

import { EN, expect, lessonUrl, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const TAG = 'ga-host-stream-demo';

async function openDemo(page: Page, url: string) {
  await page.goto(url);
  const demo = page.locator(TAG);
  await demo.scrollIntoViewIfNeeded();
  // the demo's code loads when it comes into view; a busy machine can take a while
  await expect(demo).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  return demo;
}

const locale = EN;
test.describe(`host's stream demo (${locale.code})`, () => {
  test('first view: HTTP 200, the event-stream headers, timed pieces, three events and both checks', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    await expect(demo.locator('textarea')).toHaveValue('Show me Cmaj7 voicings');
    await expect(demo.getByTestId('status')).toHaveText('HTTP 200');
    await expect(demo.locator('.hs-headers li')).toContainText([
      'cache-control: no-cache',
      'content-type: text/event-stream',
      'x-accel-buffering: no',
    ]);

    // the body: headers first, the host's work, then three pieces together, then the end
    const kinds = await demo
      .locator('.hs-timeline > li')
      .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.kind));
    expect(kinds).toEqual(['headers', 'work', 'piece', 'piece', 'piece', 'end']);
    const times = await demo.locator('.hs-timeline .hs-at').allTextContents();
    const ms = times.map((text) => Number(text.replace(/[^\d.,]/g, '').replace(',', '.')));
    // each line shows when it happened (a figure, not judged: the order is the list's, checked above)
    expect(ms.every((value) => Number.isFinite(value))).toBe(true);
    await expect(demo.locator('.hs-timeline .hs-box').first()).toContainText(
      'data: {"type":"routing","agentId":"voicing",',
    );
    await expect(demo.locator('.hs-timeline .hs-box').nth(2)).toContainText('data: [DONE]');
    await expect(demo.getByTestId('burst')).toBeVisible();

    // the events, as the standard reads them
    await expect(demo.locator('.hs-event')).toHaveText([
      'Event 1: routing, 1 line',
      'Event 2: text, 10 lines',
      'Event 3: [DONE], 1 line',
    ]);
    await expect(demo.getByTestId('chat')).toHaveText(/HTTP 200/);
    await expect(demo.locator('[data-part=chat]')).toContainText('An answer of 199 characters:');
    await expect(demo.getByTestId('check-joined').locator('td')).toHaveText('yes (line breaks as LF)');
    await expect(demo.getByTestId('check-writer').locator('td')).toHaveText('yes');
    await expect(demo.locator('.demo-status')).toHaveText(
      'HTTP 200, 3 events. Joined text equals /chat: yes (line breaks as LF). Writer gives the host’s bytes: yes.',
    );
    // Send is the main action: styled apart from the presets
    const look = (selector: string) => demo.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await look('[data-send]')).not.toBe(await look('[data-preset=arpeggio]'));
  });

  test('editing the question updates the result: the arpeggio question gives the failure stream', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    await demo.locator('textarea').fill('which arpeggio fits Am F C G');
    await expect(demo.locator('.hs-event')).toHaveText(['Event 1: error, 1 line']);
    await expect(demo.getByTestId('status')).toHaveText('HTTP 200');
    await expect(demo.getByTestId('chat')).toContainText('HTTP 500');
    await expect(demo.getByTestId('check-joined')).toHaveCount(0);
    // another chord: the replica answers honestly that it has none
    await demo.locator('textarea').fill('Show me Dm7 voicings');
    await expect(demo.locator('.hs-event').nth(1)).toHaveText('Event 2: text, 1 line');
    await expect(demo.getByTestId('check-writer').locator('td')).toHaveText('yes');
    // blank: the host's 400
    await demo.locator('textarea').fill('   ');
    await expect(demo.getByTestId('status')).toHaveText('HTTP 400');
  });

  test('keyboard only: presets, Send again and the scroll boxes', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    const box = demo.locator('textarea');
    await box.focus();
    await page.keyboard.press('Tab'); // voicing preset
    await page.keyboard.press('Tab'); // arpeggio preset
    await expect(demo.locator('[data-preset="arpeggio"]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box).toHaveValue('which arpeggio fits Am F C G');
    await expect(demo.locator('[data-preset="arpeggio"]')).toHaveAttribute('aria-pressed', 'true');
    await expect(demo.locator('.hs-event')).toHaveText([/error/]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(demo.locator('.hs-event')).toHaveCount(3);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(demo.locator('[data-send]')).toBeFocused();
    const before = await demo.locator('.hs-timeline .hs-box').first().textContent();
    await page.keyboard.press('Enter');
    // a new request: a new trace id in the routing event
    await expect.poll(() => demo.locator('.hs-timeline .hs-box').first().textContent()).not.toBe(before);
    // the first scroll box is reachable by Tab and has a name
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveClass(/hs-box/);
    await expect(focused).toHaveAttribute('aria-label', /.+/);
    // a focused box scrolls with the arrow keys
    await page.keyboard.press('ArrowRight');
    await expect(demo.locator('.hs-box').first()).toBeVisible();
  });

  // How long the demo's main-thread work takes on the megabyte is printed by `npm run bench:page`.
  test('a 1 MB question gets the 400, shown clearly, and Send works again', async ({ page, consoleErrors }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    const box = demo.locator('textarea');
    // The megabyte goes into the box first and the browser lays it out (its own cost, the same
    // for any text box); then the input event starts the demo's work, which is what is measured.
    await box.evaluate(async (el: HTMLTextAreaElement) => {
      el.value = 'Show me Cmaj7 voicings '.repeat(45_600);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    // The input event is sent from inside the page: no Playwright hit test on the megabyte box.
    await demo.evaluate((root) => root.querySelector('textarea')!.dispatchEvent(new Event('input', { bubbles: true })));
    await expect(demo.getByTestId('status')).toHaveText('HTTP 400', { timeout: 30_000 });
    // The replica's limit, 65,536 bytes, as the sentence names it.
    await expect(demo.getByTestId('refused')).toContainText(/64[\s\u202f\u00a0]KiB/);
    await expect(demo.getByTestId('chat')).toContainText('HTTP 400');
    await expect(demo.getByTestId('check-joined')).toHaveCount(0);
    // Send again, with the megabyte still in the box: a new answer replaces the old one.
    await demo.evaluate((root) => {
      root.querySelector('[data-testid="status"]')!.setAttribute('data-old', '');
      root.querySelector<HTMLButtonElement>('[data-send]')!.click();
    });
    await expect(demo.locator('[data-testid="status"]:not([data-old])')).toHaveText('HTTP 400', { timeout: 30_000 });
  });

  test('lone surrogates, NUL, a BOM and a CR-only line end in the question still get an answer', async ({
    page,
    consoleErrors,
  }) => {
    void consoleErrors;
    const demo = await openDemo(page, lessonUrl(locale));
    await demo.locator('textarea').evaluate((el: HTMLTextAreaElement) => {
      el.value = '\uFEFFShow me\rCmaj7 voicings \uD800\0 \uDC00';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(demo.getByTestId('check-writer').locator('td')).toHaveText('yes');
    await expect(demo.locator('.hs-event').nth(1)).toHaveText('Event 2: text, 10 lines');
  });
});
