// Spanish and French: one smoke pass per widget, on one loaded page per locale and page. Each
// widget is shown and used once; what it writes (buttons, labels, tags, verdicts, live messages)
// must be one of that locale's strings (content/i18n/<locale>.json) and no English UI phrase may
// show. Behaviour is tested once, in English, in each widget's own spec; the strings the server
// renders are checked without a browser (test/dist/ui-strings.test.ts).
//
// Both run at phone width and end with the layout check (a11y.spec.ts has the English one, in its light run),
// then follow every link of the page (under the base, alive, its #fragment present).
//
// A new widget: add a `test.step` to its page's test below, using `uiOf` (the elements whose text
// must be the locale's strings) and `noEnglish`. A new page: add a test like these. Exercises need
// nothing: every page that shows some (test/exercises.ts) gets a test of its exercises at the end.

import type { Locator, Page } from '@playwright/test';
import { IMPROVISATION_ANSWER } from '../../lessons-code/index.ts';
import { readVariant } from '../../src/exercise-engine/variants-node.ts';
import { caseCount, exercisePageKinds, exercisesOn } from '../exercises.ts';
import { PAGES } from '../pages.ts';
import { CHUNKER_PRESETS } from '../../src/widgets/shared/chunker-model.ts';
import { pairsTable, strings, tableRows } from './demo-helpers.ts';
import {
  EXPECTED_OUTPUT,
  OTHER_LOCALES,
  PHONE_WIDTH,
  beyondUrl,
  englishShown,
  expect,
  followLinks,
  lessonUrl,
  modelStreamUrl,
  notFromLocale,
  outsideTheScreen,
  pageUrl,
  readyWidget,
  roundsUrl,
  t,
  test,
  type Locale,
} from './fixtures.ts';

/** The widget's texts (and aria-labels) matched by `selector` are all the locale's strings. */
async function uiOf(widget: Locator, selector: string, locale: Locale): Promise<void> {
  expect(await widget.locator(selector).count(), `${selector} in the widget`).toBeGreaterThan(0);
  expect(await notFromLocale(widget, selector, locale), `not from ${locale.code}.json`).toEqual([]);
}

/**
 * Plays one of the player's recordings (`value`, as its select names it) to its end: the state it ends in, and the
 * status line's words for it.
 */
async function playTo(player: Locator, value: string, state: string, status: string): Promise<void> {
  await player.locator('[data-part=recording]').selectOption(value);
  await player.locator('[data-part=play]').click();
  await expect(player).toHaveAttribute('data-state', state, { timeout: 60_000 });
  await expect(player.locator('[data-part=status]')).toHaveText(status);
}

async function noEnglish(widget: Locator, locale: Locale): Promise<void> {
  expect(await englishShown(widget, locale), 'English UI phrases').toEqual([]);
}

/** The terminal's text, read from xterm's buffer, wrapped rows joined back. */
/** Each exercise of a page checked as it starts (its report and hint in the locale); the first one
 * then solved with the locale's own reference solution (the same code, comments in its language),
 * for the strings of a pass and of the progress line. That every reference solution passes in every
 * locale is the unit tests' (test/unit/exercise-engine/exercises.test.ts, in a real worker), and in a browser
 * exercises.spec.ts's, in English. */
