// The learner's state for each exercise, in localStorage under a versioned key: the code, whether
// and how the exercise was solved, the hints opened, the last check's results and what has been
// revealed. A store that is missing, corrupt, full or forbidden never breaks the page: reading
// gives a fresh state, and a failed write is reported so that the page can say the last saved
// version is kept. Nothing is ever dropped silently.

import type { CheckReport, Locale, Reveal } from '../exercise-engine/types.ts';

/** The last check, as it is shown again after a reload. */
export interface LastCheck {
  locale: Locale;
  /** A hash of the code that was checked: results of older code are marked as such. */
  codeHash: string;
  report: CheckReport;
}

export interface ExerciseState {
  /** The learner's code, or null for the starter code (in whatever language the page is in). */
  code: string | null;
  solved: boolean;
  /** The first solve came after the reference solution (or a prediction's answer) had been shown. */
  assisted: boolean;
  /** The reference solution, or a prediction's expected values, have been shown. */
  revealed: boolean;
  /** How many hints the learner has opened. */
  hints: number;
  /**
   * The numbers (from 1) of the hints opened, in the order they were opened (the first failing
   * case's come first); empty in a state from before, or from a progress file: then the first `hints`
   * hints are the ones open.
   */
  hintOrder: number[];
  last: LastCheck | null;
  /** A prediction's answer (expected values and proof) once revealed, in the language it was shown in. */
  answer: { locale: Locale; reveal: Reveal } | null;
}

/** The event the workbenches send when an exercise's solved state changes; the progress line listens. */
export const PROGRESS_EVENT = 'ga-exercise-progress';
export interface ProgressDetail {
  id: string;
  solved: boolean;
  assisted: boolean;
}

/** The longest code the editor accepts (and so the store keeps); past it, the editor refuses the edit. */
export const MAX_CODE = 200_000;

export const storageKey = (id: string): string => `ga-course:exercise:v2:${id}`;
/**
 * Where loading a progress file leaves, for this tab, what to say once the page has reloaded
 * (src/workbench/progress-transfer.ts).
 */
export const PROGRESS_LOADED_KEY = 'ga-course:progress-loaded';
/** Where the first version of the workbench kept code and progress (read once, then left alone). */
const legacyKey = (id: string): string => `ga-course:l6:v1:exercise:${id}`;

export const freshState = (): ExerciseState => ({
  code: null,
  solved: false,
  assisted: false,
  revealed: false,
  hints: 0,
  hintOrder: [],
  last: null,
  answer: null,
});

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // forbidden (privacy settings, sandboxed frame)
  }
}

