// Plausible wrong answers never pass, and each is named: every file of
// lessons-code/exercises/<id>/mistakes/ is learner code with a mistake the lesson warns about, or a
// classic bug of the topic. Its first comment says which, in four fields:
//
//   // Mistake: what the code does wrong, in the learner's terms (may run over several lines)
//   // Lesson: /ga-ai/06-answer-on-the-wire/#sentences   (the section that explains the rule broken)
//   // Fails: render-changes, page-exact                 (every case that must not pass, in order)
//   // Diagnosis: trimmed-then-spaced                    (the diagnosis the first failing case shows)
//
// How many files, what their headers say and that they compile are the contract's rules
// (checkExercise, src/exercise-engine/check-exercise.ts, run by exercise-contract.test.ts). Each file
// is checked once as the page checks it (a learner's worker, the checker's verdicts; page-check.ts),
// and that one report is judged three ways. The header: the file must not be solved, exactly the
// cases its header names must fail, and its diagnosis must be among those of the first failing case
// (the case whose details the page opens). The generated cases (src/exercise-engine/generated.ts):
// a mistake in code fails at least one (a domain too narrow to tell it from a right answer fails
// here), and run through every case the file is named by its own diagnoses and no other, so a
// diagnosis is only shown when it is true. Mutation testing's side: judged in process
// (learner-sides.ts), each case gets the same verdict as on the page.

import { afterAll, describe, expect, it } from 'vitest';
import { exerciseDefinition } from '../../../src/exercise-engine/registry.ts';
import { isSolved } from '../../../src/exercise-engine/solved.ts';
import type { CaseReport, CaseVerdict } from '../../../src/exercise-engine/types.ts';
import { mistakeFiles, type MistakeFile } from '../../exercise-mistakes.ts';
import { EXERCISES } from '../../exercises.ts';
import { inProcessVerdicts, pageVerdicts, type Module } from './learner-sides.ts';
import { endPageChecks, pageCheck } from './page-check.ts';

const MISTAKES = mistakeFiles();
afterAll(endPageChecks);

/** Each mistake file as a module, for the in-process side. */
const MODULES = import.meta.glob<Module>('../../../lessons-code/exercises/*/mistakes/*.ts', { eager: true });

/** The page's check of a mistake file (one per file: page-check.ts). */
const checkOf = (m: MistakeFile) => pageCheck(m.exercise, m.source);

/** The cases of a check that ran them (a check that did not fails the test). */
const casesOf = async (m: MistakeFile): Promise<CaseReport[]> => {
  const report = await checkOf(m);
  expect(report.outcome, 'the code loads and its cases run').toBe('checked');
  return report.outcome === 'checked' ? report.cases : [];
};

/** The diagnoses a verdict shows: the case's own, and the engine's verdict on a value the code changed. */
const diagnosesOf = (verdict: CaseVerdict): string[] =>
  verdict.status === 'fail' || verdict.status === 'throw'
    ? (verdict.diagnoses ?? [])
    : verdict.status === 'changed'
      ? [verdict.change.kind, ...(verdict.diagnoses ?? [])]
      : [];

describe('no mistake passes, each fails where its header says, with its diagnosis', () => {
  for (const m of MISTAKES) {
    it(`${m.exercise}/mistakes/${m.name}: fails ${m.fails.join(', ')}, diagnosed ${m.diagnosis}`, async () => {
      const caseIds = exerciseDefinition(m.exercise)!.cases.map((c) => c.id);
      const report = await checkOf(m);
      expect(report.outcome, 'the code loads and its cases run').toBe('checked');
      if (report.outcome !== 'checked') return;
      expect(isSolved(report, caseIds)).toBe(false);
      const failing = report.cases.filter((c) => c.verdict.status !== 'pass');
      expect(failing.map((c) => c.id)).toEqual(m.fails);
      expect(diagnosesOf(failing[0]!.verdict), `the diagnoses shown on ${failing[0]!.id}`).toContain(m.diagnosis);
    });
  }
});

describe('every mistake in code fails a generated case, and each is named by its own diagnosis and no other', () => {
  const codeExercises = EXERCISES.filter((id) => exerciseDefinition(id)!.kind !== 'prediction');
  for (const m of MISTAKES.filter((file) => codeExercises.includes(file.exercise))) {
    it(`${m.exercise}/mistakes/${m.name}: ${m.diagnosis}`, async () => {
      const definition = exerciseDefinition(m.exercise)!;
      const generated = new Set(definition.cases.filter((c) => c.kind === 'generated').map((c) => c.id));
      const cases = await casesOf(m);
      const failingGenerated = cases.filter((c) => generated.has(c.id) && c.verdict.status !== 'pass');
      // A mistake in a value the learner exports (an answer written out, not computed: its first
      // failing case reads values only) is no function of any input: generated inputs cannot reach
      // it, its chosen cases do.
      const first = definition.cases.find((c) => c.id === m.fails[0])!;
      const inCode = first.uses.some((name) => definition.exports[name] === 'function');
      if (inCode)
        expect(
          failingGenerated.map((c) => c.id),
          'the generated cases it fails',
        ).not.toEqual([]);
      const shown = new Set(cases.flatMap((c) => diagnosesOf(c.verdict)));
      expect([...shown].sort(), 'every diagnosis shown, on any case').toEqual([...m.diagnoses].sort());
    });
  }
});

describe('the page’s check and the in-process check agree on every mistake, case by case', () => {
  for (const m of MISTAKES) {
    const name = `${m.exercise}/mistakes/${m.name}`;
    it(name, async () => {
      const module = MODULES[`../../../lessons-code/exercises/${name}`];
      expect(module, `${name} as a module`).toBeDefined();
      const page = pageVerdicts(m.exercise, await checkOf(m));
      const inProcess = await inProcessVerdicts(m.exercise, module!);
      expect(inProcess, `${name}: in process (Stryker's side) against the page's check`).toEqual(page);
    });
  }
});
