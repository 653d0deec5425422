// The exercise workbenches, in English: each of the four exercises solved by typing its reference
// solution; the starter's first failing case with expected and actual; an endless loop stopped by
// the time limit while the page keeps answering; a syntax error with line and column; code and
// solved state kept across a reload; reset; the keyboard alone; 360 px. Elsewhere: every reference
// solution in every language passes (test/unit/exercises.test.ts), es/fr strings and starters
// (locales.spec.ts), axe (a11y.spec.ts), the page's layout at 360 px in each locale (layout.spec.ts).

import type { Locator, Page } from '@playwright/test';
import { EXERCISES, EXERCISE_IDS } from '../../lessons-code/exercises/index.ts';
import { exerciseStorageKey } from '../../lessons-code/exercises/ids.ts';
import type { ExerciseId } from '../../lessons-code/exercises/types.ts';
import { EN, expect, lessonUrl, t as uiString, test } from './fixtures.ts';

/** Waits until the workbench has saved this code (it saves after a moment of quiet). */
async function saved(page: Page, id: ExerciseId, code: string): Promise<void> {
  await page.waitForFunction(([key, code]) => {
    try {
      return (JSON.parse(localStorage.getItem(key!) ?? '{}') as { code?: string }).code === code;
    } catch {
      return false;
    }
  }, [exerciseStorageKey(id), code]);
}

/** The workbench of one exercise, scrolled into view and loaded. */
async function open(page: Page, id: ExerciseId): Promise<Locator> {
  const box = page.locator(`#exercise-${id}`);
  await box.scrollIntoViewIfNeeded();
  await expect(box.locator('ga-exercise')).toHaveAttribute('data-ready', '', { timeout: 15_000 });
  await expect(box.locator('.cm-content')).toBeVisible();
  return box;
}

