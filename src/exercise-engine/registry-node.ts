// The exercise registry in plain Node (benchmarks, scripts), where Vite's import.meta.glob does
// not exist: the same folders, read with node:fs and imported.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import type { ExerciseRegistry } from './registry.ts';
import type { ExerciseDefinition, ExerciseText } from '../../lessons-code/index.ts';
import { LOCALES, type Locale } from './types.ts';

const EXERCISES_ROOT = new URL('../../lessons-code/exercises/', import.meta.url);

/** The exercise folders (those with a cases.ts), alphabetical. */
export function exerciseIdsIn(root: URL = EXERCISES_ROOT): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/cases.ts`, root)))
    .map((entry) => entry.name)
    .sort();
}

export async function nodeRegistry(root: URL = EXERCISES_ROOT): Promise<ExerciseRegistry> {
  const ids = exerciseIdsIn(root);
  const definitions = new Map<string, ExerciseDefinition>();
  const texts = new Map<string, ExerciseText>();
  for (const id of ids) {
    const module = (await import(new URL(`${id}/cases.ts`, root).href)) as { default: ExerciseDefinition };
    definitions.set(id, module.default);
    for (const locale of LOCALES) {
      const file = new URL(`${id}/text.${locale}.json`, root);
      if (existsSync(file)) texts.set(`${id}/${locale}`, JSON.parse(readFileSync(file, 'utf8')) as ExerciseText);
    }
  }
  return { ids, definition: (id) => definitions.get(id), text: (id, locale: Locale) => texts.get(`${id}/${locale}`) };
}

/**
 * The same exercises with each definition changed by `change`: a benchmark without the generated
 * cases, a script's own seed for them (bench/exercise-check.ts, scripts/check-exercise.ts).
 */
export function changedRegistry(
  registry: ExerciseRegistry,
  change: (definition: ExerciseDefinition) => ExerciseDefinition,
): ExerciseRegistry {
  return {
    ...registry,
    definition: async (id) => {
      const definition = await registry.definition(id);
      return definition && change(definition);
    },
  };
}
