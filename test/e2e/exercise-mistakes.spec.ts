// A learner who is wrong is told why: on each page with exercises (test/exercises.ts), every exercise is checked with
// one of its plausible wrong answers (the first file of lessons-code/exercises/<id>/mistakes/, see
// test/exercise-mistakes.ts). The exercise is not solved; the first failing case is the one the
// file's header names, its details open, and under it the diagnosis that names the mistake, with a
// link to the section of the course that explains the rule. In Spanish and French, one mistake each:
// the diagnosis in the page's language, and no English UI phrase in the workbench. A mistake named by
// the engine's own verdict, a value the code changed that its caller keeps, shows where, the value
// before and after, and why it matters; a result that came from earlier calls says first that the
// code keeps state between calls; code saved before the exercise gained a function the check calls
// is told so. Every mistake file failing with its diagnosis is the unit
// tests' (test/unit/exercise-engine/exercise-mistakes.test.ts).

import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { mistakeFiles, type MistakeFile } from '../exercise-mistakes.ts';
import { withCodeText } from '../../src/demo-kit/inline-code.ts';
import { exercisePageKinds, exercisesOn } from '../exercises.ts';
import { PAGES } from '../pages.ts';
import { pasteCode } from './editor-helpers.ts';
import { EN, englishShown, expect, LOCALES, pageUrl, readyWidget, t, test } from './fixtures.ts';

const ROOT = new URL('../../', import.meta.url);
const MISTAKES = mistakeFiles();

/** An exercise's diagnosis text in a locale, as shown (backquotes are code, not characters; its notable spaces ␣). */
function diagnosisText(id: string, diagnosis: string, locale: string): string {
  const text = JSON.parse(readFileSync(new URL(`lessons-code/exercises/${id}/text.${locale}.json`, ROOT), 'utf8'));
  return withCodeText(String(text.diagnoses[diagnosis].text));
}

/** Checks `mistake` in its workbench and returns the first failing case's item. */
async function checkMistake(page: Page, mistake: MistakeFile): Promise<Locator> {
  const box = page.locator(`#exercise-${mistake.exercise}`);
  await readyWidget(page, `#exercise-${mistake.exercise} ga-exercise`);
  await pasteCode(page, box, mistake.source);
  await box.locator('[data-check]').click();
  await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-checking', '', { timeout: 30_000 });
  await expect(box.locator('.exercise-report')).toBeVisible({ timeout: 30_000 });
  await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-solved', '');
  const statuses = await box
    .locator('.exercise-cases > li')
    .evaluateAll((items) => items.map((li) => [li.getAttribute('data-case'), li.getAttribute('data-status')]));
  const failing = statuses.filter(([, status]) => status !== 'pass').map(([id]) => id);
  expect(failing, `${mistake.exercise}/mistakes/${mistake.name}: the failing cases`).toEqual(mistake.fails);
  return box.locator(`.exercise-cases > li[data-case="${mistake.fails[0]}"]`);
}

// Every page that shows an exercise (test/exercises.ts), whichever page it is.
for (const kind of exercisePageKinds()) {
  const file = PAGES[kind].split('/')[2]!;
  test(`${file}: each exercise, given a plausible wrong answer, names the mistake and links the course`, async ({
    page,
  }) => {
    await page.goto(pageUrl(kind, EN));
    for (const id of exercisesOn(PAGES[kind])) {
      const mistake = MISTAKES.find((m) => m.exercise === id);
      expect(mistake, `a file in lessons-code/exercises/${id}/mistakes/`).toBeDefined();
      await test.step(`${id}: ${mistake!.name}`, async () => {
        const item = await checkMistake(page, mistake!);
        const diagnosis = item.locator(`[data-diagnosis="${mistake!.diagnosis}"]`);
        await expect(diagnosis).toBeVisible();
        await expect(diagnosis).toContainText(diagnosisText(id, mistake!.diagnosis, 'en'));
        const link = diagnosis.locator('a');
        const fragment = mistake!.lesson.slice(mistake!.lesson.indexOf('#'));
        expect(await link.getAttribute('href')).toMatch(
          new RegExp(`/learn${mistake!.lesson.replace(/#.*/, '')}${fragment}$`),
        );
        await expect(link).not.toBeEmpty();
        // The case's own section is for a failure no diagnosis recognized.
        await expect(item.locator('[data-case-lesson]')).toBeHidden();
        await expect(item.locator('details').first()).toHaveAttribute('open', '');
      });
    }
  });
}

/** One mistake per other locale, on the lesson page. */
const IN_OTHER_LOCALES: Record<string, string> = { es: 'fix-746', fr: 'chunks-as-units' };

for (const locale of LOCALES.filter((l) => l.code !== 'en')) {
  test(`${locale.code}: a wrong answer's diagnosis in the page's language, no English in the workbench`, async ({
    page,
  }) => {
    const id = IN_OTHER_LOCALES[locale.code]!;
    const mistake = MISTAKES.find((m) => m.exercise === id)!;
    await page.goto(pageUrl('lesson', locale));
    const item = await checkMistake(page, mistake);
    const diagnosis = item.locator(`[data-diagnosis="${mistake.diagnosis}"]`);
    await expect(diagnosis).toBeVisible();
    await expect(diagnosis).toContainText(diagnosisText(id, mistake.diagnosis, locale.code));
    expect(await diagnosis.locator('a').getAttribute('href')).toContain(`/learn/${locale.code}/ga-ai/`);
    expect(await englishShown(page.locator(`#exercise-${id}`), locale), 'English UI phrases').toEqual([]);
  });
}

