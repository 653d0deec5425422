// What a learner reads after a check is exact: an error the code threw is reported once (as the
// case's error, not again among what the case caught), and an expected note states the condition the
// case checks, "at the start of a line" included. Each exercise is run in a learner's worker, as the
// page runs it; the verdict is drawn as the workbench draws it (linkedom's document).

import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwantedSplit } from '../../../lessons-code/exercises/chunks-as-units/cases.ts';
import type { Translate } from '../../../src/demo-kit/kit-client.ts';
import { exerciseText, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { LOCALES, type CaseReport, type CheckReport } from '../../../src/exercise-engine/types.ts';
import en from '../../../content/i18n/en.json' with { type: 'json' };
import { testPlatform } from './exercises-platform.ts';

const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const strings = en as Record<string, string>;
const t: Translate = (key, vars) =>
  (strings[`course.exercise.${key}`] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

let verdictBody: typeof import('../../../src/workbench/exercise-render.ts').verdictBody;
beforeAll(async () => {
  (globalThis as { document?: unknown }).document = parseHTML('<!doctype html><html><body></body></html>').document;
  ({ verdictBody } = await import('../../../src/workbench/exercise-render.ts'));
});

const caseOf = (report: CheckReport, id: string): CaseReport['verdict'] => {
  if (report.outcome !== 'checked') throw new Error(`not checked: ${report.outcome}`);
  return report.cases.find((c) => c.id === id)!.verdict;
};

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe('an error the learner’s code threw is reported once', () => {
  // The case calls routeAnthropic on many events; on each event without a delta it throws the same
  // TypeError, at the same line, and the case lets one of them through.
  const source = readFileSync(
    new URL('../../../lessons-code/exercises/route-anthropic/mistakes/no-event-check.ts', import.meta.url),
    'utf8',
  );
  const MESSAGE = "TypeError: Cannot read properties of undefined (reading 'type')";

  it('as the case’s error, and not again among what the case caught', async () => {
    const report = await runner.run('route-anthropic', 'en', source);
    const verdict = caseOf(report, 'answer');
    expect(verdict).toMatchObject({ status: 'throw', error: { message: MESSAGE, line: 10 } });
    expect(verdict.status === 'throw' && (verdict.caught ?? []).map((error) => error.message)).not.toContain(MESSAGE);
    // What the learner reads: the message once, with its line, and no "caught" block for it.
    const body = verdictBody(verdict, t, false)!;
    expect(occurrences(body.textContent!, MESSAGE)).toBe(1);
    expect(body.querySelector('.exercise-caught')).toBeNull();
    expect(body.textContent).toContain(t('thrownAt', { line: '10' }));
  });

  it('two different errors of one case are both reported', async () => {
    const twoErrors = source.replace(
      'const { delta } = JSON.parse(data);',
      "const { delta } = JSON.parse(data);\n  if (data.includes('ping')) throw new RangeError('a ping');",
    );
    const verdict = caseOf(await runner.run('route-anthropic', 'en', twoErrors), 'answer');
    expect(verdict.status).toBe('throw');
    const body = verdictBody(verdict, t, false)!.textContent!;
    const reported = [MESSAGE, 'RangeError: a ping'].map((message) => occurrences(body, message));
    expect(reported).toEqual([1, 1]);
  });
});

describe('an expected note says what its case checks', () => {
  it('chunks-as-units: a list number counts only at the start of a line, in the note as in the check', async () => {
    // The rule the case applies (cases.ts): a chunk that ends after "3. " at the start of a line is
    // split where no sentence ends; one that ends after "step 3. " in a sentence is not.
    expect(unwantedSplit(['Play the root.\n3. ', 'Add the third.'])).toBe(0);
    expect(unwantedSplit(['Go to step 3. ', 'Then stop.'])).toBeNull();
    const where = { en: 'at the start of a line', es: 'al principio de una línea', fr: 'en début de ligne' };
    for (const locale of LOCALES) {
      const text = exerciseText('chunks-as-units', locale)!;
      expect(text.cases['unwanted-split']!.checks, locale).toContain(where[locale]);
      // What the learner reads under "Expected" when the case fails (the starter's answer has no such split).
      const report = await runner.run('chunks-as-units', locale, exerciseSource('chunks-as-units', 'starter', locale));
      const verdict = caseOf(report, 'unwanted-split');
      expect(verdict.status === 'fail' && verdict.expected, locale).toEqual({
        kind: 'note',
        text: text.strings!['unwanted.expected'],
      });
      expect(text.strings!['unwanted.expected'], locale).toContain(where[locale]);
    }
  });
});
