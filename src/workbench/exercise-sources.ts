// An exercise's texts as the page fetches them, when it needs them: the starter and the reference
// solution in each language (each variant a module of its own, src/exercise-engine/variants-node.ts),
// and a prediction's explanation in prose (answer.<locale>.md beside its files). A prediction's
// solution and explanation are fetched only once revealed.

import type { SourceKind } from '../exercise-engine/sources.ts';
import type { Locale } from '../exercise-engine/types.ts';

const SOURCES: Record<`${SourceKind}.${Locale}`, Record<string, () => Promise<string>>> = {
  'starter.en': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'starter', locale: 'en' },
    import: 'default',
  }),
  'starter.es': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'starter', locale: 'es' },
    import: 'default',
  }),
  'starter.fr': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'starter', locale: 'fr' },
    import: 'default',
  }),
  'solution.en': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'solution', locale: 'en' },
    import: 'default',
  }),
  'solution.es': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'solution', locale: 'es' },
    import: 'default',
  }),
  'solution.fr': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', {
    query: { variant: 'solution', locale: 'fr' },
    import: 'default',
  }),
};

const ANSWERS = import.meta.glob<string>('../../lessons-code/exercises/*/answer.*.md', {
  query: '?raw',
  import: 'default',
});

/** The starter or the solution of an exercise, in a language. */
export function loadSource(id: string, kind: SourceKind, locale: Locale): Promise<string> {
  const load = SOURCES[`${kind}.${locale}`][`../../lessons-code/exercises/${id}/exercise.ts`];
  return load ? load() : Promise.reject(new Error(`no ${kind} for ${id}`));
}

/** A prediction's explanation in prose (markdown), or null for an exercise that has none. */
export async function loadAnswerProse(id: string, locale: Locale): Promise<string | null> {
  const load = ANSWERS[`../../lessons-code/exercises/${id}/answer.${locale}.md`];
  return load ? load() : null;
}
