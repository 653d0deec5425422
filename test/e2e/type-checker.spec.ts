// The exercise editors know TypeScript (src/type-service/), in Chromium on the 06d page, with the
// bill-in-finally exercise, each test loading its page once (a link or a loaded file loads it again):
// - English: every reference solution and alternative of the course shows no type problem; a misspelt
//   member and a string given for a number are underlined, the misspelling's tooltip names
//   `tokensReceived` with tsc's code; `reader.tok` then Ctrl+Space offers `tokensReceived`; hovering
//   `readChatChunks` shows its signature and doc comment; F8 goes to a problem and says it, Ctrl+Shift+M
//   lists them (axe finds nothing wrong with the list) and Esc comes back, focus never caught in a
//   tooltip; a check's verdict is the cases',
//   with "2 type problems" beside it and a link to the first;
// - English: a copied link holds the code; a link opened runs nothing and overwrites nothing until a
//   click (back, keep); a cut link is refused; the progress file round-trips; a damaged or foreign
//   one is refused and changes nothing;
// - Spanish: the same problems, tooltip and lines in Spanish (TypeScript's own translation), every
//   Spanish reference solution clean, a link's notice and a damaged file's message in Spanish;
// - French, the page and its scripts under a Content-Security-Policy without 'unsafe-eval' and with
//   workers from the site only: every French reference solution clean, the problems in French.
// In each locale, once every reference solution has been checked, all the type checker fetched is
// within its budget of 2 MB (script-bytes.ts), printed by part.
// Loaded ahead (src/type-service/preload.ts): the page loaded and left at its top, then scrolled past
// every exercise quickly, fetches none of the type checker's files; an exercise's editor kept in view
// for the dwell gets its checker loaded and ready without a focus or a key, and says nothing of it
// until used (the line's first sentence, no underline); a click then shows the starter's problems.
// What the page says is what tsc says on every variant: test/unit/type-service/type-service.test.ts.

import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { readVariant } from '../../src/exercise-engine/variants-node.ts';
import { storageKey } from '../../src/workbench/exercise-store.ts';
import { codeOfFragment, fragmentFor } from '../../src/workbench/share.ts';
import { PRELOAD_DWELL_MS } from '../../src/type-service/preload.ts';
import { LEARN } from '../builds.ts';
import { caseCount, exercisePages, exercisesOn } from '../exercises.ts';
import { EN, LOCALES, axeViolations, expect, roundsUrl, t, test, type Locale } from './fixtures.ts';
import { editorText, pasteCode, typesCheckedFor } from './editor-helpers.ts';
import { ScriptLog, TYPE_CHECKER_BUDGET, kb, typeCheckerFiles } from './script-bytes.ts';

const ES = LOCALES[1];
const FR = LOCALES[2];
const ROOT = new URL('../../', import.meta.url);
/** Every exercise, page by page, as the pages show them (test/exercises.ts). */
const IDS = exercisePages().flatMap((page) => exercisesOn(page));
const ID = 'bill-in-finally';
const MAX_CODE = 200_000;

const variant = (id: string, kind: 'starter' | 'solution', locale: Locale) =>
  readVariant(new URL(`lessons-code/exercises/${id}/exercise.ts`, ROOT), kind, locale.code).code;
/** A workbench string (its plural form given whole: `types.count_other`). */
const w = (locale: Locale, key: string, vars?: Record<string, string | number>) =>
  t(locale, `course.exercise.${key}`, vars);

const TYPE_FILES = typeCheckerFiles(LEARN);

/** All the type checker has fetched, the network quiet, by part: TypeScript among them, within its budget. */
async function typeCheckerWithinBudget(scripts: ScriptLog, locale: Locale): Promise<void> {
  await scripts.quiet();
  const parts = scripts.byPart(TYPE_FILES);
  const sum = [...parts.values()].reduce((a, b) => a + b, 0);
  const detail = [...parts]
    .sort((a, b) => b[1] - a[1])
    .map(([part, bytes]) => `${part} ${kb(bytes)}`)
    .join(', ');
  const figure = `${locale.code} type checker (gzipped), an editor in use: ${kb(sum)} — ${detail}`;
  console.log(figure);
  expect([...parts.keys()], `${figure}: TypeScript loaded`).toContain('TypeScript');
  expect(sum, `${figure}: at most ${kb(TYPE_CHECKER_BUDGET)}`).toBeLessThanOrEqual(TYPE_CHECKER_BUDGET);
}

