// The plausible wrong answers of every exercise, lessons-code/exercises/<id>/mistakes/*.ts, with the
// four fields of each file's first comment (see test/unit/exercise-engine/exercise-mistakes.test.ts):
// read by that unit test and by the browser test of the diagnoses (test/e2e/exercise-mistakes.spec.ts).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

const FIELDS = ['Mistake', 'Lesson', 'Fails', 'Diagnosis'] as const;

/** The four fields of a mistake file's first comment; a missing one is an empty string. */
function mistakeHeader(source: string): Record<(typeof FIELDS)[number], string> {
  const header: Record<string, string> = { Mistake: '', Lesson: '', Fails: '', Diagnosis: '' };
  let field: string | null = null;
  for (const line of source.split('\n')) {
    const comment = /^\s*\/\/ ?(.*)$/.exec(line);
    if (!comment) break;
    const text = comment[1]!;
    const start = /^(Mistake|Lesson|Fails|Diagnosis):\s*(.*)$/.exec(text);
    if (start) {
      field = start[1]!;
      header[field] = start[2]!.trim();
    } else if ((field === 'Mistake' || field === 'Fails') && text.trim() !== '') {
      // The mistake, and a list of failing cases too long for one line, go on over the next lines.
      header[field] += ' ' + text.trim();
    }
  }
  return header as Record<(typeof FIELDS)[number], string>;
}

/** Every mistake file of every exercise the tests walk (test/exercises.ts). */
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
        const diagnoses = header.Diagnosis.split(',')
          .map((id) => id.trim())
          .filter(Boolean);
        return {
          exercise,
          name,
          source,
          mistake: header.Mistake,
          lesson: header.Lesson,
          fails: header.Fails.split(',')
            .map((id) => id.trim())
            .filter(Boolean),
          diagnosis: diagnoses[0] ?? '',
          diagnoses,
        };
      });
  });
}
