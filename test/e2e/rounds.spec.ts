// "One streamed call per round" (06d), in English: the two harnesses against the replica in the
// page (calls and tokens as lessons-code counts them on a fake clock; a probe thrown away on one
// side only), the four details with their naive failures, and Stop: the replica's own count of
// generated tokens stops growing, the turn is billed once in finally and not at all after the loop,
// and the stopped answer is saved, marked stopped. Elsewhere: the page's output blocks and strings
// (test/dist/rounds-page.test.ts), es/fr (locales.spec.ts), axe (a11y.spec.ts), 360 px (a11y.spec.ts, its light run).

import type { Locator, Page } from '@playwright/test';
import {
  CAPABILITIES_QUESTION,
  DROP2_ANSWER,
  GREETING_ANSWER,
  HELLO_QUESTION,
  VOICINGS_QUESTION,
  textTokens,
} from '../../lessons-code/index.ts';
import { simulateTurns } from '../../src/widgets/rounds-timeline/rounds-timeline-model.ts';
import { shiftWhileScrolled } from './demo-helpers.ts';
import { EN, expect, readyWidget, roundsUrl, t, test } from './fixtures.ts';

const TIMELINE = 'ga-rounds-timeline';
const DETAILS = 'ga-rounds-details';
const STOP = 'ga-rounds-stop';

const figure = (demo: Locator, harness: string, name: string) =>
  demo.locator(`td[data-harness="${harness}"][data-figure="${name}"]`);
const number = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function open(page: Page, tag: string): Promise<Locator> {
  await page.goto(roundsUrl(EN));
  return readyWidget(page, tag);
}

