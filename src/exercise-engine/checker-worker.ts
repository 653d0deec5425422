// The checker as a Web Worker (see runner.ts): it never runs learner code, so the page can read
// what it posts.
//
// Its registry holds every exercise's definition, but of each text only `strings` (what the cases
// show in their verdicts): the prose the page shows (title, case names, hints) is rendered on the
// server and never needed here. Importing the one key of each JSON file keeps the rest out of the
// bundle, which every page with an exercise loads once one is checked.

import { serveChecker } from './checker-service.ts';
import type { ToChecker } from './protocol.ts';
import { EXERCISE_IDS, exerciseDefinition, type ExerciseRegistry } from './registry.ts';
import type { ExerciseText, Locale } from './types.ts';

const strings = import.meta.glob<ExerciseText['strings']>('../../lessons-code/exercises/*/text.*.json', { eager: true, import: 'strings' });

const registry: ExerciseRegistry = {
  ids: EXERCISE_IDS,
  definition: exerciseDefinition,
  text(id: string, locale: Locale): ExerciseText | undefined {
    const found = strings[`../../lessons-code/exercises/${id}/text.${locale}.json`];
    return found === undefined ? undefined : { title: '', cases: {}, hints: [], strings: found };
  },
};

serveChecker({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event: MessageEvent<ToChecker>) => handler(event.data)),
}, registry);
