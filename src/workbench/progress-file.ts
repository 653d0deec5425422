// The learner's progress as one JSON file: every exercise's code and state (src/workbench/exercise-store.ts),
// written by "Download my progress" and read back by "Load progress". Reading checks everything
// before anything is used: a file that is not JSON, one that is not this course's progress, one
// from a newer version of the format, one with an exercise the course does not have, or a damaged
// one (a field missing, of the wrong kind, out of range) is refused with the reason, whole.
//
// {
//   "format": "ga-course-progress",
//   "version": 1,
//   "saved": "2025-06-01T12:00:00.000Z",
//   "exercises": { "<id>": { "code": "…" or null, "solved": false, "assisted": false,
//                            "revealed": false, "hints": 0, "last": {…} or null, "answer": {…} or null,
//                            "hintOrder": [2, 1] (optional: the hints opened, in the order they were) } }
// }

import { freshState, stateFrom, type ExerciseState } from './exercise-store.ts';

const PROGRESS_FORMAT = 'ga-course-progress';
const PROGRESS_VERSION = 1;
/** Larger than any file the course writes (nine exercises of at most 200,000 characters each, and their results). */
export const MAX_PROGRESS_BYTES = 8 * 1024 * 1024;

export type ProgressProblem =
  | { kind: 'notJson' }
  | { kind: 'foreign' }
  | { kind: 'newer' }
  | { kind: 'unknown'; id: string }
  /** `where`: the JSON path of what is wrong (exercises.fix-746.hints). */
  | { kind: 'damaged'; where: string };

export type ProgressRead = { exercises: Map<string, ExerciseState> } | { problem: ProgressProblem };

const FIELDS = ['code', 'solved', 'assisted', 'revealed', 'hints', 'last', 'answer'] as const;
/** Fields a file may leave out (a file written before they existed). */
const OPTIONAL = ['hintOrder'];
const TOP = ['format', 'version', 'saved', 'exercises'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the learner did anything in this exercise (an untouched one is left out of the file). */
export function worthKeeping(state: ExerciseState): boolean {
  return (
    state.code !== null ||
    state.solved ||
    state.revealed ||
    state.hints > 0 ||
    state.last !== null ||
    state.answer !== null
  );
}

/** The file's text for these states (the untouched ones left out). */
export function progressFile(states: ReadonlyMap<string, ExerciseState>, saved: Date): string {
  const exercises: Record<string, Omit<ExerciseState, 'hintOrder'> & { hintOrder?: number[] }> = {};
  for (const [id, state] of [...states].sort(([a], [b]) => a.localeCompare(b))) {
    if (!worthKeeping(state)) continue;
    const { code, solved, assisted, revealed, hints, last, answer, hintOrder } = state;
    exercises[id] = { code, solved, assisted, revealed, hints, last, answer };
    if (hintOrder.length > 0) exercises[id].hintOrder = hintOrder;
  }
  return (
    JSON.stringify(
      { format: PROGRESS_FORMAT, version: PROGRESS_VERSION, saved: saved.toISOString(), exercises },
      null,
      2,
    ) + '\n'
  );
}

/** One exercise's entry, checked field by field; the JSON path of the first wrong one, or its state. */
function readEntry(id: string, value: unknown, maxCode: number): ExerciseState | string {
  const at = (field?: string) => `exercises.${id}${field ? `.${field}` : ''}`;
  if (!isObject(value)) return at();
  for (const key of Object.keys(value))
    if (!(FIELDS as readonly string[]).includes(key) && !OPTIONAL.includes(key)) return at(key);
  for (const key of FIELDS) if (!(key in value)) return at(key);
  const { code, solved, assisted, revealed, hints, last, answer } = value;
  if (code !== null && (typeof code !== 'string' || code.length > maxCode)) return at('code');
  if (typeof solved !== 'boolean') return at('solved');
  if (typeof assisted !== 'boolean' || (assisted && !solved)) return at('assisted');
  if (typeof revealed !== 'boolean') return at('revealed');
  if (typeof hints !== 'number' || !Number.isInteger(hints) || hints < 0 || hints > 99) return at('hints');
  // The results and a prediction's answer: kept whole by the store's own reading, or refused.
  const state = stateFrom(value) ?? freshState();
  if ('hintOrder' in value && state.hintOrder.length !== hints) return at('hintOrder');
  if (last !== null && state.last === null) return at('last');
  if (answer !== null && state.answer === null) return at('answer');
  return state;
}

/** Reads a progress file's text; `knownIds`: the course's exercises. */
export function readProgressFile(text: string, knownIds: readonly string[], maxCode: number): ProgressRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: { kind: 'notJson' } };
  }
  if (!isObject(value) || value.format !== PROGRESS_FORMAT) return { problem: { kind: 'foreign' } };
  const { version, saved, exercises } = value;
  if (typeof version === 'number' && Number.isInteger(version) && version > PROGRESS_VERSION)
    return { problem: { kind: 'newer' } };
  if (version !== PROGRESS_VERSION) return { problem: { kind: 'damaged', where: 'version' } };
  for (const key of Object.keys(value)) if (!TOP.includes(key)) return { problem: { kind: 'damaged', where: key } };
  if (typeof saved !== 'string' || Number.isNaN(Date.parse(saved)))
    return { problem: { kind: 'damaged', where: 'saved' } };
  if (!isObject(exercises) || Object.keys(exercises).length === 0)
    return { problem: { kind: 'damaged', where: 'exercises' } };
  const states = new Map<string, ExerciseState>();
  for (const [id, entry] of Object.entries(exercises)) {
    if (!knownIds.includes(id)) return { problem: { kind: 'unknown', id } };
    const state = readEntry(id, entry, maxCode);
    if (typeof state === 'string') return { problem: { kind: 'damaged', where: state } };
    states.set(id, state);
  }
  return { exercises: states };
}
