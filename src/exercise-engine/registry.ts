// Every exercise of the course, found by its folder: lessons-code/exercises/<id>/cases.ts and
// text.<locale>.json. Adding a folder adds an exercise; nothing here lists them.

import { exerciseIdOf } from './exercise-path.ts';
import type { ExerciseDefinition, ExerciseText } from '../../lessons-code/index.ts';
import type { Locale } from './types.ts';

/**
 * Where the checker finds an exercise's definition and prose: the eager globs here (the page's
 * server side, the tests), registry-lazy.ts (the checker worker: one chunk per exercise, loaded on
 * first use), registry-node.ts in plain Node. Either may answer with a promise.
 */
export interface ExerciseRegistry {
  readonly ids: readonly string[];
  definition(id: string): ExerciseDefinition | undefined | Promise<ExerciseDefinition | undefined>;
  text(id: string, locale: Locale): ExerciseText | undefined | Promise<ExerciseText | undefined>;
}

const definitions = import.meta.glob<ExerciseDefinition>('../../lessons-code/exercises/*/cases.ts', {
  eager: true,
  import: 'default',
});
const texts = import.meta.glob<ExerciseText>('../../lessons-code/exercises/*/text.*.json', {
  eager: true,
  import: 'default',
});

const byId = new Map(Object.entries(definitions).map(([path, definition]) => [exerciseIdOf(path), definition]));

/** The ids of every exercise folder (alphabetical: a page puts its exercises in its own order). */
export const EXERCISE_IDS: readonly string[] = [...byId.keys()].sort();

export function exerciseDefinition(id: string): ExerciseDefinition | undefined {
  return byId.get(id);
}

/** The exercise's prose in `locale` (text.<locale>.json). */
export function exerciseText(id: string, locale: Locale): ExerciseText | undefined {
  return texts[`../../lessons-code/exercises/${id}/text.${locale}.json`];
}

export const globRegistry: ExerciseRegistry = { ids: EXERCISE_IDS, definition: exerciseDefinition, text: exerciseText };
