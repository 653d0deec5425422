// Mutation testing judges an exercise's cases in process (test/mutation/in-process-learner.ts), where
// the page judges them with the learner's code in a worker of its own (src/exercise-engine/). The
// two must agree, or a case the page decides one way could be scored by Stryker another: here every
// exercise's reference solution and alternatives go through both (learner-sides.ts), and each case
// gets the same verdict, pass or not, from each. The mistake files go through both in
// exercise-mistakes.test.ts, beside the other judgements of the same check.

import { afterAll, describe, expect, it } from 'vitest';
import { EXERCISES } from '../../exercises.ts';
import { inProcessVerdicts, pageVerdicts, type Module } from './learner-sides.ts';
import { endPageChecks, pageCheck } from './page-check.ts';

// Each file as a module for the in-process side, and as text for the page's side.
const MODULES = import.meta.glob<Module>(
  ['../../../lessons-code/exercises/*/exercise.ts', '../../../lessons-code/exercises/*/alternatives/*.ts'],
  { eager: true },
);
const SOURCES = import.meta.glob<string>(
  ['../../../lessons-code/exercises/*/exercise.ts', '../../../lessons-code/exercises/*/alternatives/*.ts'],
  { eager: true, query: '?raw', import: 'default' },
);

afterAll(endPageChecks);

/** The exercise a file belongs to: the folder under lessons-code/exercises/. */
const exerciseOf = (path: string): string => /exercises\/([^/]+)\//.exec(path)![1]!;

/** The files of the exercises the tests walk (test/exercises.ts). */
const files = Object.keys(MODULES)
  .filter((path) => EXERCISES.includes(exerciseOf(path)))
  .sort();

it('finds every exercise’s reference solution among the files', () => {
  const references = files.filter((path) => path.endsWith('/exercise.ts')).map(exerciseOf);
  expect(references.sort()).toEqual([...EXERCISES].sort());
});

describe('the page’s check and the in-process check agree, case by case', () => {
  for (const path of files) {
    const id = exerciseOf(path);
    const name = path.slice(path.indexOf(`/${id}/`) + 1);
    it(name, async () => {
      // The page's check: the file's text, transpiled and run in a learner's worker. exercise.ts is
      // the reference with its starter's lines as comments, as the page never sees it; the module
      // and the text are the same code.
      const page = pageVerdicts(id, await pageCheck(id, SOURCES[path]!));
      const inProcess = await inProcessVerdicts(id, MODULES[path]!);
      expect(inProcess, `${name}: in process (Stryker's side) against the page's check`).toEqual(page);
    });
  }
});