/** The exercise's workbench, loaded, its editor focused, and TypeScript ready. */
async function openTyped(page: Page, locale: Locale, hash = ''): Promise<Locator> {
  await page.goto(roundsUrl(locale) + hash);
  const box = page.locator(`#exercise-${ID}`);
  await box.scrollIntoViewIfNeeded();
  await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 30_000 });
  return box;
}

async function startTypes(box: Locator): Promise<void> {
  await box.locator('.cm-content').click();
  await expect(box.locator('[data-types]')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
}

/** Replaces the editor's text as a paste would, and waits until TypeScript has checked that very text. */
async function setCode(page: Page, box: Locator, code: string): Promise<void> {
  await pasteCode(page, box, code);
  await typesCheckedFor(box, code);
}

const selectedText = (box: Locator) =>
  box.locator('.cm-content').evaluate((el) => {
    const view = (
      el as HTMLElement & {
        cmTile?: {
          root?: {
            view?: {
              state: { selection: { main: { from: number; to: number } }; sliceDoc(a: number, b: number): string };
            };
          };
        };
      }
    ).cmTile?.root?.view;
    return view ? view.state.sliceDoc(view.state.selection.main.from, view.state.selection.main.to) : null;
  });
const savedCode = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { code?: string | null }).code ?? null,
    storageKey(ID),
  );

/** Every reference solution (and in English every alternative) in this one editor: not one type problem. */
async function referencesClean(page: Page, box: Locator, locale: Locale): Promise<void> {
  const codes = IDS.map((id) => variant(id, 'solution', locale));
  if (locale === EN) {
    for (const id of IDS) {
      const file = readFileSync(new URL(`lessons-code/exercises/${id}/exercise.ts`, ROOT), 'utf8');
      for (const match of file.matchAll(/^\s*\/\/ #alternative ([\w-]+)$/gm))
        codes.push(
          readVariant(new URL(`lessons-code/exercises/${id}/exercise.ts`, ROOT), `alternative:${match[1]}`).code,
        );
    }
  }
  for (const code of codes) {
    await setCode(page, box, code);
    await expect(box.locator('[data-types]'), code.slice(0, 80)).toHaveAttribute('data-count', '0');
    await expect(box.locator('.cm-lintRange-error')).toHaveCount(0);
  }
  await expect(box.locator('[data-types]')).toHaveText(w(locale, 'types.none'));
}

/** The reference solution, then the two mistakes typed at its end, as a learner would, key by key. */
type CompletionWatch = Window & { courseListOpenedAt?: number };

/** From now on, notes when CodeMirror's completion list first appears (performance.now()). */
async function watchCompletionList(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as CompletionWatch;
    w.courseListOpenedAt = undefined;
    const seen = () => {
      if (w.courseListOpenedAt === undefined && document.querySelector('.cm-tooltip-autocomplete'))
        w.courseListOpenedAt = performance.now();
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true });
    seen();
  });
}

/** The completion list has been open longer than CodeMirror's interactionDelay and waits for no answer. */
async function listReadable(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const opened = (window as CompletionWatch).courseListOpenedAt;
      return (
        opened !== undefined &&
        performance.now() - opened > 150 &&
        document.querySelector('.cm-tooltip-autocomplete:not(.cm-tooltip-autocomplete-disabled)') !== null
      );
    },
    undefined,
    { polling: 50, timeout: 30_000 },
  );
}

async function typeMistakes(page: Page, box: Locator, locale: Locale): Promise<void> {
  await setCode(page, box, variant(ID, 'solution', locale));
  await box.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type("\nconst spent = new RoundReader().tokensRecieved;\nconst total: number = 'twelve';");
  // The problems of the whole text, not of a text typed in part: on a busy machine the editor may have
  // been linted before the last key (`'twelve'` without its `;` has the same two problems), and the
  // answer for the whole text then replaces them, closing any problem's tooltip open by then
  // (@codemirror/lint hides it on new diagnostics). The status names the text its count is about.
  const typed = await editorText(box);
  expect(typed).toContain('tokensRecieved');
  await typesCheckedFor(box, typed ?? '');
  await expect(box.locator('.cm-lintRange-error')).toHaveCount(2, { timeout: 30_000 });
}

