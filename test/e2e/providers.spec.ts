// The 06c page ("From the model's events to the text on screen"), in English: the player plays each
// provider's recording through the layers and ends complete, cut or "complete as far as the reader
// can tell"; the reasoning is open while the model writes and folded at the end; a cut turn keeps
// nothing and Try again plays the whole recording from an empty draft; a failed turn (a provider's
// error mid-answer) keeps nothing either, and its notice quotes the provider's words; a turn stopped
// at the token limit keeps its answer, marked; a refused one keeps nothing and offers no retry;
// the sentence policy changes only what the bubble shows; the cut demo's slider, keyboard and
// scan, whose counts are lessons-code's. What the page shows is what lessons-code computes for the
// same reads (computed here, in Node). Elsewhere: es/fr strings (locales.spec.ts), axe
// (a11y.spec.ts), 360 px (a11y.spec.ts, its light run), the first state without scripts (test/dist/).

import type { Locator, Page } from '@playwright/test';
import {
  FAILED_RECORDINGS,
  OPENAI_REFUSAL,
  PROVIDER_ANSWER,
  PROVIDER_CUT_READERS,
  PROVIDER_REASONING,
  applySentencePolicy,
  cutProviderRecording,
  describeProviderCut,
  readProviderPieces,
  recordingById,
  scanProviderCuts,
  splitReads,
} from '../../lessons-code/index.ts';
import { firstProviderCut, playerSource, verdictName } from '../../src/widgets/shared/provider-model.ts';
import { EN, expect, modelStreamUrl, readyWidget, t, test } from './fixtures.ts';

const PLAYER = 'ga-provider-stream-demo';

async function openPlayer(page: Page): Promise<Locator> {
  await page.goto(modelStreamUrl(EN));
  return readyWidget(page, PLAYER);
}

/**
 * Opens the player and plays one of a provider's recordings (`value`, as the recording select names it) at the fast
 * pace, to its end.
 */
async function playToEnd(
  page: Page,
  provider: string,
  value: string,
  state: 'cut' | 'failed' | 'token-limit' | 'refused',
): Promise<Locator> {
  const player = await openPlayer(page);
  await player.locator('[data-part=pace]').selectOption('fast');
  await player.locator(`[data-provider=${provider}]`).click();
  await player.locator('[data-part=recording]').selectOption(value);
  await player.locator('[data-part=play]').click();
  await expect(player).toHaveAttribute('data-state', state, { timeout: 60_000 });
  return player;
}

type Watched = HTMLElement & { courseSeen?: { paused: boolean; reasoningOpened: boolean } };

/**
 * From now until the player's next end: whether its Play button ever said Pause, and whether its
 * reasoning block ever opened (the returned function reads both).
 */
