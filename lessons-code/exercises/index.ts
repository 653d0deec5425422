// The lesson's four exercises, one definition each; the page, its worker and the tests use these.

import { chunksAsUnits } from './chunks-as-units.ts';
import { errorEndsStream } from './error-ends-stream.ts';
import { fix746 } from './fix-746.ts';
import { predict } from './predict.ts';
import type { ExerciseDefinition, ExerciseId } from './types.ts';

export const EXERCISES: Readonly<Record<ExerciseId, ExerciseDefinition>> = {
  predict,
  'fix-746': fix746,
  'error-ends-stream': errorEndsStream,
  'chunks-as-units': chunksAsUnits,
};

export { EXERCISE_IDS, exerciseStorageKey } from './ids.ts';
export type * from './types.ts';