function readRaw(key: string): unknown {
  try {
    const raw = storage()?.getItem(key) ?? null;
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null; // corrupt or forbidden
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'es' || value === 'fr';

/** A stored report, kept only if it has the shape the page renders (a corrupt one is forgotten, not trusted). */
function storedReport(value: unknown): CheckReport | null {
  if (!isObject(value) || typeof value.outcome !== 'string' || !Array.isArray(value.console)) return null;
  if (value.outcome === 'checked' && !Array.isArray(value.cases)) return null;
  return value as unknown as CheckReport;
}

/**
 * An exercise's state from what was stored (or loaded from a progress file): whatever is malformed is left out; null
 * for what is not an object.
 */
export function stateFrom(value: unknown): ExerciseState | null {
  if (!isObject(value)) return null;
  const state = freshState();
  const v = value;
  if (typeof v.code === 'string') state.code = v.code;
  state.solved = v.solved === true;
  state.assisted = state.solved && v.assisted === true;
  state.revealed = v.revealed === true;
  if (typeof v.hints === 'number' && Number.isInteger(v.hints) && v.hints >= 0 && v.hints < 100) state.hints = v.hints;
  if (
    Array.isArray(v.hintOrder) &&
    v.hintOrder.length === state.hints &&
    v.hintOrder.every((n) => Number.isInteger(n) && n >= 1 && n < 100) &&
    new Set(v.hintOrder).size === v.hintOrder.length
  )
    state.hintOrder = v.hintOrder as number[];
  if (isObject(v.last) && isLocale(v.last.locale) && typeof v.last.codeHash === 'string') {
    const report = storedReport(v.last.report);
    if (report) state.last = { locale: v.last.locale, codeHash: v.last.codeHash, report };
  }
  if (
    isObject(v.answer) &&
    isLocale(v.answer.locale) &&
    isObject(v.answer.reveal) &&
    isObject(v.answer.reveal.expected) &&
    Array.isArray(v.answer.reveal.proof)
  ) {
    state.answer = { locale: v.answer.locale, reveal: v.answer.reveal as unknown as Reveal };
  }
  return state;
}

/**
 * Lines an earlier starter held that meant "not answered yet", with the line that means it today.
 * The prediction's starter gave `[]` and `''`, which the check took for values not given; it now
 * gives `undefined`, so that `[]` (no event at all) and `''` can be predicted
 * (lessons-code/exercises/predict/exercise.ts). Saved code that still holds such a line, untouched,
 * keeps its meaning: a check asks for that value rather than judging an empty prediction.
 */
const FORMER_STARTER_LINES: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  predict: new Map([
    [
      'export const fromGaChatbotApi: string[] = [];',
      'export const fromGaChatbotApi: string[] | undefined = undefined;',
    ],
    ['export const fromGaApi: string[] = [];', 'export const fromGaApi: string[] | undefined = undefined;'],
    ["export const dependsOnSystem: string = '';", 'export const dependsOnSystem: string | undefined = undefined;'],
  ]),
};

/** Saved code with each untouched line of an earlier starter replaced by today's (see FORMER_STARTER_LINES). */
export function withCurrentStarterLines(id: string, code: string): string {
  const lines = Object.hasOwn(FORMER_STARTER_LINES, id) ? FORMER_STARTER_LINES[id]! : null;
  if (lines === null) return code;
  return code
    .split('\n')
    .map((line) => {
      const match = /^(\s*)(.*?)(\s*)$/.exec(line)!;
      const today = lines.get(match[2]!);
      return today === undefined ? line : match[1]! + today + match[3]!;
    })
    .join('\n');
}

export function readExercise(id: string): ExerciseState {
  let value = readRaw(storageKey(id));
  if (!isObject(value)) {
    const legacy = readRaw(legacyKey(id));
    if (!isObject(legacy)) return freshState();
    value = { code: legacy.code, solved: legacy.solved, hints: legacy.hints };
  }
  const state = stateFrom(value) ?? freshState();
  if (state.code !== null) state.code = withCurrentStarterLines(id, state.code);
  return state;
}

/** Set once a progress file has been loaded, as the page reloads: the workbenches' last writes must not undo it. */
let held = false;

/** From now on, writes are dropped (the page is reloading with the state a progress file put in the store). */
export function holdWrites(): void {
  held = true;
}

/**
 * Saves the state; false when the browser refused (full or forbidden storage), in which case
 * whatever was saved before stays as it was.
 */
export function writeExercise(id: string, state: ExerciseState): boolean {
  if (held) return true;
  const store = storage();
  if (!store) return false;
  const last = state.last
    ? { ...state.last, report: { ...state.last.report, console: state.last.report.console.slice(0, 20) } }
    : null;
  try {
    store.setItem(storageKey(id), JSON.stringify({ ...state, last }));
    return true;
  } catch {
    return false;
  }
}

/** The solved exercises among `ids`, and whether each was solved with the solution shown. */
export function solvedInStore(ids: readonly string[]): Map<string, { assisted: boolean }> {
  const solved = new Map<string, { assisted: boolean }>();
  for (const id of ids) {
    const state = readExercise(id);
    if (state.solved) solved.set(id, { assisted: state.assisted });
  }
  return solved;
}

export function announceProgress(detail: ProgressDetail): void {
  document.dispatchEvent(new CustomEvent<ProgressDetail>(PROGRESS_EVENT, { detail }));
}

/** A short, stable hash of a text (FNV-1a, 32 bits): enough to tell whether results are for this code. */
export function hashCode(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