test(
  'English: no type problem in any reference solution; mistakes underlined with ' +
    'tsc’s words; completions, hover, keyboard; the verdict stays the cases’',
  async ({ page, context }) => {
    const scripts = new ScriptLog(context, LEARN);
    const box = await openTyped(page, EN);
    const status = box.locator('[data-types]');
    await expect(status).toHaveText(w(EN, 'types.idle'));
    await startTypes(box);
    await referencesClean(page, box, EN);
    await typeCheckerWithinBudget(scripts, EN);
    await typeMistakes(page, box, EN);
    await expect(status).toHaveAttribute('data-count', '2');
    await expect(status).toContainText(w(EN, 'types.count_other', { count: 2 }));
    await box.locator('.cm-lintRange-error', { hasText: 'tokensRecieved' }).hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await expect(tooltip).toContainText(
      "Property 'tokensRecieved' does not exist on type 'RoundReader'. Did you mean 'tokensReceived'?",
    );
    await expect(tooltip).toContainText('TS2551');
    await box.locator('.cm-lintRange-error', { hasText: 'total' }).hover();
    await expect(tooltip).toContainText("Type 'string' is not assignable to type 'number'.");

    // Completions: `reader.tok`, then Ctrl+Space.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nnew RoundReader().tok');
    await page.keyboard.press('Escape');
    await watchCompletionList(page);
    await page.keyboard.press('Control+Space');
    const options = page.locator('.cm-tooltip-autocomplete [role=option]');
    await expect(options.filter({ hasText: 'tokensReceived' })).toHaveCount(1, { timeout: 30_000 });
    await expect(page.locator('.cm-tooltip-autocomplete [role=listbox]')).toHaveAttribute(
      'aria-label',
      w(EN, 'cm.completions'),
    );
    // Enter takes the selected option once a person could have read the list: CodeMirror ignores Enter
    // for its `interactionDelay` (75 ms) after a list opens, and while a newer answer is pending (the
    // list then has the -disabled class), so that a key meant for the text never takes an option that
    // has just appeared (@codemirror/autocomplete, acceptCompletion). Wait for both, then press it.
    await expect(options.filter({ hasText: 'tokensReceived' })).toHaveAttribute('aria-selected', 'true');
    await listReadable(page);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(box)).toContain('new RoundReader().tokensReceived');

    // Hover: the signature and the doc comment.
    await box
      .locator('.cm-line span', { hasText: /^readChatChunks$/ })
      .first()
      .hover();
    const hover = page.locator('.cm-tooltip-hover');
    await expect(hover).toContainText('readChatChunks(body: ReadableStream<Uint8Array>, options?:', {
      timeout: 30_000,
    });
    await expect(hover).toContainText('The chunks of a streamed answer, as they arrive');
    await page.mouse.move(0, 0);

    // Keyboard: F8 goes to the first problem and says it; Ctrl+Shift+M lists them; Esc comes back.
    await expect(status).toHaveAttribute('data-count', '2');
    await box.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+Home');
    await page.keyboard.press('F8');
    expect(await selectedText(box)).toBe('tokensRecieved');
    const line = (await editorText(box))!.split('\n').findIndex((l) => l.includes('tokensRecieved')) + 1;
    await expect(box.locator('[data-types-live]')).toHaveText(
      w(EN, 'types.at', {
        line,
        message:
          "Property 'tokensRecieved' does not exist on type 'RoundReader'. Did you mean 'tokensReceived'? (TS2551)",
      }),
    );
    await page.keyboard.press('Shift+F8');
    expect(await selectedText(box)).toBe('total');
    await page.keyboard.press('ControlOrMeta+Shift+M');
    const list = box.locator('.cm-panel-lint [role=listbox]');
    await expect(list).toBeFocused();
    await expect(list).toHaveAttribute('aria-label', w(EN, 'cm.diagnostics'));
    await expect(list.locator('[role=option]')).toHaveCount(2);
    expect(await axeViolations(page, `#exercise-${ID}`), 'axe, the list of problems open').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(box.locator('.cm-panel-lint')).toHaveCount(0);
    await expect(box.locator('.cm-content')).toBeFocused();
    // A tooltip shows, and the focus still leaves the editor as always: Esc, then Tab.
    await page.keyboard.press('F8');
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !document.activeElement?.closest('.cm-editor'))).toBe(true);

    // The check: the cases decide (all pass), the type problems are said beside.
    await box.locator('[data-check]').click();
    await expect(box.locator('.exercise-summary')).toHaveText(
      '✓ ' + w(EN, 'allPass', { total: caseCount('bill-in-finally') }),
      {
        timeout: 30_000,
      },
    );
    const note = box.locator('.exercise-types-report');
    await expect(note).toContainText(w(EN, 'types.inReport_other', { count: 2 }), { timeout: 30_000 });
    const first = note.getByRole('link', { name: w(EN, 'types.first', { line }) });
    await first.click();
    await expect(box.locator('.cm-content')).toBeFocused();
    expect(await selectedText(box)).toBe('tokensRecieved');
  },
);

