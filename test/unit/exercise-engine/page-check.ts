// The page's check of a file (src/exercise-engine/runner.ts: the checker's verdicts, the code in a
// learner's worker of its own), run once per text in a test worker and kept: the tests that judge the
// same mistake or alternative in different ways (exercise-mistakes.test.ts, learner-sides.test.ts,
// exercises.test.ts) share its report instead of checking the file again. A check gives the same
// report every time (the generated cases' seeds come from their ids, src/exercise-engine/generated.ts;
// exercise-generated.test.ts checks that it does), so sharing it changes no verdict. The files of a
// test worker share this module (vitest.config.ts, `isolate: false`), so a file checked by one test
// file is not checked again by the next one in the same worker.

import { globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import type { CheckReport } from '../../../src/exercise-engine/types.ts';
import { testPlatform } from './exercises-platform.ts';

const reports = new Map<string, Promise<CheckReport>>();
let runner: ExerciseRunner | null = null;

/** The English check of `source` as an answer to `exercise`: the first call runs it, the others share its report. */
export function pageCheck(exercise: string, source: string): Promise<CheckReport> {
  const key = `${exercise}\n${source}`;
  let report = reports.get(key);
  if (report === undefined) {
    runner ??= new ExerciseRunner(testPlatform(globRegistry));
    report = runner.run(exercise, 'en', source);
    reports.set(key, report);
  }
  return report;
}

/** For a test file's afterAll: ends the workers of the checks; a later check starts new ones, the reports stay. */
export function endPageChecks(): void {
  runner?.dispose();
  runner = null;
}
