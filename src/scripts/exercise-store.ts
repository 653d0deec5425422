// The learner's state for each exercise, in localStorage under a versioned key: the code and
// whether the exercise was solved. A store that is missing, corrupt, full or forbidden is
// ignored: the page works the same, it just forgets on reload.

import { EXERCISE_IDS, exerciseStorageKey } from '../../lessons-code/exercises/ids.ts';
import type { ExerciseId } from '../../lessons-code/exercises/types.ts';

export interface ExerciseState {
  /** The learner's code, or null for the starter code (in whatever language the page is in). */
  code: string | null;
  solved: boolean;
  /** How many hints have been shown. */
  hints: number;
}

/** The event the workbenches send when an exercise's solved state changes; the progress line listens. */
export const PROGRESS_EVENT = 'ga-exercise-progress';
export interface ProgressDetail {
  id: ExerciseId;
  solved: boolean;
}

/** Longer code than this is not saved (localStorage holds a few megabytes for the whole site). */
const MAX_SAVED_CODE = 200_000;

const fresh = (): ExerciseState => ({ code: null, solved: false, hints: 0 });

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // forbidden (privacy settings, sandboxed frame)
  }
}

export function readExercise(id: ExerciseId): ExerciseState {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(exerciseStorageKey(id)) ?? null;
  } catch {
    return fresh();
  }
  if (raw === null) return fresh();
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return fresh();
    const { code, solved, hints } = value as Record<string, unknown>;
    return {
      code: typeof code === 'string' && code.length <= MAX_SAVED_CODE ? code : null,
      solved: solved === true,
      hints: typeof hints === 'number' && Number.isInteger(hints) && hints >= 0 && hints < 100 ? hints : 0,
    };
  } catch {
    return fresh(); // corrupt: start over, and the next save replaces it
  }
}

/** Saves the state; false when the browser refused (the page then says its work is not kept). */
export function writeExercise(id: ExerciseId, state: ExerciseState): boolean {
  const store = storage();
  if (!store) return false;
  const code = state.code !== null && state.code.length > MAX_SAVED_CODE ? null : state.code;
  try {
    store.setItem(exerciseStorageKey(id), JSON.stringify({ code, solved: state.solved, hints: state.hints }));
    return true;
  } catch {
    return false; // full, or forbidden
  }
}

/** The exercises marked solved in the store. */
export function solvedInStore(): Set<ExerciseId> {
  return new Set(EXERCISE_IDS.filter((id) => readExercise(id).solved));
}

export function announceProgress(detail: ProgressDetail): void {
  document.dispatchEvent(new CustomEvent<ProgressDetail>(PROGRESS_EVENT, { detail }));
}
