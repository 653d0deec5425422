// Every case of every exercise against the exercise's reference solution, its exercise.ts imported
// as a module in this process (in-process-learner.ts says why and how it mirrors the page's check).
// Each case is a test of its own, so that Stryker runs, for a mutant, only the cases that reach
// its code. Run by `npm run mutate` (scripts/mutate.ts), through vitest.mutation.config.ts; on its
// own: `npx vitest run -c vitest.mutation.config.ts`.

import { describe, expect, it } from 'vitest';
import { exerciseIdOf } from '../../src/exercise-engine/exercise-path.ts';
import { EXERCISE_IDS, exerciseDefinition, exerciseText } from '../../src/exercise-engine/registry.ts';
import { checkTools, judgeCase } from './in-process-learner.ts';

// The reference solutions, imported as the tests and tsc import them (see README, "Adding an exercise").
const solutions = Object.fromEntries(
  Object.entries(
    import.meta.glob<Readonly<Record<string, unknown>>>('../../lessons-code/exercises/*/exercise.ts', { eager: true }),
  ).map(([path, module]) => [exerciseIdOf(path), module]),
);

it('finds a reference solution for every exercise', () => {
  expect(Object.keys(solutions).sort()).toEqual([...EXERCISE_IDS]);
});

describe.each(EXERCISE_IDS)('%s', (id) => {
  const definition = exerciseDefinition(id)!;
  const text = exerciseText(id, 'en')!;
  it.each(definition.cases.map((c, index) => ({ id: c.id, index })))('$id', async ({ index }) => {
    expect(await judgeCase(definition, index, solutions[id]!, checkTools(text))).toEqual({ pass: true });
  });
});