/** Replaces the editor's text the way a learner pasting would: select all, then insert. */
async function setCode(page: Page, box: Locator, code: string): Promise<void> {
  await box.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

const editorText = (box: Locator) => box.locator('.cm-content').evaluate((el) => (el as HTMLElement & { cmView?: unknown }).closest('.cm-editor') && [...el.querySelectorAll('.cm-line')].map((line) => line.textContent).join('\n'));

async function check(box: Locator): Promise<void> {
  await box.locator('[data-check]').click();
  await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-checking', '', { timeout: 10_000 });
  await expect(box.locator('.exercise-report')).toBeVisible();
}

const locale = EN;
test.describe(`exercises (${locale.code})`, () => {
  const t = (key: string, vars: Record<string, string | number> = {}) => uiString(locale, `course.exercise.${key}`, vars);

  test('typing each reference solution and checking marks it solved; the progress line counts; a reload keeps code and state', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const progress = page.locator('[data-progress-text]');
    await expect(progress).toHaveText(t('progress', { solved: 0, total: 4 }));
    for (const [i, id] of EXERCISE_IDS.entries()) {
      const box = await open(page, id);
      await expect(box.locator('.exercise-solved')).toBeHidden();
      await setCode(page, box, EXERCISES[id].solution[locale.code]);
      await check(box);
      const cases = box.locator('.exercise-cases > li');
      await expect(cases).toHaveCount(EXERCISES[id].cases.length);
      for (let c = 0; c < EXERCISES[id].cases.length; c++) await expect(cases.nth(c)).toHaveAttribute('data-status', 'pass');
      await expect(box.locator('.exercise-summary')).toContainText(t('allPass', { total: EXERCISES[id].cases.length }));
      await expect(box.locator('.exercise-solved')).toBeVisible();
      await expect(box.locator('.exercise-solved')).toContainText(t('solved'));
      await expect(progress).toHaveText(i === 3 ? t('progressAll', { total: 4 }) : t('progress', { solved: i + 1, total: 4 }));
    }
    // A reload keeps each exercise's code and its solved badge.
    for (const id of EXERCISE_IDS) await saved(page, id, EXERCISES[id].solution[locale.code]);
    await page.reload();
    await expect(progress).toHaveText(t('progressAll', { total: 4 }));
    for (const id of EXERCISE_IDS) {
      const box = await open(page, id);
      await expect(box.locator('.exercise-solved')).toBeVisible();
      expect(await editorText(box)).toBe(EXERCISES[id].solution[locale.code]);
    }
  });

  test('the starter shows each case in order, the first failing one open with expected and actual, and a hint', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'fix-746');
    expect(await editorText(box)).toBe(EXERCISES['fix-746'].starter[locale.code]);
    await check(box);
    const cases = box.locator('.exercise-cases > li');
    await expect(cases).toHaveCount(3);
    await expect(box.locator('.exercise-summary')).toHaveText(t('summary', { passed: 0, total: 3 }));
    await expect(cases.nth(0)).toHaveAttribute('data-status', 'fail');
    await expect(cases.nth(0)).toContainText('✗');
    await expect(cases.nth(0)).toContainText(t('status.fail'));
    const first = cases.nth(0).locator('details');
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('.exercise-expected')).toContainText(t('expected'));
    await expect(first.locator('.exercise-expected pre')).toHaveText('"data: a\\ndata: \\ndata: b\\n\\n"');
    await expect(first.locator('.exercise-actual')).toContainText(t('actual'));
    await expect(first.locator('.exercise-actual pre')).toHaveText('"data: a\\n\\nb\\n\\n"');
    await expect(cases.nth(1).locator('details')).not.toHaveAttribute('open', '');
    // The table case: the whole table, each wrong cell marked with ✗ and its expected verdict.
    await cases.nth(2).locator('summary').click();
    const table = cases.nth(2).locator('table');
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(table.locator('td.exercise-cell-bad')).not.toHaveCount(0);
    await expect(table.locator('td.exercise-cell-bad').first()).toContainText('✗');
    await expect(table.locator('td.exercise-cell-bad').first()).toContainText(t('cellExpected', { expected: '' }).replace(/\)$/, '').trim());
    // A hint appears after the failed check; another after the next one.
    await expect(box.locator('.exercise-hint-list li')).toHaveCount(1);
    await check(box);
    await expect(box.locator('.exercise-hint-list li')).toHaveCount(2);
    await expect(box.locator('.exercise-solved')).toBeHidden();
  });

  // How long the stop and the click take is printed by `npm run bench:page`; the 2 s limit itself
  // is checked by the unit tests (test/unit/exercises.test.ts).
  test('`while (true) {}` is stopped with a clear message, and the page answers a click while it runs', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'predict');
    // Load the checker first, so that the measure is the run alone: a syntax error comes back
    // from the spare worker once it is ready.
    await setCode(page, box, 'while (true) {\n');
    await expect(box.locator('[data-syntax]')).toBeVisible({ timeout: 10_000 });
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText('}');
    await expect(box.locator('[data-syntax]')).toBeHidden({ timeout: 10_000 }); // linted: no worker starts during the run
    // In the page: Check, then a click on the reference solution while the check runs. The
    // solution opens while the check is still running (the order of events, not their timing):
    // a page blocked by the loop could only open it once the check was over.
    const order = await box.evaluate(
      (section) =>
        new Promise<{ checkingAtClick: boolean; checkingAtToggle: boolean }>((resolve) => {
          const host = section.querySelector('ga-exercise')!;
          const details = section.querySelector<HTMLDetailsElement>('.exercise-reference')!;
          section.querySelector<HTMLButtonElement>('[data-check]')!.click();
          setTimeout(() => {
            const checkingAtClick = host.hasAttribute('data-checking');
            details.addEventListener('toggle', () => resolve({ checkingAtClick, checkingAtToggle: host.hasAttribute('data-checking') }), { once: true });
            details.querySelector('summary')!.click();
          }, 300);
        }),
    );
    expect(order).toEqual({ checkingAtClick: true, checkingAtToggle: true });
    await expect(box.locator('.exercise-reference')).toHaveAttribute('open', '');
    // The verdict comes once the limit stops the loop (30 s: a bound on finishing, not a timing).
    await expect(box.locator('.exercise-summary')).toContainText(t('timeout'), { timeout: 30_000 });
    // A fresh worker: the next check runs normally.
    await setCode(page, box, EXERCISES.predict.solution[locale.code]);
    await check(box);
    await expect(box.locator('.exercise-solved')).toBeVisible();
  });

  test('an endless loop inside a case keeps the verdicts before it and marks that case stopped', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'fix-746');
    const source = EXERCISES['fix-746'].solution[locale.code].replace('let response = \'\';', "let response = '';\n  while (stream) {}");
    await setCode(page, box, source);
    await check(box);
    const cases = box.locator('.exercise-cases > li');
    await expect(cases.nth(0)).toHaveAttribute('data-status', 'pass');
    await expect(cases.nth(1)).toHaveAttribute('data-status', 'timeout');
    await expect(cases.nth(1)).toContainText(t('caseTimeout'));
    await expect(cases.nth(2)).toHaveAttribute('data-status', 'skipped');
  });

  test('a syntax error shows its line and column, in the results and in the editor as you type', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'chunks-as-units');
    await setCode(page, box, "export const answer = 'x';\n\nexport function render(chunks: string[]) {\n  return chunks.join(;\n}\n");
    // As you type: a gutter marker and the status line under the editor.
    await expect(box.locator('.cm-lint-marker-error')).toHaveCount(1, { timeout: 5000 });
    await expect(box.locator('[data-syntax]')).toHaveText('✗ ' + t('compileError', { line: 4, column: 22, message: 'Unexpected token' }));
    await check(box);
    await expect(box.locator('.exercise-summary')).toHaveText('✗ ' + t('compileError', { line: 4, column: 22, message: 'Unexpected token' }));
    // A thrown error names its line too.
    await setCode(page, box, "export const answer = 'x';\n\nexport function render(chunks: string[]): string {\n  throw new Error('boom');\n}\n");
    await expect(box.locator('[data-syntax]')).toBeHidden({ timeout: 5000 });
    await setCode(page, box, "export const answer = 'Use a passing tone, e.g. a chromatic note.';\n\nexport function render(chunks: string[]): string {\n  throw new Error('boom');\n}\n");
    await check(box);
    const thrown = box.locator('.exercise-cases > li[data-status="throw"]');
    await expect(thrown).toHaveCount(1);
    await expect(thrown).toContainText(t('thrownAt', { line: 4, message: 'Error: boom' }));
    // A missing export is named.
    await setCode(page, box, 'export const answer = 42;\n');
    await check(box);
    await expect(box.locator('.exercise-cases > li').first()).toContainText(
      t('exportWrong', { name: 'answer', kind: t('kind.string'), actual: t('value.number') }),
    );
  });

  test('reset asks first, then brings back the starter code, not the saved code; Ctrl+Z undoes it', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'error-ends-stream');
    const starter = EXERCISES['error-ends-stream'].starter[locale.code];
    await setCode(page, box, '// mine\n');
    await saved(page, 'error-ends-stream', '// mine\n');
    await page.reload();
    const again = await open(page, 'error-ends-stream');
    expect(await editorText(again)).toBe('// mine\n');
    await again.locator('[data-reset]').click();
    const confirm = again.locator('[data-confirm]');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(t('resetConfirm'));
    await expect(confirm.getByRole('button', { name: t('cancel') })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(again.locator('[data-reset]')).toBeFocused();
    expect(await editorText(again)).toBe('// mine\n');
    await again.locator('[data-reset]').click();
    await confirm.getByRole('button', { name: t('resetYes') }).click();
    expect(await editorText(again)).toBe(starter);
    await page.keyboard.press('ControlOrMeta+z');
    expect(await editorText(again)).toBe('// mine\n');
    // Loading the reference solution asks too.
    await again.locator('.exercise-reference summary').click();
    await again.locator('[data-load-reference]').click();
    await again.locator('[data-confirm-reference]').getByRole('button', { name: t('referenceYes') }).click();
    expect(await editorText(again)).toBe(EXERCISES['error-ends-stream'].solution[locale.code]);
  });

  test('the whole flow with the keyboard alone: Tab in, type, Ctrl+Enter, Esc then Tab out', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.goto(lessonUrl(locale));
    const box = await open(page, 'predict');
    const content = box.locator('.cm-content');
    // Focus the last focusable thing before the editor, then Tab into the editor.
    await box.locator('ga-exercise').evaluate((host) => {
      const before = document.createElement('button');
      before.textContent = 'before';
      before.id = 'focus-before';
      host.parentElement!.insertBefore(before, host);
    });
    await page.locator('#focus-before').focus();
    await page.keyboard.press('Tab');
    await expect(content).toBeFocused();
    // Not yet typed: Tab moves on instead of indenting.
    await page.keyboard.press('Tab');
    await expect(content).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(content).toBeFocused();
    // Type the answer over the starter, then Tab indents.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type("export const fromGaChatbotApi = ['a\\nb'];\nexport const fromGaApi = ['a'];\nexport const dependsOnSystem = 'neither';\n");
    await page.keyboard.press('Tab');
    await expect(content).toBeFocused();
    expect(await editorText(box)).toContain("\n  ");
    await page.keyboard.press('Backspace');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(box.locator('.exercise-solved')).toBeVisible({ timeout: 10_000 });
    await expect(box.locator('[data-live]')).toContainText(t('allPass', { total: 3 }));
    // The proof appears after the check: the bytes with visible line ends.
    await expect(box.locator('[data-reveal]')).toContainText('␍␊');
    // Esc, then Tab, leaves the editor for the Check button.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(box.locator('[data-check]')).toBeFocused();
    // The buttons work from the keyboard: Reset, then Escape cancels.
    await page.keyboard.press('Tab');
    await expect(box.locator('[data-reset]')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(box.locator('[data-confirm]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(box.locator('[data-confirm]')).toBeHidden();
  });

  test('a corrupt or forbidden store is ignored without breaking the page', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.addInitScript(() => {
      localStorage.setItem('ga-course:l6:v1:exercise:predict', '{not json');
      localStorage.setItem('ga-course:l6:v1:exercise:fix-746', JSON.stringify({ code: 42, solved: 'yes', hints: -3 }));
    });
    await page.goto(lessonUrl(locale));
    await expect(page.locator('[data-progress-text]')).toHaveText(t('progress', { solved: 0, total: 4 }));
    const box = await open(page, 'predict');
    expect(await editorText(box)).toBe(EXERCISES.predict.starter[locale.code]);
    // Now a store that throws on every call for the course's keys (the theme switcher keeps its own).
    await page.addInitScript(() => {
      const { getItem, setItem } = Storage.prototype;
      const mine = (key: unknown) => String(key).startsWith('ga-course:');
      Storage.prototype.getItem = function (this: Storage, key: string) {
        if (mine(key)) throw new DOMException('denied', 'SecurityError');
        return getItem.call(this, key);
      };
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (mine(key)) throw new DOMException('quota', 'QuotaExceededError');
        return setItem.call(this, key, value);
      };
    });
    await page.reload();
    const box2 = await open(page, 'chunks-as-units');
    await setCode(page, box2, EXERCISES['chunks-as-units'].solution[locale.code]);
    await check(box2);
    await expect(box2.locator('.exercise-solved')).toBeVisible();
    await expect(page.locator('[data-progress-text]')).toHaveText(t('progress', { solved: 1, total: 4 }));
    await expect(box2.locator('[data-storage]')).toBeVisible();
  });

  test('at 360 px wide the editor text is at least 16 px (no zoom on focus)', async ({ page, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(lessonUrl(locale));
    await open(page, 'predict');
    const size = await page.locator('#exercise-predict .cm-content').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(16);
  });
});

test('the editor and the checker load only when an exercise comes near, never on first paint', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || /\.js(\?|$)/.test(request.url())) scripts.push(request.url());
  });
  await page.goto(lessonUrl(EN));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /\/exercise\.|exercise-worker/.test(url))).toEqual([]);
  const box = await open(page, 'predict');
  expect(scripts.filter((url) => /\/exercise\./.test(url)).length).toBe(1);
  // The worker (and its transpiler) waits for the first use.
  expect(scripts.filter((url) => /exercise-worker/.test(url))).toEqual([]);
  await check(box);
  expect(scripts.filter((url) => /exercise-worker/.test(url)).length).toBeGreaterThanOrEqual(1);
});