/**
 * Longer than a preload takes to begin: the dwell and more, then an idle moment of the page (a preload's
 * own wait for one, asked for before, is over by then), then the network quiet.
 */
async function longerThanADwell(page: Page, scripts: ScriptLog): Promise<void> {
  await page.waitForTimeout(PRELOAD_DWELL_MS + 1000);
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await scripts.quiet();
}

test(
  'English: the type checker loads ahead once an exercise has been read a moment, silent until used; ' +
    'not on load, not for a page scrolled past',
  async ({ page, context }) => {
    const scripts = new ScriptLog(context, LEARN);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const typeWorkers = () => workers.filter((url) => url.includes('/type-worker-'));

    // Loaded, left at its top.
    await page.goto(roundsUrl(EN));
    await longerThanADwell(page, scripts);
    expect(scripts.among(TYPE_FILES), 'the page loaded').toEqual([]);

    // Every workbench loaded (as when it comes near), the page still at its top; then scrolled to its
    // end and back, half a screen every 50 ms: every editor passes by, none stays in view for the dwell.
    await page.evaluate(() => {
      for (const element of document.querySelectorAll('ga-exercise'))
        (element as HTMLElement & { start(): void }).start();
    });
    await expect(page.locator('ga-exercise:not([data-ready])')).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    await longerThanADwell(page, scripts);
    expect(scripts.among(TYPE_FILES), 'the page scrolled past').toEqual([]);
    expect(typeWorkers()).toEqual([]);

    // An exercise's editor kept in view: the checker loads, binds and says ready, untouched.
    const box = page.locator(`#exercise-${ID}`);
    await box.locator('.cm-editor').scrollIntoViewIfNeeded();
    const status = box.locator('[data-types]');
    await expect(status).toHaveAttribute('data-worker', 'ready', { timeout: 60_000 });
    expect(typeWorkers()).toHaveLength(1);
    expect(scripts.among(TYPE_FILES).some((path) => path.includes('/type-worker-'))).toBe(true);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('ga-exercise'))), 'focus').toBe(false);
    // Silent until used: the line's first sentence, no underline, no announcement.
    await expect(status).toHaveAttribute('data-state', 'idle');
    await expect(status).toHaveText(w(EN, 'types.idle'));
    await expect(box.locator('.cm-lintRange-error, .cm-lintRange-warning')).toHaveCount(0);
    await expect(box.locator('[data-types-live]')).toHaveText('');

    // Used: the starter's problems, from the checker already there (no second worker).
    await box.locator('.cm-content').click();
    await expect(status).toHaveAttribute('data-state', 'ready');
    await typesCheckedFor(box, variant(ID, 'starter', EN));
    await expect(status).not.toHaveText(w(EN, 'types.idle'));
    expect(typeWorkers()).toHaveLength(1);
  },
);

