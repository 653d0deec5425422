// The plausible wrong answers of every exercise, lessons-code/exercises/<id>/mistakes/*.ts, with the
// four fields of each file's first comment, read by the contract's own parser and schema
// (mistakeHeader, src/exercise-engine/exercise-schema.ts): read by the unit test that runs them
// (test/unit/exercise-engine/exercise-mistakes.test.ts) and by the browser test of the diagnoses
// (test/e2e/exercise-mistakes.spec.ts).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mistakeHeader } from '../src/exercise-engine/exercise-schema.ts';
import { EXERCISES } from './exercises.ts';

const EXERCISES_DIR = new URL('../lessons-code/exercises/', import.meta.url);

export interface MistakeFile {
  exercise: string;
  name: string;
  source: string;
  mistake: string;
  lesson: string;
  fails: string[];
  /** The diagnosis the first failing case shows. */
  diagnosis: string;
  /**
   * Every diagnosis the file gets, on any case: its own first, then those that one wrong idea also
   * brings (`Diagnosis: a, b`), each true of the code.
   */
  diagnoses: string[];
}

/**
 * Every mistake file of every exercise the tests walk (test/exercises.ts). A header the schema
 * refuses is an error that names the file and the field: checkExercise reports it with its fix.
 */
export function mistakeFiles(): MistakeFile[] {
  return EXERCISES.flatMap((exercise) => {
    const dir = new URL(`${exercise}/mistakes/`, EXERCISES_DIR);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .sort()
      .map((name) => {
        const source = readFileSync(new URL(name, dir), 'utf8');
        const header = mistakeHeader(source);
        if (!header.success) {
          const fields = header.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
          throw new Error(`lessons-code/exercises/${exercise}/mistakes/${name}: its header: ${fields.join('; ')}`);
        }
        const { Mistake, Lesson, Fails, Diagnosis } = header.data;
        return {
          exercise,
          name,
          source,
          mistake: Mistake,
          lesson: Lesson,
          fails: Fails,
          diagnosis: Diagnosis[0]!,
          diagnoses: Diagnosis,
        };
      });
  });
}
