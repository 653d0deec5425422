// `npm run bench:check`: the time from Check to verdict for each exercise, in Node (the engine's
// checker in this process, the learner's code in a worker thread, as the unit tests run it), on its
// reference solution and on one of its mistakes (a mistake makes a generated case shrink its input).
// Each is measured with every case, then with the generated cases left out, so the difference is
// what the generated inputs cost. Median, min and max of several runs. Exits 0 whatever the figures.
//
//   npm run bench:check                   # 5 runs of each
//   npm run bench:check -- --runs 9

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { changedRegistry, nodeRegistry } from '../src/exercise-engine/registry-node.ts';
import type { ExerciseRegistry } from '../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../src/exercise-engine/runner.ts';
import { readVariant } from '../src/exercise-engine/variants-node.ts';
import { testPlatform } from '../test/unit/exercise-engine/exercises-platform.ts';
import { Figures, runsFromArgs } from './stats.ts';

const RUNS = runsFromArgs(5);
const EXERCISES = new URL('../lessons-code/exercises/', import.meta.url);

/** The same exercises, without their generated cases. */
const withoutGenerated = (registry: ExerciseRegistry): ExerciseRegistry =>
  changedRegistry(registry, (definition) => ({
    ...definition,
    cases: definition.cases.filter((c) => c.kind !== 'generated'),
  }));

/** The first mistake file of an exercise, alphabetically, if it has one. */
function firstMistake(id: string): string | null {
  const dir = new URL(`${id}/mistakes/`, EXERCISES);
  if (!existsSync(dir)) return null;
  const name = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .sort()[0];
  return name ? readFileSync(new URL(name, dir), 'utf8') : null;
}

async function main(): Promise<void> {
  const registry = await nodeRegistry();
  const runners = {
    all: new ExerciseRunner(testPlatform(registry)),
    chosen: new ExerciseRunner(testPlatform(withoutGenerated(registry))),
  };
  const figures = new Figures();
  for (const id of registry.ids) {
    const generated = (await registry.definition(id))!.cases.filter((c) => c.kind === 'generated').length;
    const samples: [string, string][] = [
      ['reference', readVariant(new URL(`${id}/exercise.ts`, EXERCISES), 'solution', 'en').code],
    ];
    const mistake = firstMistake(id);
    if (mistake) samples.push(['a mistake', mistake]);
    for (const [label, source] of samples) {
      for (const [kind, runner] of Object.entries(runners)) {
        if (kind === 'chosen' && generated === 0) continue;
        const name = `${id}, ${label}, ${kind === 'all' ? `all cases (${generated} generated)` : 'chosen cases only'}`;
        // One check first, not measured: the modules it loads are then compiled.
        await runner.run(id, 'en', source);
        for (let run = 0; run < RUNS; run++) {
          // The runner starts the next learner's worker as a check ends, as the page does while the
          // learner reads the verdict: a click on Check finds it ready.
          await new Promise((resolve) => setTimeout(resolve, 500));
          const started = performance.now();
          try {
            await runner.run(id, 'en', source);
            figures.add(name, performance.now() - started);
          } catch (error) {
            figures.fail(name, error);
          }
        }
      }
    }
  }
  for (const runner of Object.values(runners)) runner.dispose();
  figures.print(`Check to verdict, in Node (median of ${RUNS}; the page's limit on a check is 2 s)`);
}

await main();