test(
  'English: a link carries the code and opens without running or overwriting; the ' +
    'progress file round-trips, a damaged one is refused',
  async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const box = await openTyped(page, EN);
    const mine = variant(ID, 'starter', EN) + '// mine\n';
    await setCode(page, box, mine);
    await expect.poll(() => savedCode(page), { timeout: 10_000 }).toBe(mine);

    // Copy a link: the link holds the editor's code.
    await box.locator('[data-share]').click();
    await expect(box.locator('[data-share-status]')).toHaveText(w(EN, 'share.copied'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.startsWith(new URL(roundsUrl(EN) + '#code/bill-in-finally/1/', page.url()).href)).toBe(true);
    expect(await codeOfFragment(new URL(copied).hash, MAX_CODE)).toEqual({ code: mine });

    // Another learner's link: shown, nothing run, nothing saved, until a click.
    const theirs = variant(ID, 'solution', EN);
    const fragment = await fragmentFor(ID, theirs);
    const openLink = async (hash: string) => {
      await page.goto('about:blank');
      await page.goto(roundsUrl(EN) + hash);
      await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    };
    await openLink(fragment);
    await expect(box).toBeInViewport();
    const notice = box.locator('[data-share-notice]');
    await expect(notice.locator('p')).toHaveText(w(EN, 'share.opened'));
    expect(await editorText(box)).toBe(theirs);
    await expect(box.locator('.exercise-report')).toHaveCount(0);
    expect(await savedCode(page)).toBe(mine);
    expect(await axeViolations(page, `#exercise-${ID}`), 'axe, a link’s notice').toEqual([]);
    await notice.getByRole('button', { name: w(EN, 'share.back') }).click();
    expect(await editorText(box)).toBe(mine);
    await expect(notice.locator('p')).toHaveText(w(EN, 'share.backDone'));
    expect(new URL(page.url()).hash).toBe(`#exercise-${ID}`);
    expect(await savedCode(page)).toBe(mine);

    await openLink(fragment);
    await notice.getByRole('button', { name: w(EN, 'share.keep') }).click();
    await expect(notice.locator('p')).toHaveText(w(EN, 'share.kept'));
    expect(await savedCode(page)).toBe(theirs);

    // A link cut short: said, and the code stays.
    await openLink(fragment.slice(0, -12));
    await expect(notice.locator('p')).toHaveText(w(EN, 'share.damaged'));
    expect(await editorText(box)).toBe(theirs);

    // The progress file: downloaded, then loaded back over a changed code.
    const progress = page.locator('[data-transfer]');
    await progress.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      progress.getByRole('button', { name: w(EN, 'transfer.download') }).click(),
    ]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/^ga-course-progress-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    const file = JSON.parse(text) as { format: string; exercises: Record<string, { code: string | null }> };
    expect(file.format).toBe('ga-course-progress');
    expect(file.exercises[ID]!.code).toBe(theirs);
    await expect(progress.locator('[data-transfer-status]')).toHaveText(w(EN, 'transfer.downloaded', { file: name }));
    await setCode(page, box, mine);
    await expect.poll(() => savedCode(page), { timeout: 10_000 }).toBe(mine);

    const input = progress.locator('[data-transfer-file]');
    const status = progress.locator('[data-transfer-status]');
    // Damaged, foreign, not JSON: refused with the reason, nothing changed.
    await input.setInputFiles({
      name: 'progress.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text.replace('"hints": 0', '"hints": -1')),
    });
    await expect(status).toHaveText(
      w(EN, 'transfer.damaged', { file: 'progress.json', where: `exercises.${ID}.hints` }),
    );
    await input.setInputFiles({
      name: 'package.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"name": "x", "version": "1.0.0"}'),
    });
    await expect(status).toHaveText(w(EN, 'transfer.foreign', { file: 'package.json' }));
    await input.setInputFiles({
      name: name,
      mimeType: 'application/json',
      buffer: Buffer.from(text.slice(0, text.length / 2)),
    });
    await expect(status).toHaveText(w(EN, 'transfer.notJson', { file: name }));
    expect(await savedCode(page)).toBe(mine);
    expect(await editorText(box)).toBe(mine);

    // The whole file: asked first, then loaded, and the page shows it after reloading.
    await input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(progress.locator('[data-transfer-confirm] p')).toHaveText(
      w(EN, 'transfer.confirm_one', { count: 1, file: name }),
    );
    expect(await axeViolations(page, '[data-exercise-progress]'), 'axe, the question before a load').toEqual([]);
    await progress.getByRole('button', { name: w(EN, 'transfer.yes') }).click();
    await expect(status).toHaveText(w(EN, 'transfer.loaded_one', { file: name, count: 1 }), { timeout: 30_000 });
    expect(await savedCode(page)).toBe(theirs);
    await box.scrollIntoViewIfNeeded();
    await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    expect(await editorText(box)).toBe(theirs);
  },
);