test.describe('one streamed call per round (en)', () => {
  test(
    'timeline: both harnesses on one replica; calls and tokens as lessons-code ' +
      'counts them, a probe thrown away on one side only',
    async ({ page }) => {
      const demo = await open(page, TIMELINE);
      const run = demo.locator('[data-part=run]');
      for (const [i, question] of [HELLO_QUESTION, CAPABILITIES_QUESTION, VOICINGS_QUESTION].entries()) {
        await test.step(question, async () => {
          const expected = await simulateTurns(question);
          await demo.locator('input[type=radio]').nth(i).check();
          if (i > 0) await expect(demo).toHaveAttribute('data-state', 'done'); // its simulated view first
          await run.click();
          // While the turns run, the button is Stop.
          await expect(run).toHaveAttribute('data-running', 'true');
          await expect(run).toHaveText(t(EN, 'course.roundsTimeline.stop'));
          await expect(run).toHaveAttribute('data-running', 'false', { timeout: 60_000 });
          await expect(demo).toHaveAttribute('data-state', 'done');
          await expect(run).toHaveText(t(EN, 'course.roundsTimeline.run'));
          for (const harness of ['poll-then-stream', 'stream-every-round'] as const) {
            const state = expected[harness];
            await expect(figure(demo, harness, 'calls')).toHaveText(String(state.calls));
            await expect(figure(demo, harness, 'input')).toHaveText(state.inputTokens.toLocaleString('en'));
            await expect(figure(demo, harness, 'output')).toHaveText(state.outputTokens.toLocaleString('en'));
            expect(number(await figure(demo, harness, 'first').textContent())).toBeGreaterThan(0);
            // Both users end up with the same answer; only how long they waited differs.
            await expect(demo.locator(`[data-part="bubble-${harness}"]`)).toContainText(
              question === HELLO_QUESTION
                ? 'Hello! I am the Guitar Alchemist assistant'
                : question === CAPABILITIES_QUESTION
                  ? 'I can look up voicings'
                  : 'Cmaj7',
            );
          }
          // The probe whose answer is thrown away: once on the probing side, never on the other.
          await expect(demo.locator('[data-part="track-poll-then-stream"] .rt-discarded')).toHaveCount(1);
          await expect(demo.locator('[data-part="track-stream-every-round"] .rt-discarded')).toHaveCount(0);
          await expect(demo.locator('[data-part="track-poll-then-stream"] .rt-tool')).toHaveCount(
            question === VOICINGS_QUESTION ? 2 : 0,
          );
          await expect(demo.locator('[data-part=status]')).toContainText(
            `Model calls: ${expected['poll-then-stream'].calls} to poll then stream, ` +
              `${expected['stream-every-round'].calls} to stream every round`,
          );
        });
      }
      expect(number(await figure(demo, 'poll-then-stream', 'calls').textContent())).toBe(3);
    },
  );

  test('timeline: Stop ends both turns and shows no result', async ({ page }) => {
    const demo = await open(page, TIMELINE);
    const run = demo.locator('[data-part=run]');
    await demo.locator('input[type=radio]').nth(2).check();
    await expect(demo).toHaveAttribute('data-state', 'done');
    await run.click();
    await expect(run).toHaveAttribute('data-running', 'true');
    await run.click();
    await expect(demo).toHaveAttribute('data-state', 'stopped', { timeout: 30_000 });
    await expect(demo.locator('[data-part=status]')).toHaveText(t(EN, 'course.demo.stopped'));
    await expect(figure(demo, 'poll-then-stream', 'calls')).toHaveText('');
  });

  test('the four details: each careful reading beside its naive failure, inputs and keyboard', async ({ page }) => {
    const demo = await open(page, DETAILS);
    const tab = (i: number) => demo.getByRole('tab').nth(i);
    const panel = (name: string) => demo.locator(`[role=tabpanel][data-detail="${name}"]`);

    await test.step('tool calls by index', async () => {
      await expect(panel('fragments')).toBeVisible();
      await expect(demo.locator('[data-part=byIndex] > li')).toHaveCount(2);
      await expect(demo.locator('[data-part=byPosition] > li')).toHaveCount(1);
      await expect(demo.locator('[data-part="byIndex-verdict"]')).toHaveClass(/\bok\b/);
      await expect(demo.locator('[data-part="byPosition-verdict"]')).toHaveText(
        '1 call instead of 2, with arguments that are not JSON.',
      );
      await expect(demo.locator('[data-part=fragments] > span.rd-i1')).toHaveCount(8);
      // One call after the other: still one call by position, the first index's fragments now first.
      await demo.getByLabel(t(EN, 'course.roundsDetails.order.sequential')).check();
      await expect(demo.locator('[data-part=fragments] > span').nth(1)).toHaveClass('rd-i0');
      await expect(demo.locator('[data-part=byPosition] > li')).toHaveCount(1);
      await expect(demo.locator('[data-part=byIndex] > li').first()).toContainText('"Cmaj7"');
    });

    await test.step('keyboard: the arrows move between tabs', async () => {
      await tab(0).focus();
      await page.keyboard.press('ArrowRight');
      await expect(tab(1)).toBeFocused();
      await expect(tab(1)).toHaveAttribute('aria-selected', 'true');
      await expect(panel('finish')).toBeVisible();
      await expect(panel('fragments')).toBeHidden();
      await page.keyboard.press('End');
      await expect(tab(3)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(tab(0)).toHaveAttribute('aria-selected', 'true');
    });

    await test.step('finish_reason: cut or complete, and the naive reading never knows', async () => {
      await tab(1).click();
      const limit = demo.locator('[data-part=limit]');
      await expect(demo.locator('[data-part=finish-careful]')).toHaveText(
        'finish_reason is length: the answer was cut after 12 tokens. Tell the user.',
      );
      await expect(demo.locator('[data-part=finish-naive]')).toHaveClass(/\bbad\b/);
      await limit.focus();
      await page.keyboard.press('End');
      await expect(demo.locator('[data-part=limit-value]')).toHaveText('40');
      await expect(demo.locator('[data-part=finish-careful]')).toHaveText(
        'finish_reason is stop: the answer is complete.',
      );
      await expect(demo.locator('[data-part=finish-naive]')).toHaveText(t(EN, 'course.roundsDetails.finishUnseenLuck'));
      await page.keyboard.press('Home');
      await expect(demo.locator('[data-part=limit-value]')).toHaveText('1');
      await expect(demo.locator('[data-part=finish-careful]')).toHaveText(
        'finish_reason is length: the answer was cut after 1 token. Tell the user.',
      );
      await expect(demo.locator('[data-part=received]')).toHaveText(textTokens('I can look')[0]!);
    });

    await test.step('usage: the naive reading throws on the chunk without choices', async () => {
      await tab(2).click();
      await expect(demo.locator('[data-part=usage-careful]')).toHaveText('Usage: 153 tokens in, 30 out.');
      await expect(demo.locator('[data-part=usage-naive]')).toHaveClass(/\bbad\b/);
      await expect(demo.locator('[data-part=usage-error]')).toContainText('TypeError');
      await demo.locator('[data-part=include-usage]').uncheck();
      await expect(demo.locator('[data-part=usage-careful]')).toHaveText(t(EN, 'course.roundsDetails.noUsage'));
      await expect(demo.locator('[data-part=usage-naive]')).toHaveClass(/\bok\b/);
      await expect(demo.locator('[data-part=usage-error]')).toHaveText('');
      await expect(demo.locator('[data-part=tail]')).not.toContainText('usage');
    });

    await test.step('a paragraph between rounds', async () => {
      await tab(3).click();
      await expect(demo.locator('[data-part=bubble-joined] > p')).toHaveCount(2);
      await expect(demo.locator('[data-part=bubble-asTheyCome] > p').first()).toContainText('index.Here is');
      await expect(demo.locator('[data-part=seam-joined] .ws')).toHaveCount(2);
    });
  });

  test(
    'stop: the replica stops generating; billed once in finally, not at all after ' +
      'the loop; the answer saved as seen, marked stopped',
    async ({ page }) => {
      const demo = await open(page, STOP);
      const send = demo.locator('[data-part=send]');
      const replica = demo.locator('[data-part=replica]');
      const rows = demo.locator('tr[data-turn]');
      const planned = textTokens(DROP2_ANSWER).length;

      await send.click();
      await expect(send).toHaveText(t(EN, 'course.roundsStop.stop'));
      await expect(send).toBeFocused();
      await expect(replica).toHaveAttribute('data-generation', 'generating', { timeout: 30_000 });
      await expect
        .poll(async () => Number(await replica.getAttribute('data-generated')), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5);
      await send.click(); // Stop
      await expect(replica).toHaveAttribute('data-generation', 'stopped');
      await expect(demo).toHaveAttribute('data-state', 'stopped');
      await expect(send).toHaveText(t(EN, 'course.roundsStop.send'));
      const generated = Number(await replica.getAttribute('data-generated'));
      expect(generated).toBeLessThan(planned);
      const first = rows.nth(0).locator('td');
      // The turn's row follows the replica's count for that turn for as long as the page lives.
      await expect(rows.nth(0)).toHaveAttribute('data-generated', String(generated));
      await expect(first.nth(2)).toHaveText(`${generated} tokens generated out of ${planned}, stopped`);
      const billed = /^(\d+) tokens in, (\d+) out$/.exec((await first.nth(3).textContent()) ?? '');
      expect(billed, 'billed once, input and output').not.toBeNull();
      expect(Number(billed![2])).toBeGreaterThan(0);
      expect(Number(billed![2])).toBeLessThanOrEqual(generated);
      await expect(first.nth(4)).toContainText('stopped, ');
      await expect(demo.locator('[data-part=mark]')).toHaveText(t(EN, 'course.roundsStop.mark.stopped'));
      const shown = ((await demo.locator('[data-part=bubble]').textContent()) ?? '').trim();
      expect(DROP2_ANSWER.startsWith(shown)).toBe(true);
      expect(shown.length).toBeGreaterThan(0);

      // The naive billing, stopped with Esc. Meanwhile the first turn's count stays where it stopped:
      // the replica generated the second turn's tokens, not one more of the first.
      await demo.getByLabel(t(EN, 'course.roundsStop.billIn.after-the-loop')).check();
      await send.click();
      // The second turn's own row (the replica's line still shows the first turn until the call opens).
      await expect
        .poll(async () => Number(await rows.nth(1).getAttribute('data-generated')), { timeout: 30_000 })
        .toBeGreaterThanOrEqual(5);
      await page.keyboard.press('Escape');
      await expect(demo).toHaveAttribute('data-state', 'stopped');
      await expect(rows).toHaveCount(2);
      // The second turn took the replica's real time, token after token; the first turn's count,
      // live in its row, did not move in all that time: its generation really ended at Stop.
      await expect(rows.nth(1)).toHaveAttribute('data-generated', /^([5-9]|\d{2,})$/);
      await expect(rows.nth(0)).toHaveAttribute('data-generated', String(generated));
      await expect(first.nth(2)).toHaveText(`${generated} tokens generated out of ${planned}, stopped`);
      const second = rows.nth(1).locator('td');
      await expect(second.nth(3)).toHaveText(t(EN, 'course.roundsStop.billedNothing'));
      await expect(second.nth(4)).toContainText('stopped, ');
      await expect(demo.locator('[data-part=status]')).toContainText('nothing was billed');

      // A complete turn, billed in finally: once, every token.
      await demo.getByLabel(t(EN, 'course.roundsStop.billIn.finally')).check();
      await demo.locator('[data-part=message]').fill(HELLO_QUESTION);
      await send.click();
      await expect(demo).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
      const third = rows.nth(2).locator('td');
      await expect(third.nth(3)).toHaveText(`153 tokens in, ${textTokens(GREETING_ANSWER).length} out`);
      await expect(third.nth(4)).toHaveText(`complete, ${GREETING_ANSWER.length} characters`);

      // Nothing typed: the page says so and sends nothing.
      await demo.locator('[data-part=message]').fill('  ');
      await send.click();
      await expect(demo.locator('[data-part=status]')).toHaveText(t(EN, 'course.roundsStop.emptyQuestion'));
      await expect(rows).toHaveCount(3);
    },
  );
});

// The page holds still while it is read: every demo's skeleton and first result come with the
// page, so a demo that starts as it comes into view moves nothing (as 06b's test measures it).
for (const width of [390, 1280]) {
  test(`06d holds still while it is scrolled at ${width} px: layout shift at most 0.05`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const shift = await shiftWhileScrolled(page, roundsUrl(EN), [TIMELINE, DETAILS, STOP]);
    console.log(`06d at ${width} px: cumulative layout shift ${shift.toFixed(4)}`);
    expect(shift).toBeLessThanOrEqual(0.05);
  });
}