async function watchWhilePlaying(player: Locator): Promise<() => Promise<Watched['courseSeen']>> {
  await player.evaluate(
    (el: Watched, pause) => {
      const seen = { paused: false, reasoningOpened: false };
      el.courseSeen = seen;
      const play = el.querySelector('[data-part=play]')!;
      const box = el.querySelector<HTMLDetailsElement>('[data-part=reasoning-box]')!;
      const note = () => {
        if (play.textContent === pause) seen.paused = true;
        if (box.open) seen.reasoningOpened = true;
      };
      new MutationObserver(note).observe(el, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    t(EN, 'course.providers.pause'),
  );
  return () => player.evaluate((el: Watched) => el.courseSeen);
}

/** Clicks Next read `n` times, waiting each time for the progress line to move. */
async function stepTimes(player: Locator, n: number, total: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await player.locator('[data-part=step]').click();
    await expect(player.locator('[data-part=progress]')).toHaveText(
      t(EN, 'course.providers.progress', { at: i, total }),
    );
  }
}

test(
  'the player: each provider’s recording, played to its closing event; the ' +
    'reasoning open while the model writes, folded at the end',
  async ({ page }) => {
    test.slow(); // three recordings played through on a busy machine
    const player = await openPlayer(page);
    const reasoningBox = player.locator('[data-part=reasoning-box]');
    await player.locator('[data-part=pace]').selectOption('fast');
    const closing = {
      openai: 'response.completed',
      anthropic: 'message_stop, end_turn',
      gemini: 'finishReason, STOP',
    } as const;
    for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
      await test.step(provider, async () => {
        if (provider !== 'openai') await player.locator(`[data-provider=${provider}]`).click();
        await expect(player.locator('[data-part=status]')).toHaveText(t(EN, 'course.providers.state.idle'));
        // What happens while it plays is noted by the page as it happens (at the fast pace a busy
        // machine may poll only after the end): the button says Pause, the reasoning block opens.
        const during = await watchWhilePlaying(player);
        await player.locator('[data-part=play]').click();
        await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
        expect(await during()).toEqual({ paused: true, reasoningOpened: true });
        await expect(reasoningBox).not.toHaveAttribute('open', '');
        await expect(player.locator('[data-part=status]')).toHaveText(
          t(EN, 'course.providers.state.complete', { event: closing[provider] }),
        );
        await expect(player.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
        await expect(player.locator('[data-part=reasoning]')).toHaveText(PROVIDER_REASONING);
        await expect(player.locator('[data-part=kept]')).toHaveText(
          t(EN, 'course.providers.keptAll_other', { count: [...PROVIDER_ANSWER].length }),
        );
        await expect(player.locator('[data-part=play]')).toHaveText(t(EN, 'course.providers.play'));
        await expect(player.locator('[data-part=step]')).toBeDisabled();
      });
    }
    // Opened again after the end, it stays open.
    await reasoningBox.locator('summary').click();
    await expect(reasoningBox).toHaveAttribute('open', '');
  },
);

test(
  'the player: a cut turn keeps nothing and says so; Try again plays the whole ' +
    'recording from an empty draft; a repeated finishReason hides the cut',
  async ({ page }) => {
    test.slow();
    const player = await playToEnd(page, 'anthropic', 'anthropic:cut', 'cut');
    await expect(player.locator('[data-part=status]')).toHaveText(t(EN, 'course.providers.state.cut'));
    await expect(player.locator('[data-part=answer]')).toBeHidden();
    await expect(player.locator('[data-part=cut-notice]')).toContainText(t(EN, 'course.providers.cutNotice'));
    await expect(player.locator('[data-part=kept]')).toHaveText(t(EN, 'course.providers.keptNothing'));
    // The text layer keeps the last read's text, then what the decoder made of the character
    // whose last byte never came: U+FFFD; the bytes layer says why.
    await expect(player.locator('[data-part=text]')).toContainText('content_block_delta');
    await expect(player.locator('[data-part=text]')).toHaveText(/\uFFFD$/);
    await expect(player.locator('[data-part=bytes-split]')).toHaveText(
      t(EN, 'course.providers.bytes.endsInside#before_other', { before: 2 }),
    );
    // The events layer shows the last events that came: the closing one is not among them.
    await expect(player.locator('[data-part=events]')).not.toContainText('message_stop');

    await player.locator('[data-part=retry]').click();
    await expect(player.locator('[data-part=recording]')).toHaveValue('anthropic');
    await expect(player.locator('[data-part=cut-notice]')).toBeHidden();
    await expect(player.locator('[data-part=play]')).toBeFocused();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(player.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);

    // Gemini's variant with finishReason on every chunk: cut, it still looks closed, and the page says why.
    await player.locator('[data-provider=gemini]').click();
    await player.locator('[data-part=recording]').selectOption('gemini-repeated-finish:cut');
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(player.locator('[data-part=status]')).toHaveText(
      t(EN, 'course.providers.state.lookedClosed', { event: 'finishReason, STOP' }),
    );
    const shown = await player.locator('[data-part=answer]').textContent();
    expect(PROVIDER_ANSWER.startsWith(shown!)).toBe(true);
    expect(shown!.length).toBeLessThan(PROVIDER_ANSWER.length);
  },
);

test(
  'the player: a provider that fails mid-answer; the notice quotes its words, the ' +
    'half answer is not kept; Try again plays the whole recording',
  async ({ page }) => {
    // Gemini's failed copy: two events, then its error object, bare after the last one (the shortest of the three to
    // play).
    const failed = FAILED_RECORDINGS.find((f) => f.provider === 'gemini')!;
    const result = readProviderPieces('gemini', [failed.bytes]);
    const player = await playToEnd(page, 'gemini', 'gemini:failed', 'failed');
    await expect(player.locator('[data-part=status]')).toHaveText(
      t(EN, 'course.providers.state.failed', { event: verdictName(result.ending) }),
    );
    // The events layer lists the bare error after the last event, as a failure.
    await expect(player.locator('[data-part=events] li').last()).toContainText('error UNAVAILABLE (bare JSON)');
    // The answer so far is not kept: the bubble gives way to the notice.
    expect(result.answer.length).toBeGreaterThan(20);
    await expect(player.locator('[data-part=answer]')).toBeHidden();
    const notice = player.locator('[data-part=cut-notice]');
    await expect(notice).toBeVisible();
    await expect(notice.locator('[data-part=failed-text]')).toContainText(t(EN, 'course.providers.failedNotice'));
    await expect(notice.locator('[data-part=failure-message]')).toHaveText(failed.message);
    await expect(notice.locator('[data-part=cut-text]')).toBeHidden();
    await expect(notice.locator('[data-part=no-words]')).toBeHidden();
    await expect(notice).not.toContainText(result.answer);
    await expect(player.locator('[data-part=kept]')).toHaveText(t(EN, 'course.providers.keptNothing'));

    await notice.locator('[data-part=retry]').click();
    await expect(player.locator('[data-part=recording]')).toHaveValue('gemini');
    await expect(notice).toBeHidden();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(player.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
  },
);

test(
  'the player: a turn stopped at the token limit keeps its answer, marked; a ' +
    'refused one keeps nothing, quotes the refusal and offers no retry',
  async ({ page }) => {
    test.slow();
    const limited = readProviderPieces('anthropic', [playerSource('anthropic:limit').bytes]);
    const player = await playToEnd(page, 'anthropic', 'anthropic:limit', 'token-limit');
    await expect(player.locator('[data-part=status]')).toHaveText(
      t(EN, 'course.providers.state.tokenLimit', { event: 'message_stop, max_tokens' }),
    );
    await expect(player.locator('[data-part=answer]')).toHaveText(limited.answer);
    await expect(player.locator('[data-part=limit-notice]')).toHaveText(t(EN, 'course.providers.limitNotice'));
    await expect(player.locator('[data-part=cut-notice]')).toBeHidden();
    await expect(player.locator('[data-part=kept]')).toHaveText(
      t(EN, 'course.providers.keptShort_other', { count: [...limited.answer].length }),
    );
    // Whole sentences only: the bubble and what is kept shrink to the last full stop.
    await player.locator('[data-policy=sentences]').click();
    const sentences = applySentencePolicy(limited.answer, 'sentences', false).shown;
    await expect(player.locator('[data-part=answer]')).toHaveText(sentences);
    await expect(player.locator('[data-part=kept]')).toHaveText(
      t(EN, 'course.providers.keptShort_other', { count: [...sentences].length }),
    );

    // OpenAI's refused copy: the refusal reaches no channel; the notice quotes it, and there is no retry.
    await player.locator('[data-policy=every-delta]').click();
    await player.locator('[data-provider=openai]').click();
    await player.locator('[data-part=recording]').selectOption('openai:refused');
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'refused', { timeout: 60_000 });
    await expect(player.locator('[data-part=status]')).toHaveText(
      t(EN, 'course.providers.state.refused', { event: 'response.completed, refusal' }),
    );
    const notice = player.locator('[data-part=cut-notice]');
    await expect(notice.locator('[data-part=refused-text]')).toHaveText(t(EN, 'course.providers.refusedNotice'));
    await expect(notice.locator('[data-part=failure-message]')).toHaveText(OPENAI_REFUSAL);
    await expect(notice.locator('[data-part=refused-kept]')).toBeVisible();
    await expect(notice.locator('[data-part=retry]')).toBeHidden();
    await expect(player.locator('[data-part=answer]')).toBeHidden();
    await expect(player.locator('[data-part=kept]')).toHaveText(t(EN, 'course.providers.keptNothing'));
    await expect(player.locator('[data-part=events]')).toContainText('response.refusal.delta');

    // Gemini's refused copy sends no words: the notice names its event instead.
    await player.locator('[data-provider=gemini]').click();
    await player.locator('[data-part=recording]').selectOption('gemini:refused');
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'refused', { timeout: 60_000 });
    await expect(notice.locator('[data-part=words]')).toBeHidden();
    await expect(notice.locator('[data-part=no-words]')).toHaveText(
      t(EN, 'course.providers.noWords', { event: 'finishReason, SAFETY' }),
    );
  },
);

