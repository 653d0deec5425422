// The shape of an exercise definition and of what a check reports. Pure data and functions: the
// page's worker, the page itself and the unit tests all use the same definitions.

export type Locale = 'en' | 'es' | 'fr';

/** A text in each of the course's languages. */
export type Localized = Readonly<Record<Locale, string>>;

export type ExerciseId = 'predict' | 'fix-746' | 'error-ends-stream' | 'chunks-as-units';

/** What an export must be; checked before any case that uses it runs. */
export type ExportKind = 'function' | 'string' | 'string-array';

/** What a value turned out to be, for the message when an export has the wrong kind. */
export type ValueKind =
  | 'missing'
  | 'undefined'
  | 'null'
  | 'boolean'
  | 'number'
  | 'bigint'
  | 'string'
  | 'symbol'
  | 'function'
  | 'string-array'
  | 'array'
  | 'object';

export interface ExportSpec {
  name: string;
  kind: ExportKind;
}

/** The learner's module: whatever their code put on `exports`. */
export type LearnerExports = Readonly<Record<string, unknown>>;

/**
 * A value as the page shows it, built inside the worker so that only plain strings cross to the
 * page: code notation with visible escapes, a sentence, labelled values, or a table.
 */
export type Shown =
  | { kind: 'code'; text: string }
  | { kind: 'note'; text: Localized }
  | { kind: 'fields'; fields: { label: Localized; text: string }[] }
  | { kind: 'table'; header: string[]; rows: string[][]; caption?: Localized };

/**
 * One case: run the learner's exports, then compare with `expected` (deep equality) or judge the
 * result with `accept` when many answers are right (then `expectedShown` says what is wanted).
 */
export interface ExerciseCase<V = unknown> {
  id: string;
  title: Localized;
  /** The exports this case calls or reads; a missing or wrongly typed one fails the case. */
  uses: readonly string[];
  run: (learner: LearnerExports) => V | Promise<V>;
  expected?: V;
  accept?: (actual: V) => boolean;
  expectedShown?: Shown;
  /** How a value shows; code notation by default. */
  show?: (value: V) => Shown;
}

/** A block of the proof some exercises show after a check (predict: bytes and events). */
export interface RevealBlock {
  label: Localized;
  /** Text shown with its CRs and LFs made visible. */
  text: string;
  /** Lines explained one by one, each with a sentence. */
  lines?: { text: string; explanation: Localized }[];
}

export interface ExerciseDefinition {
  id: ExerciseId;
  /** The exercise's title, for the workbench's accessible name. */
  title: Localized;
  /** The code the editor starts with; its comments are in the learner's language. */
  starter: Localized;
  /** The reference solution. */
  solution: Localized;
  exports: readonly ExportSpec[];
  cases: readonly ExerciseCase[];
  /** Shown one more after each failed check, in order. */
  hints: Readonly<Record<Locale, readonly string[]>>;
  /** The proof shown after a check, if the exercise has one. */
  reveal?: () => { title: Localized; blocks: RevealBlock[] };
}

/** One case's verdict. */
export type CaseVerdict =
  | { status: 'pass'; actual: Shown }
  | { status: 'fail'; expected: Shown; actual: Shown }
  | { status: 'throw'; message: string; line: number | null }
  | { status: 'export'; name: string; expectedKind: ExportKind; actualKind: ValueKind }
  | { status: 'timeout' }
  | { status: 'skipped' };

export interface CaseReport {
  id: string;
  title: Localized;
  verdict: CaseVerdict;
}

/** A syntax error from the transpiler (line and column from 1), or from the engine's own parse. */
export interface CompileProblem {
  message: string;
  line: number | null;
  column: number | null;
}

/** What a whole check reports. */
export type CheckReport =
  | { outcome: 'compile-error'; problem: CompileProblem; console: string[] }
  | { outcome: 'load-error'; message: string; line: number | null; importName?: string; console: string[] }
  | { outcome: 'load-timeout'; console: string[] }
  | { outcome: 'checked'; cases: CaseReport[]; solved: boolean; console: string[] };

/** Builds a case with its value type checked, stored with the others. */
export function defineCase<V>(spec: ExerciseCase<V>): ExerciseCase {
  return spec as unknown as ExerciseCase;
}
