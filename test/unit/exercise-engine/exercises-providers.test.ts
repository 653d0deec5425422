// The two exercises of the 06c page, beyond what test/unit/exercise-engine/exercises.test.ts checks for every
// exercise (reference and alternatives pass in three languages, starters fail): each starter fails
// for the reason the page gives, and what the cases expect is what lessons-code computes.

import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/lib/locales.ts';
import { PROVIDER_ANSWER, PROVIDER_REASONING, readProviderPieces, recordingById } from '../../../lessons-code/index.ts';
import { exerciseDefinition, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { exerciseSource } from '../../../src/exercise-engine/sources.ts';
import type { CaseVerdict, CheckReport } from '../../../src/exercise-engine/types.ts';
import { growthsOf } from '../../../lessons-code/exercises/growing-text/cases.ts';
import { NEITHER } from '../../../lessons-code/exercises/route-anthropic/cases.ts';
import { testPlatform } from './exercises-platform.ts';

const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const verdicts = (report: CheckReport): Record<string, CaseVerdict> =>
  report.outcome === 'checked' ? Object.fromEntries(report.cases.map((c) => [c.id, c.verdict])) : {};
const shownText = (verdict: CaseVerdict | undefined): string =>
  verdict && 'actual' in verdict ? JSON.stringify(verdict.actual) : '';

describe('growing-text: pass on only the new text', () => {
  it(
    'the starter repeats the start of the answer: every recording’s channels are ' + 'wrong, and so is each part',
    async () => {
      const report = verdicts(await runner.run('growing-text', 'en', exerciseSource('growing-text', 'starter', 'en')));
      for (const id of ['three-texts', 'each-part', 'openai', 'anthropic', 'gemini'])
        expect(report[id]?.status, id).toBe('fail');
      // The first failing case, whose details the page opens: the three texts passed on whole, named.
      expect(report['three-texts']).toMatchObject({ diagnoses: ['whole-text'] });
      // What the learner sees: the answer's first sentence more than once.
      const actual = shownText(report.anthropic);
      expect(actual.split('Play E Phrygian').length - 1).toBeGreaterThan(1);
    },
  );

  it('the cases expect the recordings’ own channels, closed, and reads that really grow', () => {
    const cases = exerciseDefinition('growing-text')!.cases;
    for (const provider of ['openai', 'anthropic', 'gemini']) {
      expect(cases.find((c) => c.id === provider)!.expected).toEqual({
        answer: PROVIDER_ANSWER,
        reasoning: PROVIDER_REASONING,
        complete: true,
      });
    }
    const growths = growthsOf(recordingById('anthropic').bytes, 'anthropic');
    expect(growths.length).toBeGreaterThan(40); // 2,879 bytes in reads of 64
    expect(growths.at(-1)).toBe(recordingById('anthropic').text);
    for (let i = 1; i < growths.length; i++) expect(growths[i]!.startsWith(growths[i - 1]!)).toBe(true);
    const cut = cases.find((c) => c.id === 'cut')!.expected as { complete: boolean; answer: string };
    expect(cut.complete).toBe(false);
    expect(PROVIDER_ANSWER.startsWith(cut.answer)).toBe(true);
  });
});

describe('route-anthropic: keep the reasoning out of the answer', () => {
  it(
    'the starter leaks the reasoning into the answer and routes deltas that belong ' +
      'to neither channel; padded and escaped JSON it reads',
    async () => {
      const report = verdicts(
        await runner.run('route-anthropic', 'en', exerciseSource('route-anthropic', 'starter', 'en')),
      );
      for (const id of ['answer', 'reasoning', 'no-leak', 'neither', 'names-a-type', 'empty-thinking'])
        expect(report[id]?.status, id).toBe('fail');
      for (const id of ['no-thinking', 'padded', 'escaped']) expect(report[id]?.status, id).toBe('pass');
      expect(shownText(report['no-leak'])).toContain('Keep the answer short.');
    },
  );

  it('the cases expect what lessons-code’s parser makes of the same events', () => {
    const cases = exerciseDefinition('route-anthropic')!.cases;
    const whole = readProviderPieces('anthropic', [recordingById('anthropic').bytes]);
    expect(cases.find((c) => c.id === 'answer')!.expected).toBe(whole.answer);
    expect(cases.find((c) => c.id === 'reasoning')!.expected).toBe(whole.reasoning);
    // Every event that must reach neither channel reaches neither with lessons-code's parser too.
    for (const data of NEITHER) {
      const result = readProviderPieces('anthropic', [new TextEncoder().encode(`data: ${data}\n\n`)]);
      expect([result.answer, result.reasoning], data).toEqual(['', '']);
    }
  });
});

describe('the checker worker’s registry loads each exercise when first asked', () => {
  it('knows the same exercises as the eager registry, and loads the same definitions and strings', async () => {
    const { lazyRegistry } = await import('../../../src/exercise-engine/registry-lazy.ts');
    expect(lazyRegistry.ids).toEqual(globRegistry.ids);
    for (const id of lazyRegistry.ids) {
      expect(await lazyRegistry.definition(id)).toBe(globRegistry.definition(id));
      // Of the text, the checker needs only what the cases show: `strings`.
      for (const locale of LOCALES)
        expect((await lazyRegistry.text(id, locale))?.strings).toEqual((await globRegistry.text(id, locale))?.strings);
    }
    expect(await lazyRegistry.definition('no-such-exercise')).toBeUndefined();
  });
});