test(
  'the player: read by read, each layer shows what lessons-code computes for the ' +
    'same reads; the sentence policy changes only the bubble',
  async ({ page }) => {
    const player = await openPlayer(page);
    const openai = recordingById('openai');
    // Reads of 64 bytes: find the first read that ends inside a character of the answer.
    const reads = splitReads('openai', openai.bytes, 64);
    let end = 0;
    let inside = -1;
    for (const [i, read] of reads.entries()) {
      end += read.length;
      const place = describeProviderCut(openai.bytes, end);
      if (place.kind === 'char' && readProviderPieces('openai', reads.slice(0, i + 1)).answer !== '') {
        inside = i;
        break;
      }
    }
    expect(inside).toBeGreaterThan(0);
    await player.locator('[data-part=reads]').selectOption('64');
    await player.locator('[data-policy=sentences]').click();
    await stepTimes(player, inside + 1, reads.length);
    await expect(player).toHaveAttribute('data-state', 'paused');
    await expect(player.locator('[data-part=status]')).toHaveText(
      t(EN, 'course.providers.state.paused', { at: inside + 1, total: reads.length }),
    );
    const place = describeProviderCut(
      openai.bytes,
      reads.slice(0, inside + 1).reduce((sum, read) => sum + read.length, 0),
    );
    await expect(player.locator('[data-part=bytes-split]')).toHaveText(
      t(EN, `course.providers.bytes.split#before_${place.bytesBefore === 1 ? 'one' : 'other'}`, {
        char: place.char!,
        before: place.bytesBefore!,
        size: t(EN, 'course.count.bytes_other', { count: place.charBytes! }),
      }),
    );
    // The answer so far, and what whole sentences let through.
    const answer = readProviderPieces('openai', reads.slice(0, inside + 1)).answer;
    const policy = applySentencePolicy(answer, 'sentences', false);
    if (policy.shown === '')
      await expect(player.locator('[data-part=answer]')).toHaveText(t(EN, 'course.providers.answerEmpty'));
    else await expect(player.locator('[data-part=answer]')).toHaveText(policy.shown);
    if (policy.heldBack > 0)
      await expect(player.locator('[data-part=held]')).toHaveText(
        t(EN, policy.heldBack === 1 ? 'course.providers.heldBack_one' : 'course.providers.heldBack_other', {
          count: policy.heldBack,
        }),
      );
    // Every delta: the whole answer so far; a flagged topic: nothing until the end.
    await player.locator('[data-policy=every-delta]').click();
    await expect(player.locator('[data-part=answer]')).toHaveText(answer);
    await player.locator('[data-policy=flagged]').click();
    await expect(player.locator('[data-part=answer]')).toHaveText(t(EN, 'course.providers.flaggedWait'));
    // The stream went on underneath: the same read, the same events.
    await expect(player.locator('[data-part=progress]')).toHaveText(
      t(EN, 'course.providers.progress', { at: inside + 1, total: reads.length }),
    );
    // Played to the end, flagged: the whole answer once the closing event came.
    await player.locator('[data-part=pace]').selectOption('fast');
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(player.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
    await expect(player.locator('[data-part=held]')).toBeHidden();
  },
);

test(
  'the player: the growing-text transport passes on only the new part, and ends ' +
    'with the same channels; Esc pauses',
  async ({ page }) => {
    const player = await openPlayer(page);
    await player.locator('[data-provider=gemini]').click();
    await player.locator('[data-part=transport]').selectOption('growing-text');
    const gemini = recordingById('gemini');
    const reads = splitReads('gemini', gemini.bytes, 'event');
    await stepTimes(player, 2, reads.length);
    const textSoFar = new TextDecoder().decode(Uint8Array.from([...reads[0]!, ...reads[1]!])).length;
    const passed = new TextDecoder().decode(reads[1]!);
    await expect(player.locator('[data-part=growing]')).toHaveText(
      t(EN, 'course.providers.growing_other', { total: textSoFar, count: [...passed].length }),
    );
    // Esc pauses a playing recording.
    await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'playing');
    await page.keyboard.press('Escape');
    await expect(player).toHaveAttribute('data-state', /paused|complete/);
    await player.locator('[data-part=pace]').selectOption('fast');
    if ((await player.getAttribute('data-state')) !== 'complete') await player.locator('[data-part=play]').click();
    await expect(player).toHaveAttribute('data-state', 'complete', { timeout: 60_000 });
    await expect(player.locator('[data-part=answer]')).toHaveText(PROVIDER_ANSWER);
    await expect(player.locator('[data-part=reasoning]')).toHaveText(PROVIDER_REASONING);
  },
);

