// Plausible wrong answers never pass, and each is named: every file of
// lessons-code/exercises/<id>/mistakes/ is learner code with a mistake the lesson warns about, or a
// classic bug of the topic. Its first comment says which, in four fields:
//
//   // Mistake: what the code does wrong, in the learner's terms (may run over several lines)
//   // Lesson: /ga-ai/06-answer-on-the-wire/#sentences   (the section that explains the rule broken)
//   // Fails: render-changes, page-exact                 (every case that must not pass, in order)
//   // Diagnosis: trimmed-then-spaced                    (the diagnosis the first failing case shows)
//
// Each file is checked as the page checks it (a learner's worker, the checker's verdicts): it must
// not be solved, exactly the cases its header names must fail, and its diagnosis must be among
// those of the first failing case (the case whose details the page opens), with the same lesson
// section in English as the header names.

import { afterAll, describe, expect, it } from 'vitest';
import { exerciseDefinition, exerciseText, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { MIN_LENGTH, MIN_MISTAKES, SECTION_LINK } from '../../../src/exercise-engine/exercise-schema.ts';
import { isSolved } from '../../../src/exercise-engine/solved.ts';
import { transpile } from '../../../src/exercise-engine/transpile.ts';
import type { CaseVerdict } from '../../../src/exercise-engine/types.ts';
import { testPlatform } from './exercises-platform.ts';
import { mistakeFiles } from '../../exercise-mistakes.ts';
import { EXERCISES } from '../../exercises.ts';

const MISTAKES = mistakeFiles();
const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const diagnosesOf = (verdict: CaseVerdict): string[] =>
  verdict.status === 'fail' || verdict.status === 'throw' ? (verdict.diagnoses ?? []) : [];

describe('every exercise has its plausible mistakes as files', () => {
  for (const id of EXERCISES) {
    it(`${id}: at least four mistakes, each with its header filled in and code that compiles`, () => {
      const mine = MISTAKES.filter((m) => m.exercise === id);
      expect(mine.length, `files in lessons-code/exercises/${id}/mistakes/`).toBeGreaterThanOrEqual(MIN_MISTAKES);
      const caseIds = exerciseDefinition(id)!.cases.map((c) => c.id);
      const declared = new Set(exerciseDefinition(id)!.cases.flatMap((c) => (c.diagnoses ?? []).map((d) => d.id)));
      for (const m of mine) {
        const where = `lessons-code/exercises/${id}/mistakes/${m.name}`;
        expect(m.mistake.length, `${where}: "// Mistake:" names the mistake`).toBeGreaterThanOrEqual(
          MIN_LENGTH.mistake,
        );
        expect(m.lesson, `${where}: "// Lesson:" is a link from the site's root to a section`).toMatch(SECTION_LINK.en);
        expect(m.fails.length, `${where}: "// Fails:" names the failing cases`).toBeGreaterThan(0);
        for (const c of m.fails) expect(caseIds, `${where}: "// Fails:" names a case of ${id}`).toContain(c);
        expect(
          [...declared],
          `${where}: "// Diagnosis: ${m.diagnosis}" is declared by a case of ${id}/cases.ts`,
        ).toContain(m.diagnosis);
        expect(exerciseText(id, 'en')!.diagnoses?.[m.diagnosis]?.lesson, `${where}: the diagnosis's lesson`).toBe(
          m.lesson,
        );
        expect(transpile(m.source).ok, `${where} compiles`).toBe(true);
      }
    });
  }
});

describe('no mistake passes, each fails where its header says, with its diagnosis', () => {
  for (const m of MISTAKES) {
    it(`${m.exercise}/mistakes/${m.name}: fails ${m.fails.join(', ')}, diagnosed ${m.diagnosis}`, async () => {
      const caseIds = exerciseDefinition(m.exercise)!.cases.map((c) => c.id);
      const report = await runner.run(m.exercise, 'en', m.source);
      expect(report.outcome, 'the code loads and its cases run').toBe('checked');
      if (report.outcome !== 'checked') return;
      expect(isSolved(report, caseIds)).toBe(false);
      const failing = report.cases.filter((c) => c.verdict.status !== 'pass');
      expect(failing.map((c) => c.id)).toEqual(m.fails);
      expect(diagnosesOf(failing[0]!.verdict), `the diagnoses shown on ${failing[0]!.id}`).toContain(m.diagnosis);
    });
  }
});
