// The lesson's exercises in page order, and where each one keeps the learner's state: small on
// purpose, so that the progress line can load it with the page.

import type { ExerciseId } from './types.ts';

export const EXERCISE_IDS: readonly ExerciseId[] = ['predict', 'fix-746', 'error-ends-stream', 'chunks-as-units'];

/** localStorage key of one exercise's state; bump the version when the stored shape changes. */
export const exerciseStorageKey = (id: ExerciseId): string => `ga-course:l6:v1:exercise:${id}`;
