// What a check reports, from the checker to the page, and the locales an exercise is written in.
// The exercise format itself (ExerciseDefinition, Learner, Shown…) is the authoring contract,
// lessons-code/exercises/contract.ts, imported through lessons-code/index.ts.

import type { ExportKind, ProofBlock, Shown } from '../../lessons-code/index.ts';

export { LOCALES, type Locale } from '../lib/locales.ts';

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
  | 'object'
  | 'uncloneable';

/** Something the learner's code threw, described by the checker. */
export interface ThrownInfo {
  /** The error's type (`TypeError`), or null when the value thrown was not an Error. */
  name: string | null;
  /** The engine's own text: `TypeError: x is not a function`, or the value thrown, in code notation. */
  message: string;
  /** The learner's line it came from, if known. */
  line: number | null;
  /**
   * 'learner': the learner's code threw it; 'check': the check could not use what the code gave (a value that cannot be
   * copied…).
   */
  source: 'learner' | 'check';
  /**
   * What the workbench explains it by, decided here by the engine (never by the page matching the
   * message): a built-in error type, a network call refused by the exercise's worker, a value that
   * could not be copied, `replaceAll` given a RegExp without the `g` flag.
   */
  kind?: ThrownKind;
  /** For a value thrown that is not an Error (`name` null): what kind of value it was. */
  valueKind?: ValueKind;
}

export type ThrownKind =
  | 'ReferenceError'
  | 'TypeError'
  | 'RangeError'
  | 'SyntaxError'
  | 'DataCloneError'
  | 'network'
  | 'replaceAll-global';

/** What a failing case adds to its verdict so the learner can see why. */
export interface FailureContext {
  /** What the case gave the learner's code, as the case shows it. */
  input?: Shown;
  /** The ids of the case's diagnoses that recognized what the learner's code gave. */
  diagnoses?: string[];
  /** Errors the learner's code threw during the case that the case itself caught (in a `finally`, a callback…). */
  caught?: ThrownInfo[];
  /** For a generated case: the input shown is the smallest of those generated on which the code differs. */
  generated?: GeneratedInfo;
  /**
   * The result shown depends on the calls made before it: run again alone, in a fresh copy of the
   * learner's module (its module-level variables afresh), the same case passes. The code keeps
   * state between calls (verdicts.ts, `passesAlone`).
   */
  keptState?: true;
}

/** How a generated case found the input its verdict is given on (see generated.ts). */
export interface GeneratedInfo {
  /** The seed of the inputs: the same for every check of the case, so a verdict can be reproduced. */
  seed: number;
  /** How many inputs were generated (until the first that differed, if one did). */
  tried: number;
  /** How many smaller inputs shrinking tried after that. */
  shrinks: number;
}

/**
 * The two rules on what a learner's function may change (learner-watch.ts): `changed-argument`, it
 * changed data the case passed it; `changed-result`, a value one call returned changed during a
 * later call of the same case. A mistake file's `Diagnosis` may name one (check-exercise.ts).
 */
export const CHANGE_KINDS = ['changed-argument', 'changed-result'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** A value the learner's code changed that its caller keeps, as the page shows it. */
export interface Change {
  kind: ChangeKind;
  /** The function called. */
  name: string;
  /** The call of the case (from 1) the value was passed to or returned by, and the call at whose end it had changed. */
  call: number;
  seen: number;
  /** Where it changed, in code notation from the argument's name or `result`: `texts[1]`, `result.text`. */
  path: string;
  /** The value shown, in code notation: the place that changed, or a value around it short enough to show whole. */
  shownPath: string;
  before: string;
  after: string;
}

/** One case's verdict. */
export type CaseVerdict =
  | { status: 'pass'; actual: Shown; generated?: GeneratedInfo }
  | ({ status: 'fail'; expected: Shown; actual: Shown } & FailureContext)
  | ({
      status: 'throw';
      error: ThrownInfo;
      /**
       * When the code threw a value that is not an Error and the case has one expected value: that
       * value, as the case shows it.
       */
      expected?: Shown;
      /**
       * When the code threw a value that is not an Error, and the same case passes had it thrown an
       * Error of the same message: that Error, in code notation (`new Error("Model unavailable")`).
       */
      errorExpected?: string;
    } & FailureContext)
  /** The learner's code changed a value its caller keeps (the case's result aside). */
  | ({ status: 'changed'; change: Change } & FailureContext)
  | { status: 'export'; name: string; expectedKind: ExportKind; actualKind: ValueKind }
  | { status: 'timeout' }
  | { status: 'skipped' };

export interface CaseReport {
  id: string;
  verdict: CaseVerdict;
}

/** A syntax error from the transpiler (line and column from 1), or from the engine's own parse. */
export interface CompileProblem {
  message: string;
  line: number | null;
  column: number | null;
}

/** What a whole check reports. The page decides "solved" itself, from its own list of cases. */
export type CheckReport = (
  | { outcome: 'compile-error'; problem: CompileProblem }
  | { outcome: 'load-error'; error: ThrownInfo; importName: string | null }
  /** A prediction with values still empty: nothing was run, nothing revealed. */
  | { outcome: 'unanswered'; names: string[] }
  | { outcome: 'load-timeout' }
  | { outcome: 'checked'; cases: CaseReport[] }
) & { console: string[]; timedOut?: true };

/** What "show the answer" returns: each case's expected value and the proof. */
export interface Reveal {
  expected: Record<string, Shown>;
  proof: ProofBlock[];
}
