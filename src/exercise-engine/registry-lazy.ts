// The checker worker's registry: the same folders as registry.ts, but each exercise's definition,
// and of its text the one key the checks use (`strings`), are loaded when a check first asks for
// them, each in a chunk of its own. A page's checker then downloads only the exercises that page
// runs, not every exercise of the course (a cases.ts can bring recordings and lessons-code modules
// the other pages never need); the prose (title, case names, hints) is the server's business.

import { exerciseIdOf } from './exercise-path.ts';
import type { ExerciseRegistry } from './registry.ts';
import type { ExerciseDefinition, ExerciseText } from '../../lessons-code/index.ts';
import type { Locale } from './types.ts';

const definitions = import.meta.glob<ExerciseDefinition>('../../lessons-code/exercises/*/cases.ts', {
  import: 'default',
});
const strings = import.meta.glob<ExerciseText['strings']>('../../lessons-code/exercises/*/text.*.json', {
  import: 'strings',
});

const loaders = new Map(Object.entries(definitions).map(([path, load]) => [exerciseIdOf(path), load]));

export const lazyRegistry: ExerciseRegistry = {
  ids: [...loaders.keys()].sort(),
  definition: (id) => loaders.get(id)?.(),
  async text(id: string, locale: Locale): Promise<ExerciseText | undefined> {
    const load = strings[`../../lessons-code/exercises/${id}/text.${locale}.json`];
    return load === undefined ? undefined : { title: '', cases: {}, hints: [], strings: await load() };
  },
};