const CUT = 'ga-provider-cut-demo';

test(
  'the cut demo: the first cut breaks only the decoder per read; the slider by ' +
    'keyboard; another recording; the scan counts what lessons-code counts',
  async ({ page }) => {
    test.slow(); // the scan reads every cut of three recordings, here and in the page
    await page.goto(modelStreamUrl(EN));
    const demo = await readyWidget(page, CUT);
    const openai = recordingById('openai');
    const first = firstProviderCut(openai);
    const slider = demo.locator('[data-part=slider]');
    const verdict = (layer: string) => demo.locator(`[data-part=verdict-${layer}]`);
    await expect(slider).toHaveValue(String(first));
    await expect(demo.locator('tr[data-layer=standard]')).toHaveAttribute('data-same', 'true');
    await expect(demo.locator('tr[data-layer=decodeEach]')).toHaveAttribute('data-same', 'false');
    await expect(verdict('decodeEach')).toHaveText(t(EN, 'course.providerCut.changed'));
    await expect(demo.locator('[data-part=detail-decodeEach]')).toContainText('\uFFFD');
    await expect(demo.locator('.cut-split-char')).toHaveText('♯');

    // One byte on, by keyboard: the verdicts are lessons-code's for that cut.
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue(String(first + 1));
    for (const reader of PROVIDER_CUT_READERS) {
      const expected = cutProviderRecording(openai, first + 1, reader);
      await expect(demo.locator(`tr[data-layer=${reader.id}]`)).toHaveAttribute('data-same', String(expected.same));
    }
    await expect(demo.locator('[data-part=place]')).toHaveAttribute(
      'data-kind',
      describeProviderCut(openai.bytes, first + 1).kind,
    );
    // Home: the cut before the first byte, one read holds everything.
    await page.keyboard.press('Home');
    await expect(demo.locator('[data-part=place]')).toHaveAttribute('data-kind', 'start');
    await expect(demo.locator('tr[data-layer=decodeEach]')).toHaveAttribute('data-same', 'true');

    // Anthropic's recording: its own length and figures.
    const anthropic = recordingById('anthropic');
    await demo.locator('[data-stream=anthropic]').click();
    await expect(slider).toHaveAttribute('max', String(anthropic.bytes.length));
    await expect(demo.locator('[data-part=figures]')).toHaveText(
      t(EN, 'course.providerCut.figures', {
        bytes: anthropic.bytes.length.toLocaleString('en'),
        cuts: (anthropic.bytes.length + 1).toLocaleString('en'),
      }),
    );

    // The scan: for each recording and layer, the number of cuts lessons-code's scan finds.
    await demo.locator('[data-scan]').click();
    await expect(demo.getByTestId('scan')).toBeVisible({ timeout: 90_000 });
    for (const id of ['openai', 'anthropic', 'gemini'] as const) {
      for (const reader of PROVIDER_CUT_READERS) {
        const scan = scanProviderCuts(recordingById(id), reader);
        await expect(demo.locator(`[data-part=scan-${id}-${reader.id}] [data-count]`)).toHaveAttribute(
          'data-count',
          String(scan.changed.length),
        );
        if (reader.id === 'standard') expect(scan.changed).toEqual([]);
        else expect(scan.changed.length).toBeGreaterThan(0);
      }
    }
    await expect(demo.locator('[data-part=scan-status]')).toContainText('0');
  },
);