test(
  'Spanish: TypeScript speaks Spanish; every Spanish reference solution is clean; ' +
    'a link and a damaged file are told in Spanish',
  async ({ page, context }) => {
    const scripts = new ScriptLog(context, LEARN);
    const box = await openTyped(page, ES);
    const status = box.locator('[data-types]');
    await expect(status).toHaveText(w(ES, 'types.idle'));
    await startTypes(box);
    await referencesClean(page, box, ES);
    await typeCheckerWithinBudget(scripts, ES);
    await typeMistakes(page, box, ES);
    await expect(status).toContainText(w(ES, 'types.count_other', { count: 2 }));
    await box.locator('.cm-lintRange-error', { hasText: 'tokensRecieved' }).hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await expect(tooltip).toContainText(
      'La propiedad "tokensRecieved" no existe en el tipo "RoundReader". ¿Quería decir "tokensReceived"?',
    );
    await expect(tooltip).toContainText('TS2551');
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\nnew RoundReader().tok');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(
      page.locator('.cm-tooltip-autocomplete [role=option]').filter({ hasText: 'tokensReceived' }),
    ).toHaveCount(1, { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await box
      .locator('.cm-line span', { hasText: /^readChatChunks$/ })
      .first()
      .hover();
    await expect(page.locator('.cm-tooltip-hover')).toContainText('readChatChunks(body: ReadableStream<Uint8Array>', {
      timeout: 30_000,
    });
    // CodeMirror's own words are the page's too: a control character's title.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('\u0007');
    await expect(box.locator('.cm-specialChar').first()).toHaveAttribute(
      'title',
      new RegExp(`^${w(ES, 'cm.controlCharacter')} `),
    );

    const progress = page.locator('[data-transfer]');
    await progress.locator('[data-transfer-file]').setInputFiles({
      name: 'progreso.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"format": "ga-course-progress", "version": 1, "saved": "2025-06-01T00:00:00Z", ' +
          '"exercises": {"bill-in-finally": {"code": 7, "solved": false, "assisted": ' +
          'false, "revealed": false, "hints": 0, "last": null, "answer": null}}}',
      ),
    });
    await expect(progress.locator('[data-transfer-status]')).toHaveText(
      w(ES, 'transfer.damaged', { file: 'progreso.json', where: 'exercises.bill-in-finally.code' }),
    );

    await page.goto('about:blank');
    await page.goto(roundsUrl(ES) + (await fragmentFor(ID, variant(ID, 'solution', ES))));
    await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 30_000 });
    await expect(box.locator('[data-share-notice] p')).toHaveText(w(ES, 'share.opened'));
    await expect(box.locator('[data-share-notice]').getByRole('button', { name: w(ES, 'share.keep') })).toBeVisible();
  },
);

test(
  'French, under a strict Content-Security-Policy (no eval, workers from the site ' +
    'only): every French reference solution is clean; the problems in French',
  async ({ page, context }) => {
    // The pages' policy, and the scripts' own (a worker's policy is its script's: it gets no network,
    // no eval, only the site's modules). Inline scripts stay allowed in the pages here, for the site's
    // own, which are not the type checker's business.
    const pagePolicy =
      "default-src 'none'; script-src 'self' 'unsafe-inline'; worker-src 'self'; " +
      "connect-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
      "font-src 'self'";
    const scriptPolicy = "default-src 'none'; script-src 'self'; connect-src 'none'; worker-src 'none'";
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      const type = response.headers()['content-type'] ?? '';
      const policy = type.includes('html') ? pagePolicy : type.includes('javascript') ? scriptPolicy : null;
      await route.fulfill({
        response,
        headers: policy ? { ...response.headers(), 'content-security-policy': policy } : response.headers(),
      });
    });
    const violations: string[] = [];
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    page.on('console', (message) => {
      if (/Content Security Policy|CSP:/.test(message.text())) violations.push(message.text());
    });
    const scripts = new ScriptLog(context, LEARN);
    const box = await openTyped(page, FR);
    await startTypes(box);
    await referencesClean(page, box, FR);
    await typeCheckerWithinBudget(scripts, FR);
    await typeMistakes(page, box, FR);
    await expect(box.locator('[data-types]')).toContainText(w(FR, 'types.count_other', { count: 2 }));
    await box.locator('.cm-lintRange-error', { hasText: 'tokensRecieved' }).hover();
    await expect(page.locator('.cm-tooltip-lint')).toContainText(
      "Est-ce qu'il ne s'agit pas plutôt de 'tokensReceived' ?",
    );
    expect(violations).toEqual([]);
  },
);
