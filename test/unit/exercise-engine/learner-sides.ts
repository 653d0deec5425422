// The two sides that judge an answer's cases (learner-sides.test.ts, exercise-mistakes.test.ts): the
// page's check, with the learner's code in a worker of its own (src/exercise-engine/), and the check
// in process that mutation testing scores mutants with (test/mutation/in-process-learner.ts). Each
// gives one line per case, `id: pass` or `id: not`, so that the two lists can be compared whole.

import { exerciseDefinition, exerciseText } from '../../../src/exercise-engine/registry.ts';
import type { CheckReport } from '../../../src/exercise-engine/types.ts';
import { checkTools, judgeCase } from '../../mutation/in-process-learner.ts';

/** A file of lessons-code/exercises/ as a module. */
export type Module = Readonly<Record<string, unknown>>;

/** Each case's verdict as the page's check gave it (all `not` when the code did not get to its cases). */
export function pageVerdicts(exercise: string, report: CheckReport): string[] {
  return report.outcome === 'checked'
    ? report.cases.map((c) => `${c.id}: ${c.verdict.status === 'pass' ? 'pass' : 'not'}`)
    : exerciseDefinition(exercise)!.cases.map((c) => `${c.id}: not`);
}

/** Each case's verdict on the module, judged in process, case by case. */
export async function inProcessVerdicts(exercise: string, module: Module): Promise<string[]> {
  const definition = exerciseDefinition(exercise)!;
  const tools = checkTools(exerciseText(exercise, 'en')!);
  const verdicts: string[] = [];
  for (const [index, c] of definition.cases.entries()) {
    const verdict = await judgeCase(definition, index, module, tools);
    verdicts.push(`${c.id}: ${verdict.pass ? 'pass' : 'not'}`);
  }
  return verdicts;
}
