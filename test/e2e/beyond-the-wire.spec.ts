// "Beyond the wire" (06b), in English: the cut slider and the scan (its counts are the
// ones lessons-code computes, as in the unit tests), a scan that is stopped or fails; the drop
// control, the readers' rows as the lesson's failure table has them, the client's handling of a
// truncated turn; the timeline of both hosts on one axis, the streaming host's first text first,
// Stop; each demo's first view in the page before any script; no layout shift while scrolling;
// keyboard only; no console errors. Elsewhere: the page's sections and sidebar entry
// (test/dist/pages.test.ts), es/fr strings (locales.spec.ts), axe (a11y.spec.ts), 360 px (a11y.spec.ts, its light run).
import type { Locator } from '@playwright/test';
import {
  CUT_STREAMS,
  DROP_STREAMS,
  IMPROVISATION_ANSWER,
  VOICING_ANSWER,
  scanEveryReader,
  wordPieces,
} from '../../lessons-code/index.ts';
import { firstDrop } from '../../src/widgets/stop-short/stop-short-model.ts';
import { shiftWhileScrolled } from './demo-helpers.ts';
import { EN, beyondUrl, expect, lessonUrl, readyWidget, t, test } from './fixtures.ts';

const pageUrl = beyondUrl;
const CUT = 'ga-cut-anywhere-demo';
const STOP = 'ga-stop-short-demo';
const BURST = 'ga-burst-timeline-demo';

/** The scan's counts, computed here with the same lessons-code function the unit tests use. */
const expectedCounts = Object.fromEntries(
  CUT_STREAMS.map((stream) => [
    stream.id,
    Object.fromEntries(scanEveryReader(stream.bytes).map((scan) => [scan.reader, scan.breaking.length])),
  ]),
);

const sameOf = (demo: Locator, reader: string) =>
  demo.locator(`tr[data-reader="${reader}"]`).first().getAttribute('data-same');

async function sameAll(demo: Locator): Promise<Record<string, string | null>> {
  const result: Record<string, string | null> = {};
  for (const reader of ['decodeEach', 'parseEach', 'page', 'standard']) result[reader] = await sameOf(demo, reader);
  return result;
}