// The engine's verdict on a value the code changed (src/exercise-engine/learner-watch.ts): in
// French, so that every sentence of it is seen in a language other than the code's.
test('a value the code changed that its caller keeps: where, before and after, why, in the page’s language', async ({
  page,
}) => {
  const french = LOCALES.find((locale) => locale.code === 'fr')!;
  const mistake = MISTAKES.find((m) => m.exercise === 'paragraph-between-rounds' && m.name === 'mutates-input.ts')!;
  await page.goto(pageUrl('rounds', french));
  const item = await checkMistake(page, mistake);
  const tr = (key: string, vars: Record<string, string | number> = {}) => t(french, `course.exercise.${key}`, vars);
  await expect(item).toHaveAttribute('data-status', 'changed');
  await expect(item.locator('[data-case-status]')).toHaveText(tr('status.changed'));
  const verdict = item.locator('.exercise-verdict');
  await expect(verdict.locator('p.bad')).toHaveText(
    withCodeText(tr('changed.argument', { where: 'texts[1]', name: 'joinRounds' })),
  );
  await expect(verdict.locator('.exercise-expected .exercise-label')).toHaveText(
    tr('changed.before', { where: 'texts' }),
  );
  await expect(verdict.locator('.exercise-actual .exercise-label')).toHaveText(tr('changed.after', { where: 'texts' }));
  // The two line breaks written into the second text: the one mark, after the call.
  await expect(verdict.locator('pre ins.exercise-diff')).toHaveCount(1);
  await expect(verdict.locator('pre del.exercise-diff')).toHaveCount(0);
  await expect(verdict.locator('pre ins.exercise-diff')).toHaveAttribute('data-sr-start', tr('changed.srAfter'));
  await expect(verdict).toContainText(tr('changed.argumentWhy'));
  expect(await englishShown(page.locator('#exercise-paragraph-between-rounds'), french), 'English UI phrases').toEqual(
    [],
  );
});

// The engine's second look at a failing case (src/exercise-engine/verdicts.ts, `secondLook`): a
// count kept beside the function makes each relay start where the last one stopped, and the same
// case, alone in a fresh copy of the module, passes. In Spanish: the state named first, then the
// input and the two results as they were, with no English.
test('a result that came from earlier calls: the state kept between calls, named first, in Spanish', async ({
  page,
}) => {
  const spanish = LOCALES.find((locale) => locale.code === 'es')!;
  const mistake = MISTAKES.find((m) => m.exercise === 'growing-text' && m.name === 'count-outside.ts')!;
  const kind = exercisePageKinds().find((k) => exercisesOn(PAGES[k]).includes('growing-text'))!;
  await page.goto(pageUrl(kind, spanish));
  const item = await checkMistake(page, mistake);
  const tr = (key: string) => t(spanish, `course.exercise.${key}`, {});
  await expect(item).toHaveAttribute('data-status', 'fail');
  const verdict = item.locator('.exercise-verdict');
  await expect(verdict.locator('p.bad').first()).toHaveText(withCodeText(tr('keptState')));
  await expect(verdict).toContainText(withCodeText(tr('keptStateWhy')));
  expect(await englishShown(page.locator('#exercise-growing-text'), spanish), 'English UI phrases').toEqual([]);
});

// Code saved before an exercise gained a function its check calls (growing-text's relayInterleaved):
// the cases say the export is missing, and the summary says the starter code declares it and how to
// get it back without losing the code. In French, with no English.
test('code saved before the exercise changed: the summary names what the starter declares and yours lacks', async ({
  page,
}) => {
  const french = LOCALES.find((locale) => locale.code === 'fr')!;
  const reference = readFileSync(new URL('lessons-code/exercises/growing-text/exercise.ts', ROOT), 'utf8');
  const cut = reference.indexOf('// How the check plays several responses under way at once');
  expect(cut).toBeGreaterThan(0);
  const older = reference.slice(0, cut);
  expect(older).not.toContain('relayInterleaved');
  const kind = exercisePageKinds().find((k) => exercisesOn(PAGES[k]).includes('growing-text'))!;
  await page.goto(pageUrl(kind, french));
  const box = page.locator('#exercise-growing-text');
  await readyWidget(page, '#exercise-growing-text ga-exercise');
  await pasteCode(page, box, older);
  await box.locator('[data-check]').click();
  await expect(box.locator('.exercise-report')).toBeVisible({ timeout: 30_000 });
  await expect(box.locator('.exercise-report')).toContainText(
    t(french, 'course.exercise.exportGiven', { names: 'relayInterleaved' }),
  );
  await expect(box.locator('ga-exercise')).not.toHaveAttribute('data-solved', '');
  expect(await englishShown(box, french), 'English UI phrases').toEqual([]);
});