async function solveEach(page: Page, ids: string[], locale: Locale): Promise<void> {
  await expect(page.locator('[data-progress-text]')).toHaveText(
    t(locale, 'course.exercise.progress', { solved: 0, total: ids.length }),
  );
  const file = (id: string, kind: 'starter' | 'solution') =>
    readVariant(new URL(`../../lessons-code/exercises/${id}/exercise.ts`, import.meta.url), kind, locale.code).code;
  for (const [i, id] of ids.entries()) {
    const box = page.locator(`#exercise-${id}`);
    await readyWidget(page, `#exercise-${id} ga-exercise`);
    await expect(box.locator('.cm-line').first()).toHaveText(file(id, 'starter').split('\n')[0]!);
    await box.locator('[data-check]').click();
    await expect(box.locator('.exercise-summary')).not.toBeEmpty({ timeout: 30_000 });
    await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-checking', '', { timeout: 30_000 });
    await box.locator('[data-hint]').click();
    await uiOf(box, 'button, .exercise-summary, .exercise-case-status, summary, .exercise-label', locale);
    await noEnglish(box, locale);
    if (i > 0) continue;
    await box.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(file(id, 'solution'));
    await box.locator('[data-check]').click();
    const total = await box.locator('.exercise-cases > li').count();
    await expect(box.locator('.exercise-summary')).toHaveText(
      `✓ ${t(locale, 'course.exercise.allPass#total_other', { total })}`,
      { timeout: 30_000 },
    );
    await noEnglish(box, locale);
  }
  // One solved: the progress line counts it, or says the page's only exercise is solved.
  await expect(page.locator('[data-progress-text]')).toHaveText(
    ids.length === 1
      ? t(locale, 'course.exercise.progressAll#total_one')
      : t(locale, 'course.exercise.progress', { solved: 1, total: ids.length }),
  );
}

/** The terminal's text, as the element reads it (bufferText, src/widgets/program-terminal/terminal-shell.ts). */
const terminalText = (page: Page) =>
  page.evaluate(
    () =>
      (
        document.querySelector('ga-program-terminal') as (HTMLElement & { screenText?: () => string }) | null
      )?.screenText?.() ?? '',
  );