const locale = EN;
test.describe(`beyond the wire (${locale.code})`, () => {
  // Behaviours that can share a page are steps of one test, on one load of the page, each step named
  // after the behaviour it checks. A step that follows others first asserts the state it starts from,
  // so that it cannot pass on what an earlier step left on screen.

  test(
    'the cut demo: first view, keyboard, a scan stopped or failing, the scan’s counts; ' + 'the stop-short demo',
    async ({ page, consoleErrors }) => {
      test.slow(); // two demos used at length, three scans, on a busy 2-core machine
      await page.goto(pageUrl(locale));
      const demo = await readyWidget(page, CUT);
      await test.step('cut demo: first view, the slider by keyboard, the number box', async () => {
        const figures = demo.locator('[data-part=figures]');
        for (const figure of ['558', '580', '682', '683']) await expect(figures).toContainText(figure);
        const slider = demo.locator('input[type=range]');
        await expect(slider).toHaveValue('17');
        await expect(slider).toHaveAttribute('max', '682');
        await expect(demo.locator('[data-part=place]')).toHaveAttribute('data-kind', 'char');
        await expect(demo.locator('[data-part=context] .cut-split-char')).toHaveText('–');
        await expect
          .poll(() => sameAll(demo))
          .toEqual({ decodeEach: 'false', parseEach: 'false', page: 'true', standard: 'true' });

        // Keyboard only: the arrow keys move the cut one byte; 19 is the next byte of the next character.
        await slider.focus();
        await page.keyboard.press('ArrowRight');
        await expect(slider).toHaveValue('18');
        await page.keyboard.press('ArrowRight');
        await expect(slider).toHaveValue('19');
        await expect(demo.locator('[data-part=place]')).not.toHaveAttribute('data-kind', 'char');
        await expect.poll(() => sameOf(demo, 'decodeEach')).toBe('true');
        await page.keyboard.press('End');
        await expect(slider).toHaveValue('682');
        await expect(demo.locator('[data-part=place]')).toHaveAttribute('data-kind', 'end');
        await expect
          .poll(() => sameAll(demo))
          .toEqual({ decodeEach: 'true', parseEach: 'true', page: 'true', standard: 'true' });
        await expect(slider).toHaveAttribute('aria-valuetext', /682/);

        // The number box: Tab to it, type a byte, the cut follows.
        await page.keyboard.press('Tab');
        await expect(demo.locator('input[type=number]')).toBeFocused();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('100');
        await expect(slider).toHaveValue('100');
        await expect.poll(() => sameOf(demo, 'parseEach')).toBe('false');
        // Out of range is clamped.
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type('99999');
        await page.keyboard.press('Enter');
        await expect(slider).toHaveValue('682');
        // The status line says what happened, in words.
        await expect(demo.locator('[data-part=status]')).toHaveText(
          t(locale, 'course.cut.announce', { count: 0, readers: 4 }),
        );
      });

      await test.step(
        'cut demo: a scan that is stopped or fails ' + 'says so and shows no result; the next one works',
        async () => {
          // no scan yet (its worker not loaded), and no console error so far: the failure below is the only one
          await expect(demo.getByTestId('scan')).toBeHidden();
          expect(consoleErrors).toEqual([]);
          const status = demo.locator('[data-part=scan-status]');
          const scan = demo.getByTestId('scan');
          // The worker never loads: the scan waits, and choosing the other stream stops it.
          let release = () => {};
          await page.route('**/compute-worker*', async (route) => {
            await new Promise<void>((resolve) => (release = resolve));
            await route.abort().catch(() => undefined); // the request may be gone with its worker
          });
          await demo.locator('[data-scan]').click();
          await expect(status).toHaveText(t(locale, 'course.cut.scanning', { cuts: 683 }));
          await demo.locator('[data-stream=crlf]').click();
          await expect(status).toHaveText(t(locale, 'course.demo.stopped'));
          await expect(scan).toBeHidden();
          release();
          await page.unroute('**/compute-worker*');
          // A worker that fails as it loads: the scan says so.
          await page.route('**/compute-worker*', (route) =>
            route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("no worker today");' }),
          );
          const logged = page.waitForEvent('console', (message) => message.type() === 'error');
          await demo.locator('[data-scan]').click();
          await expect(status).toContainText(t(locale, 'course.demo.failed', { message: '' }));
          await logged;
          await expect(scan).toBeHidden();
          await expect(scan.locator('[data-testid=count]')).toHaveCount(0);
          consoleErrors.splice(0); // the failure is logged, on purpose
          await page.unroute('**/compute-worker*');
          await demo.locator('[data-scan]').click();
          await expect(scan).toBeVisible({ timeout: 20_000 });
          await expect(scan.locator('tr[data-reader=parseEach] [data-testid=count]')).toHaveAttribute(
            'data-count',
            String(expectedCounts.crlf!.parseEach),
          );
        },
      );

      // The longest main-thread task while the scan runs is printed by `npm run bench:page`.
      await test.step('cut demo: the scan counts what the unit tests count, LF and CRLF', async () => {
        // back to the LF stream, which clears the last step's scan
        await demo.locator('[data-stream=lf]').click();
        await expect(demo.locator('[data-stream=lf]')).toHaveAttribute('aria-pressed', 'true');
        await expect(demo.getByTestId('scan')).toBeHidden();
        await expect(demo.locator('[data-part=scan-status]')).toBeEmpty();
        const scanButton = demo.locator('[data-scan]');
        await scanButton.focus();
        await page.keyboard.press('Enter');
        const scan = demo.getByTestId('scan');
        await expect(scan).toBeVisible({ timeout: 20_000 });
        const counts = async () =>
          Object.fromEntries(
            await scan
              .locator('tbody tr')
              .evaluateAll((rows) =>
                rows.map((row) => [
                  (row as HTMLElement).dataset.reader,
                  Number(row.querySelector<HTMLElement>('[data-testid=count]')!.dataset.count),
                ]),
              ),
          );
        expect(await counts()).toEqual(expectedCounts.lf);
        expect(expectedCounts.lf).toEqual({ decodeEach: 22, parseEach: 654, page: 0, standard: 0 });

        // A breaking cut in the list moves the slider there.
        const firstJump = scan.locator('tr[data-reader=decodeEach] .bw-jump').first();
        await firstJump.focus();
        await page.keyboard.press('Enter');
        await expect(demo.locator('input[type=range]')).toHaveValue('17');
        await expect(demo.locator('input[type=range]')).toBeFocused();

        // The CRLF stream: a cut between CR and LF is one of the cases.
        const crlf = demo.locator('[data-stream=crlf]');
        await crlf.focus();
        await page.keyboard.press('Enter');
        await expect(crlf).toHaveAttribute('aria-pressed', 'true');
        await expect(demo.locator('input[type=range]')).toHaveAttribute('max', '702');
        await expect(demo.getByTestId('scan')).toBeHidden();
        await expect(demo.locator('[data-part=scan-status]')).toBeEmpty();
        // The page reads nothing from it, cut or not.
        const uncutPage = await demo.locator('tr[data-reader=page] [data-testid=uncut]').textContent();
        expect(uncutPage).not.toBe(await demo.locator('tr[data-reader=standard] [data-testid=uncut]').textContent());
        await scanButton.focus();
        await page.keyboard.press('Enter');
        await expect(demo.getByTestId('scan')).toBeVisible({ timeout: 20_000 });
        expect(await counts()).toEqual(expectedCounts.crlf);
        expect(expectedCounts.crlf).toEqual({ decodeEach: 22, parseEach: 662, page: 0, standard: 0 });
        // Somewhere between a CR and its LF.
        const crlf1 = CUT_STREAMS[1]!.stream;
        const crlfCut = new TextEncoder().encode(crlf1.slice(0, crlf1.indexOf('\r\n') + 1)).length;
        await demo.locator('input[type=number]').fill(String(crlfCut));
        await expect(demo.locator('[data-part=place]')).toHaveAttribute('data-kind', 'crlf');
        await expect
          .poll(() => sameAll(demo))
          .toEqual({ decodeEach: 'true', parseEach: 'false', page: 'true', standard: 'true' });
      });

      await test.step(
        'stop-short demo: what each reader keeps, ' + 'the careful client, the retry, the failure stream',
        async () => {
          const demo = await readyWidget(page, STOP);
          const slider = demo.locator('input[type=range]');
          const [answer] = DROP_STREAMS;
          await expect(slider).toHaveValue(String(firstDrop(answer!)));
          await expect(slider).toHaveAttribute('max', String(answer!.bytes.length));
          // The unfinished event is shown and discarded; nobody saw [DONE].
          await expect(demo.getByTestId('unfinished')).toContainText('data:');
          for (const reader of ['standard', 'page', 'chatService'])
            await expect(demo.locator(`tr[data-reader=${reader}] [data-testid=done]`)).toHaveClass(/bad/);
          const careful = demo.locator('[data-part=careful-body]');
          await expect(careful).toHaveAttribute('data-status', 'truncated');
          await expect(demo.getByTestId('notice')).toBeVisible();
          await expect(demo.getByTestId('careful-history')).toHaveAttribute('data-turns', '2');
          await expect(demo.getByTestId('page-history')).toHaveAttribute('data-turns', '4');

          // Keyboard: the preset "just before [DONE]": the whole answer, still truncated.
          const beforeDone = demo.locator('[data-preset=beforeDone]');
          await beforeDone.focus();
          await page.keyboard.press('Enter');
          const doneAt = new TextEncoder().encode(
            answer!.stream.slice(0, answer!.stream.indexOf('data: [DONE]')),
          ).length;
          await expect(slider).toHaveValue(String(doneAt));
          await expect(demo.locator('tr[data-reader=standard] td').first()).toContainText(
            String(IMPROVISATION_ANSWER.length),
          );
          await expect(careful).toHaveAttribute('data-status', 'truncated');
          await expect(demo.getByTestId('careful-history')).toHaveAttribute('data-turns', '2');

          // The retry, by keyboard: this time the connection holds; the turn joins the history.
          await demo.getByTestId('retry').focus();
          await page.keyboard.press('Enter');
          await expect(careful).toHaveAttribute('data-status', 'complete');
          await expect(demo.getByTestId('careful-history')).toHaveAttribute('data-turns', '4');
          await expect(demo.getByTestId('retry')).toHaveCount(0);
          await expect(demo.getByTestId('careful-history')).toBeFocused();

          // The slider by keyboard: End is the whole stream, [DONE] included.
          await slider.focus();
          await page.keyboard.press('End');
          await expect(slider).toHaveValue(String(answer!.bytes.length));
          await expect(careful).toHaveAttribute('data-status', 'complete');
          await expect(demo.locator('tr[data-reader=standard] [data-testid=done]')).toHaveClass(/ok/);
          await page.keyboard.press('Home');
          await expect(slider).toHaveValue('0');
          await expect(careful).toHaveAttribute('data-status', 'truncated');

          // The failure stream: its error event arrives whole, and still without [DONE].
          const failure = demo.locator('[data-stream=failure]');
          await failure.focus();
          await page.keyboard.press('Enter');
          await expect(slider).toHaveAttribute('max', String(DROP_STREAMS[1]!.bytes.length));
          await expect(slider).toHaveValue(String(DROP_STREAMS[1]!.bytes.length));
          await expect(careful).toHaveAttribute('data-status', 'failed');
          await expect(demo.getByTestId('notice')).toContainText('Failed to process message. Please try again.');
          for (const reader of ['standard', 'page', 'chatService'])
            await expect(demo.locator(`tr[data-reader=${reader}] [data-testid=done]`)).toHaveClass(/bad/);
          // As in the lesson's failure table: the standard and the page keep the error event as text,
          // chatService throws; the note under the table says why, and the careful client fails the turn.
          const failed = 'Failed to process message. Please try again.';
          await expect(demo.locator('[data-part=kept-standard]')).toHaveText(`{"error":"${failed}"}`);
          await expect(demo.locator('[data-part=kept-page]')).toHaveText(`{"error":"${failed}"}`);
          await expect(demo.locator('[data-part=error-standard]')).toHaveText('—');
          await expect(demo.locator('[data-part=error-chatService]')).toHaveText(
            `${t(locale, 'course.names.throws')} ${failed}`,
          );
          await expect(demo.locator('[data-part=standard-note]')).toBeVisible();
          await expect(demo.getByTestId('page-bubble')).toContainText(`{"error":"${failed}"}`);
          await expect(demo.getByTestId('page-history')).toHaveAttribute('data-turns', '4');
          await expect(demo.getByTestId('careful-history')).toHaveAttribute('data-turns', '2');
          // Retrying fails the same way: the replica has no model server.
          await demo.getByTestId('retry').focus();
          await page.keyboard.press('Enter');
          await expect(demo.getByTestId('retried')).toHaveText(t(locale, 'course.stopShort.retriedAgain'));
          await expect(demo.getByTestId('careful-bubble')).toHaveText(t(locale, 'course.stopShort.noAnswer'));
          await expect(careful).toHaveAttribute('data-status', 'failed');
          await expect(demo.getByTestId('retry')).toBeFocused();
          // Back to the answer stream: the note goes, as it only explains the error event.
          await demo.locator('[data-stream=answer]').click();
          await expect(demo.locator('[data-part=standard-note]')).toBeHidden();

          // Exercise 3: a link to the lesson's exercises section, which exists.
          const link = demo.locator('[data-exercise] a');
          const href = await link.getAttribute('href');
          expect(href).toMatch(new RegExp(`^${lessonUrl(locale)}#.+`));
          await link.focus();
          await page.keyboard.press('Enter');
          await expect(page).toHaveURL(new RegExp(`${lessonUrl(locale)}#`));
          const id = decodeURIComponent(href!.split('#')[1]!);
          await expect(page.locator(`h2[id="${id}"]`)).toHaveCount(1);
        },
      );
    },
  );

  test('both demos’ first views are in the page before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(pageUrl(locale));
    await test.step('cut demo: the first cut and its verdicts are in the page before any script runs', async () => {
      const demo = page.locator(CUT);
      await expect(demo.locator('input[type=range]')).toHaveValue('17');
      await expect(demo.locator('[data-part=place]')).toHaveAttribute('data-kind', 'char');
      expect(await sameAll(demo)).toEqual({ decodeEach: 'false', parseEach: 'false', page: 'true', standard: 'true' });
      await expect(demo.locator('[data-part=status]')).toHaveText(
        t(locale, 'course.cut.announce', { count: 2, readers: 4 }),
      );
    });
    await test.step(
      'stop-short demo: the first drop and both ' + 'clients are in the page before any script runs',
      async () => {
        const demo = page.locator(STOP);
        await expect(demo.locator('input[type=range]')).toHaveValue(String(firstDrop(DROP_STREAMS[0]!)));
        await expect(demo.getByTestId('unfinished')).toContainText('data:');
        await expect(demo.locator('[data-part=careful-body]')).toHaveAttribute('data-status', 'truncated');
        await expect(demo.getByTestId('page-history')).toHaveAttribute('data-turns', '4');
        await expect(demo.locator('[data-part=status]')).not.toBeEmpty();
      },
    );
    await context.close();
  });

  test('the timeline demo, simulated then real; a large paste into each byte box', async ({ page }) => {
    await page.goto(pageUrl(locale));
    const demo = await readyWidget(page, BURST);
    await test.step('timeline demo: first view on a simulated clock, one axis for both hosts', async () => {
      const words = wordPieces(VOICING_ANSWER).length;
      await expect(demo.locator('[data-part=status]')).toHaveText(t(locale, 'course.burst.simulated'));
      // The model takes 1,000 ms: GA's host sends its first text when the whole answer is written,
      // the streaming host after one word.
      await expect(demo.locator('[data-part=latency]')).toHaveValue('1000');
      await expect(demo.locator('[data-part=burst-first]')).toHaveAttribute('data-ms', '1000');
      expect(Number(await demo.locator('[data-part=paced-first]').getAttribute('data-ms'))).toBeCloseTo(
        1000 / words,
        2,
      );
      await expect(demo.locator('[data-part=axis] span').last()).toHaveText('1,000');
      await expect(demo.locator('[data-mode=burst] [data-part=burst-stats]')).toHaveAttribute('data-deltas', '1');
      await expect(demo.locator('[data-mode=paced] [data-part=paced-stats]')).toHaveAttribute(
        'data-deltas',
        String(words),
      );
    });
    await test.step(
      'timeline demo: real requests, the streaming ' + 'host first; Stop ends a run and shows nothing',
      async () => {
        // still the first view's simulated run
        await expect(demo.locator('[data-part=status]')).toHaveText(t(locale, 'course.burst.simulated'));
        const burst = demo.locator('[data-mode=burst]');
        const paced = demo.locator('[data-mode=paced]');
        const stats = (column: Locator) => column.locator('ul[data-deltas]');
        const words = wordPieces(VOICING_ANSWER).length;
        // Keyboard: the shortest latency, which sends at once.
        const latency = demo.locator('[data-part=latency]');
        await latency.focus();
        await page.keyboard.press('Home');
        await expect(latency).toHaveValue('250');
        await expect(demo.locator('[data-part=status]')).toHaveText(/^First text after/, { timeout: 30_000 });
        for (const column of [burst, paced]) await expect(column).toHaveAttribute('data-state', 'done');
        // Both on one clock: the host that streams shows text before GA's host, which waits for the model.
        const burstFirst = Number(await demo.locator('[data-part=burst-first]').getAttribute('data-ms'));
        const pacedFirst = Number(await demo.locator('[data-part=paced-first]').getAttribute('data-ms'));
        expect(burstFirst).toBeGreaterThanOrEqual(250);
        expect(pacedFirst).toBeLessThan(burstFirst);
        // GA's host: headers, a silence, then every event at once; one delta, no draft, the final answer.
        await expect(stats(burst)).toHaveAttribute('data-deltas', '1');
        await expect(stats(burst)).toHaveAttribute('data-paints', '1');
        await expect(stats(burst)).toHaveAttribute('data-drafts', '0');
        const kinds = await burst
          .locator('[data-part=burst-list] li')
          .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.kind));
        expect(kinds.slice(0, 4)).toEqual(['sent', 'headers', 'gap', 'read']);
        expect(kinds[kinds.length - 1]).toBe('paint-final');
        // The streaming host: one delta per word, fewer paints than deltas.
        await expect(stats(paced)).toHaveAttribute('data-deltas', String(words));
        const paints = Number(await stats(paced).getAttribute('data-paints'));
        expect(paints).toBeGreaterThanOrEqual(1);
        expect(paints).toBeLessThan(words);
        for (const column of [burst, paced]) {
          await expect(column.locator('[data-stat=prefixes] strong')).toHaveClass(/ok/);
          await expect(column.locator('[data-stat=final] strong')).toHaveClass(/ok/);
          await expect(column.locator('.tl-bubble')).toContainText('Found 2 voicings matching chord Cmaj7:');
          await expect(column.locator('.tl-bubble pre')).toHaveCount(2);
        }

        // The longest latency, then Stop by keyboard: the run ends, says so, and shows no result.
        await latency.focus();
        await page.keyboard.press('End');
        await expect(latency).toHaveValue('4000');
        const stop = demo.locator('[data-part=stop]');
        await expect(stop).toHaveAttribute('aria-disabled', 'false');
        await stop.focus();
        await page.keyboard.press('Enter');
        await expect(demo.locator('[data-part=status]')).toHaveText(t(locale, 'course.demo.stopped'));
        await expect(stop).toHaveAttribute('aria-disabled', 'true');
        for (const column of [burst, paced]) {
          await expect(column).toHaveAttribute('data-state', '');
          await expect(column.locator('.tl-bubble')).toBeEmpty();
          await expect(column.locator('ul[data-deltas] strong').first()).toBeEmpty();
        }
        await expect(demo.locator('[data-part=burst-network] .tl-mark')).toHaveCount(0);
        // Send again: a whole new result.
        await demo.locator('[data-part=send]').click();
        await expect(paced.locator('.tl-bubble')).toContainText('Found 2 voicings', { timeout: 30_000 });
        await expect(demo.locator('[data-part=status]')).toHaveText(/^First text after/, { timeout: 30_000 });
        await expect(stats(burst)).toHaveAttribute('data-deltas', '1');
      },
    );

    // The demos' only text field is the byte box. Whatever is pasted into it, of any size
    // and line ends, the page answers, the cut stays where it was, and the next byte typed is taken.
    await test.step(
      'a paste of 64 KB of CRLF text or 1 MB of ' + 'lines into a byte box changes nothing and the page answers',
      async () => {
        const crlf = Array.from({ length: 3000 }, (_, i) => `line ${i}: the answer, cut`)
          .join('\r\n')
          .slice(0, 64 * 1024);
        const lines = Array.from({ length: 40_000 }, (_, i) => `distinct line number ${i} of the pasted text`)
          .join('\n')
          .slice(0, 1024 * 1024);
        for (const tag of [CUT, STOP]) {
          const demo = page.locator(tag);
          await demo.scrollIntoViewIfNeeded();
          await expect(demo).toHaveAttribute('data-ready', '');
          const slider = demo.locator('input[type=range]');
          const box = demo.locator('input[type=number]');
          const before = await slider.inputValue();
          const status = await demo.locator('[data-part=status]').textContent();
          for (const text of [crlf, lines]) {
            await box.focus();
            await page.keyboard.press('ControlOrMeta+a');
            await page.keyboard.insertText(text);
            await page.keyboard.press('Enter');
            await expect(box).toHaveValue(before);
            await expect(slider).toHaveValue(before);
            await expect(demo.locator('[data-part=status]')).toHaveText(status!);
          }
          // The page answers: a byte typed now is the new cut.
          await page.keyboard.press('ControlOrMeta+a');
          await page.keyboard.type('5');
          await expect(slider).toHaveValue('5');
          await expect(demo.locator('[data-part=status]')).not.toHaveText(status!);
        }
      },
    );
  });

  // The page holds still while it is read. Every demo's skeleton and first result come
  // with the page, so a demo that starts as it comes into view moves nothing.
  for (const width of [390, 1280]) {
    test(`the page holds still while it is scrolled at ${width} px: layout shift at most 0.05`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const shift = await shiftWhileScrolled(page, pageUrl(locale), [CUT, STOP, BURST]);
      console.log(`06b at ${width} px: cumulative layout shift ${shift.toFixed(4)}`);
      expect(shift).toBeLessThanOrEqual(0.05);
    });
  }
});