for (const locale of OTHER_LOCALES) {
  test(`the lesson page's widgets speak ${locale.code}`, async ({ page }) => {
    test.slow(); // every widget of the page, one after the other
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(lessonUrl(locale));
    await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);

    await test.step('terminal', async () => {
      const terminal = page.locator('ga-program-terminal');
      await terminal.scrollIntoViewIfNeeded();
      await terminal.getByRole('button', { name: t(locale, 'course.terminal.run') }).click();
      await expect(terminal).toHaveAttribute('data-output', EXPECTED_OUTPUT, { timeout: 30_000 });
      await expect(terminal).toHaveAttribute('data-state', 'idle', { timeout: 15_000 });
      await expect(terminal.locator('[data-live]')).toHaveText(
        t(locale, 'course.terminal.done', { lines: 69, chars: new Intl.NumberFormat(locale.code).format(4242) }),
      );
      await expect(terminal.locator('.xterm')).toHaveAttribute(
        'aria-label',
        t(locale, 'course.terminal.terminalLabel'),
      );
      await expect(terminal.locator('textarea.xterm-helper-textarea')).toHaveAttribute(
        'aria-label',
        t(locale, 'course.terminal.inputLabel'),
      );
      await terminal.locator('textarea.xterm-helper-textarea').focus();
      await page.keyboard.type('help');
      await page.keyboard.press('Enter');
      await expect.poll(() => terminalText(page)).toContain(t(locale, 'course.terminal.helpTitle'));
      await page.keyboard.type('ls');
      await page.keyboard.press('Enter');
      await expect.poll(() => terminalText(page)).toContain(t(locale, 'course.terminal.notFound', { command: 'ls' }));
      await uiOf(terminal, 'button, [data-live]', locale);
      await noEnglish(terminal, locale);
    });

    await test.step('reader playground', async () => {
      const playground = await readyWidget(page, 'ga-reader-playground');
      await playground.locator('[data-preset=mixed]').click();
      await expect(playground.locator('[data-testid=lines] > li[data-discarded]')).toHaveCount(2);
      await uiOf(playground, 'button, .tl-tag', locale);
      const tr = strings(locale.code);
      await expect(playground.locator('[data-testid=summary]')).toHaveText(
        `${tr('playground.summary', { lines: 11, events: 1 })} ${tr('playground.discardedSummary', { count: 2 })}`,
      );
      await playground.locator('[data-preset=gaapiChunk]').click();
      await expect(playground.locator('[data-testid=lines] > li[data-tag=no-colon] .tl-tag')).toHaveText(
        t(locale, 'course.playground.tag.noColon'),
      );
      await noEnglish(playground, locale);
    });

    await test.step('the host’s stream', async () => {
      const demo = await readyWidget(page, 'ga-host-stream-demo');
      await expect(demo.locator('.hs-event')).toHaveCount(3, { timeout: 15_000 });
      await uiOf(demo, 'button', locale);
      const tr = strings(locale.code);
      await expect(demo.locator('.hs-event').first()).toHaveText(
        tr('hostStream.eventLine', {
          n: 1,
          kind: tr('names.kind.routing'),
          lines: tr('count.dataLines', { count: 1 }),
        }),
      );
      await noEnglish(demo, locale);
      await demo.locator('textarea').fill('   '); // blank: the host's 400, explained
      await expect(demo.getByTestId('status')).toHaveText('HTTP 400');
      await noEnglish(demo, locale);
    });

    await test.step('the failure', async () => {
      const demo = await readyWidget(page, 'ga-failure-demo');
      await uiOf(demo, 'button:not(.fd-example)', locale); // the examples are questions to GA, in English
      await demo.locator('[data-send]').click(); // blank: the page sends nothing and says so
      await expect(demo.locator('[data-status]')).not.toBeEmpty();
      await uiOf(demo, '[data-status]', locale);
      await noEnglish(demo, locale);
    });

    await test.step('the chunkers', async () => {
      const demo = await readyWidget(page, 'ga-chunker-demo');
      await uiOf(demo, 'button', locale);
      await demo.locator('[data-preset=prose]').click();
      const tr = strings(locale.code);
      const prose = CHUNKER_PRESETS.prose!;
      const { splitPinned } = await import('../../lessons-code/index.ts');
      const { describeLoss, lossReport } = await import('../../src/widgets/shared/loss-report.ts');
      await expect(demo.locator('[data-part=pinned-stats] strong')).toHaveText(
        describeLoss(lossReport(prose, splitPinned(prose).join('')), tr, locale.code),
      );
      await noEnglish(demo, locale);
    });

    await test.step('every writer with every reader', async () => {
      const demo = await readyWidget(page, 'ga-pairs-demo');
      await demo.locator('button.pd-cell[data-writer=gaapi][data-reader=standard][data-split=pinned]').click();
      await expect(demo.locator('[data-testid=wire] > li[data-tag=no-colon] .tl-tag')).toHaveText(
        t(locale, 'course.playground.tag.noColon'),
      );
      await expect(demo.locator('[data-testid=diff] del .pd-diff-label').first()).toHaveText(
        t(locale, 'course.pairs.removedLabel'),
      );
      await uiOf(demo, 'button:not(.pd-cell), .tl-tag, .pd-diff-label', locale);
      expect(await tableRows(demo.locator('table.pd-table'))).toEqual(pairsTable(IMPROVISATION_ANSWER, locale.code));
      await noEnglish(demo, locale);
    });

    await test.step('the program’s output blocks', async () => {
      for (const figure of await page.locator('figure.program-output').all()) {
        await figure.scrollIntoViewIfNeeded();
        await expect(figure.locator('ga-stamp:not([data-stamped])')).toHaveCount(0);
        const tabs = figure.locator('[role=tab]');
        if ((await tabs.count()) > 0) await uiOf(figure, '[role=tab], [role=tablist]:not(:has(*))', locale);
        await noEnglish(figure, locale);
      }
      const last = page.locator('figure.program-output').nth(6);
      await expect(last.locator('tbody tr')).toHaveCount(6);
      expect(await tableRows(last.locator('table'))).toEqual(pairsTable(IMPROVISATION_ANSWER, locale.code));
    });

    await test.step('exercises', async () => {
      await expect(page.locator('[data-progress-text]')).toHaveText(
        t(locale, 'course.exercise.progress', { solved: 0, total: exercisesOn(PAGES.lesson).length }),
      );
      // Each exercise solved with the locale's own files (the same code, comments in its language).
      const ids = exercisesOn(PAGES.lesson);
      const file = (id: string, kind: 'starter' | 'solution') =>
        readVariant(new URL(`../../lessons-code/exercises/${id}/exercise.ts`, import.meta.url), kind, locale.code).code;
      for (const [i, id] of ids.entries()) {
        const box = page.locator(`#exercise-${id}`);
        await readyWidget(page, `#exercise-${id} ga-exercise`);
        // the starter's first lines (CodeMirror renders only the lines on screen)
        const firstLines = file(id, 'starter').split('\n').slice(0, 2);
        await expect(box.locator('.cm-line').first()).toHaveText(firstLines[0]!);
        await expect(box.locator('.cm-line').nth(1)).toHaveText(firstLines[1]!);
        if (id === 'fix-746') {
          await box.locator('[data-check]').click();
          await expect(box.locator('.exercise-summary')).toHaveText(
            t(locale, 'course.exercise.summary', { passed: 2, total: caseCount('fix-746') }),
            { timeout: 30_000 },
          );
          const first = box.locator('.exercise-cases > li').first();
          await expect(first).toContainText(t(locale, 'course.exercise.status.fail'));
          await expect(first.locator('.exercise-expected')).toContainText(t(locale, 'course.exercise.expected'));
          await expect(first.locator('.exercise-actual')).toContainText(t(locale, 'course.exercise.actual'));
          await box.locator('[data-hint]').click();
          await expect(box.locator('[data-hint-item]:not([hidden])')).toHaveCount(1);
          await box.locator('.exercise-reference summary').click();
          await uiOf(box, 'button, .exercise-summary, .exercise-case-status, summary, .exercise-label', locale);
          await noEnglish(box, locale);
        }
        await box.locator('.cm-content').click();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.insertText(file(id, 'solution'));
        await box.locator('[data-check]').click();
        const total = await box.locator('.exercise-cases > li').count();
        await expect(box.locator('.exercise-summary')).toHaveText(
          `✓ ${t(locale, 'course.exercise.allPass#total_other', { total })}`,
          { timeout: 30_000 },
        );
        // fix-746's reference was opened above
        const solvedAs = i === 1 ? 'course.exercise.solvedAssisted' : 'course.exercise.solved';
        await expect(box.locator('[data-solved-text]')).toHaveText(t(locale, solvedAs));
        await uiOf(box, 'button, .exercise-next, .exercise-case-status, [data-solved-text]', locale);
        await noEnglish(box, locale);
      }
      await expect(page.locator('[data-progress-text]')).toHaveText(
        t(locale, 'course.exercise.progressAll#total_other', { total: exercisesOn(PAGES.lesson).length }),
      );
      await noEnglish(page.locator('.exercise-progress').first(), locale);
    });

    await test.step(`layout at ${PHONE_WIDTH} px`, async () => {
      expect(await outsideTheScreen(page)).toEqual([]);
    });

    await test.step('every link alive', async () => {
      expect(await followLinks(page)).toBeGreaterThan(5);
    });
  });

  test(`the “beyond the wire” widgets speak ${locale.code}`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(beyondUrl(locale));
    await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);

    await test.step('cut anywhere', async () => {
      const demo = await readyWidget(page, 'ga-cut-anywhere-demo');
      await demo.locator('[data-scan]').click();
      await expect(demo.getByTestId('scan')).toBeVisible({ timeout: 30_000 });
      await uiOf(
        demo,
        'button:not(.bw-jump), caption, .cut-what, [data-testid=verdict], [data-part=status], [data-part=scan-status]',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step('stop short', async () => {
      const demo = await readyWidget(page, 'ga-stop-short-demo');
      await demo.locator('[data-stream=failure]').click();
      await expect(demo.locator('[data-part=standard-note]')).toBeVisible();
      await uiOf(
        demo,
        'button, tbody th, .ss-summary, [data-part=status], [data-part=unfinished-note], [data-part=standard-note]',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step('the burst and the paced host', async () => {
      const demo = await readyWidget(page, 'ga-burst-timeline-demo');
      await demo.locator('[data-part=latency]').selectOption('250');
      await expect(demo).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
      for (const summary of await demo.locator('summary').all()) await summary.click();
      await uiOf(
        demo,
        'button, option, summary, .time-legend li, .tl-stats li, [data-part=status], [data-part$=-first]',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step(`layout at ${PHONE_WIDTH} px`, async () => {
      expect(await outsideTheScreen(page)).toEqual([]);
    });

    await test.step('every link alive', async () => {
      expect(await followLinks(page)).toBeGreaterThan(5);
    });
  });

  test(`the model’s stream widgets speak ${locale.code}`, async ({ page }) => {
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(modelStreamUrl(locale));
    await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);

    await test.step('the player', async () => {
      const demo = await readyWidget(page, 'ga-provider-stream-demo');
      // A cut recording, in reads of 64 bytes through the growing text, under the sentence policy:
      // every kind of line the player writes, then the cut state and its notice.
      await demo.locator('[data-part=reads]').selectOption('64');
      await demo.locator('[data-part=transport]').selectOption('growing-text');
      await demo.locator('[data-policy=sentences]').click();
      await demo.locator('[data-part=pace]').selectOption('fast');
      await playTo(demo, 'openai:cut', 'cut', t(locale, 'course.providers.state.cut'));
      await expect(demo.locator('[data-part=cut-notice]')).toBeVisible();
      await uiOf(
        demo,
        'button:not([data-provider]), option, legend, h4, summary, .ps-route, ' +
          '[data-part=status], [data-part=progress], [data-part=bytes-line], ' +
          '[data-part=growing], [data-part=events-note], [data-part=kept]',
        locale,
      );
      await noEnglish(demo, locale);
      // The whole recording, to its end, with the policy holding sentences back along the way (a
      // read per event: the same lines in fewer reads; Try again is the English behaviour test's).
      await demo.locator('[data-part=reads]').selectOption('event');
      await playTo(
        demo,
        'openai',
        'complete',
        t(locale, 'course.providers.state.complete', { event: 'response.completed' }),
      );
      await uiOf(demo, '[data-part=kept], [data-part=status]', locale);
      await noEnglish(demo, locale);
      // Gemini's copies that end another way (each three events or fewer): failed, with the notice
      // around the provider's own (English, untranslated) words; stopped at the token limit, its
      // answer kept and marked; refused, with no words of its own, so the notice names the event.
      await demo.locator('[data-provider=gemini]').click();
      await playTo(
        demo,
        'gemini:failed',
        'failed',
        t(locale, 'course.providers.state.failed', { event: 'error, UNAVAILABLE' }),
      );
      await uiOf(
        demo,
        '[data-part=failed-text], [data-part=words] p:not([data-part]), [data-part=retry-text], [data-part=kept]',
        locale,
      );
      await noEnglish(demo, locale);
      await playTo(
        demo,
        'gemini:limit',
        'token-limit',
        t(locale, 'course.providers.state.tokenLimit', { event: 'finishReason, MAX_TOKENS' }),
      );
      await uiOf(demo, '[data-part=limit-notice] p, [data-part=kept]', locale);
      await noEnglish(demo, locale);
      await playTo(
        demo,
        'gemini:refused',
        'refused',
        t(locale, 'course.providers.state.refused', { event: 'finishReason, SAFETY' }),
      );
      await uiOf(
        demo,
        '[data-part=refused-text], [data-part=no-words], [data-part=refused-kept], [data-part=kept]',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step('cut any provider’s stream', async () => {
      const demo = await readyWidget(page, 'ga-provider-cut-demo');
      await demo.locator('[data-stream=gemini]').click();
      await demo.locator('[data-scan]').click();
      await expect(demo.getByTestId('scan')).toBeVisible({ timeout: 90_000 });
      await uiOf(
        demo,
        'button:not([data-stream]), caption, tbody th .note, [data-part^=verdict-], ' +
          '[data-part^=uncut-], [data-part=place], [data-part=figures], ' +
          '[data-part=status], [data-part=scan-status], [data-part=scan] li',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step(`layout at ${PHONE_WIDTH} px`, async () => {
      expect(await outsideTheScreen(page)).toEqual([]);
    });

    await test.step('every link alive', async () => {
      expect(await followLinks(page)).toBeGreaterThan(5);
    });
  });

  test(`the “one call per round” widgets speak ${locale.code}`, async ({ page }) => {
    test.slow(); // three demos used, one after the other
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await page.goto(roundsUrl(locale));
    await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);

    await test.step('two harnesses on one timeline', async () => {
      const demo = await readyWidget(page, 'ga-rounds-timeline');
      await demo.locator('input[type=radio]').nth(1).check();
      await expect(demo).toHaveAttribute('data-state', 'done');
      await uiOf(demo, '[data-part=status]', locale);
      await demo.locator('[data-part=run]').click();
      await expect(demo.locator('[data-part=run]')).toHaveAttribute('data-running', 'false', { timeout: 60_000 });
      await expect(demo).toHaveAttribute('data-state', 'done');
      await uiOf(
        demo,
        'button, legend, .time-lane-name, .time-legend li, caption, th, .rt-said, [data-part=status], .time-axis-name',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step('the four details', async () => {
      const demo = await readyWidget(page, 'ga-rounds-details');
      for (const tab of await demo.getByRole('tab').all()) {
        await tab.click();
        const panel = demo.locator('[role=tabpanel]:not([hidden])');
        await uiOf(panel, 'p.ok, p.bad, h4:not(:has(code)), .rd-label, legend, label:not(.rd-check)', locale);
        await noEnglish(demo, locale);
      }
      await demo.getByRole('tab').nth(1).click();
      await demo.locator('[data-part=limit]').focus();
      await page.keyboard.press('End');
      await expect(demo.locator('[data-part=finish-careful]')).toHaveText(
        t(locale, 'course.roundsDetails.finishComplete', { reason: 'stop' }),
      );
      await uiOf(demo, '.rd-tab-name, [data-part^=finish-], [data-part=status]', locale);
      await noEnglish(demo, locale);
    });

    await test.step('stop, billed once', async () => {
      const demo = await readyWidget(page, 'ga-rounds-stop');
      const send = demo.locator('[data-part=send]');
      await send.click();
      await expect(send).toHaveText(t(locale, 'course.roundsStop.stop'));
      await expect(demo.locator('[data-part=replica]')).toHaveAttribute('data-generation', 'generating', {
        timeout: 30_000,
      });
      await uiOf(demo, '[data-part=replica], [data-part=mark]', locale);
      await send.click();
      await expect(demo).toHaveAttribute('data-state', 'stopped', { timeout: 30_000 });
      await uiOf(
        demo,
        'button, legend, label, caption, th, [data-part=mark], [data-part=replica], ' +
          '[data-part=status], tr[data-turn] td:not(:first-child)',
        locale,
      );
      await noEnglish(demo, locale);
    });

    await test.step(`layout at ${PHONE_WIDTH} px`, async () => {
      expect(await outsideTheScreen(page)).toEqual([]);
    });

    await test.step('every link alive', async () => {
      expect(await followLinks(page)).toBeGreaterThan(5);
    });
  });

  // The exercises of every page that shows some, whichever page it is (test/exercises.ts): each
  // checked, the first one solved. The lesson's are all solved, one by one, in its own test above.
  for (const kind of exercisePageKinds().filter((kind) => kind !== 'lesson')) {
    test(`the exercises of ${PAGES[kind]} speak ${locale.code}`, async ({ page }) => {
      test.slow(); // each exercise checked, one after the other
      await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
      await page.goto(pageUrl(kind, locale));
      await expect(page.locator('html')).toHaveAttribute('lang', locale.lang);
      await solveEach(page, exercisesOn(PAGES[kind]), locale);
    });
  }
}
