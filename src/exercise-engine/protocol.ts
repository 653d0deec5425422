// The messages of a check. Three parties: the page, the checker (a worker of its own, where the
// exercise's definition runs) and the learner's worker (a fresh one per check, where the learner's
// module runs). The page talks only to the checker; the checker talks to the learner's worker over
// a private MessageChannel port. README.md says why.

import type { FakeRequest, StreamError } from '../../lessons-code/index.ts';
import type { CaseReport, CheckReport, CompileProblem, Locale, Reveal } from './types.ts';

/** The name the learner's code carries in stack traces. */
export const LEARNER_FILE = 'learner.ts';

/**
 * The most lines of the learner's console a check keeps and shows; past them, one more line, `…`,
 * says there were more. The learner's worker sends one line more than this, so that the checker
 * knows; the runner keeps the lines and that mark.
 */
export const CONSOLE_LINES = 100;

/**
 * How long the learner's code may run in a check, from the moment it is sent to its worker: the
 * page holds it to this (runner.ts), and the checker keeps its second looks within it (verdicts.ts).
 */
export const CHECK_LIMIT_MS = 2000;

/** The longest console line shown, in characters; a longer one is cut and ends with ` …`. */
export const CONSOLE_LINE_CHARS = 500;

/** The parameters of the function the learner's module becomes (sucrase's CommonJS output). */
export const MODULE_PARAMS = ['exports', 'require', 'module', 'console'] as const;

// ---- page → checker

export type ToChecker =
  | { type: 'transpile'; id: number; source: string }
  /** A new learner's worker, connected on the other end of `port`: the checker waits for its hello. */
  | { type: 'adopt'; worker: number; port: MessagePort }
  | { type: 'run'; worker: number; run: number; exercise: string; locale: Locale; source: string }
  /** The page stopped the run (time limit) or is done with the learner's worker: forget it. */
  | { type: 'release'; worker: number }
  | { type: 'reveal'; id: number; exercise: string; locale: Locale };

// ---- checker → page

export type FromChecker =
  | { type: 'ready' }
  | { type: 'transpiled'; id: number; problem: CompileProblem | null }
  | { type: 'adopted'; worker: number }
  /** The learner's code is on its way to its worker: the time limit starts now. `cases` lists the case ids in order. */
  | { type: 'started'; run: number; cases: string[] }
  /** The learner's module loaded; the cases run now. */
  | { type: 'loaded'; run: number }
  | { type: 'case'; run: number; index: number; report: CaseReport }
  | { type: 'console'; run: number; line: string }
  | { type: 'done'; run: number; report: CheckReport }
  | { type: 'revealed'; id: number; reveal: Reveal | null }
  | { type: 'failed'; run: number | null; id: number | null; message: string };

// ---- checker → learner's worker (over the private port)

/** An argument of a call: plain data, or something the learner's worker builds (a stream, a callback, a fetch). */
export type ArgSpec =
  | { k: 'value'; value: unknown }
  | { k: 'stream'; id: number; chunks: Uint8Array[]; error: StreamError | null }
  | { k: 'recorder'; id: number }
  | { k: 'fetch'; id: number };

/** The checker's answer to a request made through a fake fetch. */
export interface FetchAnswer {
  ok: boolean;
  /** When `ok` is false: the message of the TypeError the fetch rejects with. */
  message: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  chunks: Uint8Array[];
}

export type ToLearnerWorker =
  /** Load the parts of lessons-code the code uses (no learner code runs), then say 'prepared'. */
  | { t: 'prepare'; code: string }
  | { t: 'load'; code: string }
  /**
   * Run the code loaded again, as a module of its own, instance number `instance` (from 1; the first
   * load is instance 0): its module-level variables start afresh. The checker asks for one to see
   * whether a failing case still fails when the case alone calls the code (verdicts.ts).
   */
  | { t: 'reload'; instance: number }
  /**
   * A call of an export of module instance `instance` (0, the module loaded first, unless a reload made
   * another); `group` is the case it belongs to (learner-watch.ts watches one case's calls together).
   */
  | { t: 'call'; id: number; name: string; args: ArgSpec[]; group: number; instance: number }
  | { t: 'answer'; id: number; answer: FetchAnswer };

// ---- learner's worker → checker. Untrusted: the checker validates every field.

/** Something thrown, as the learner's worker could describe it. */
export interface ThrownData {
  isError: boolean;
  name: string | null;
  message: string | null;
  stack: string | null;
  /** A thrown value that is not an Error, copied; `shown` when it could not be copied. */
  value: unknown;
  shown: string | null;
  /** The specifier of an import that is not available. */
  importName: string | null;
  /** A network or storage global the exercise's worker switched off was called. */
  switchedOff?: boolean;
}

/**
 * A value the learner's code changed that its caller keeps (learner-watch.ts): an argument of a call
 * of the case, or a value a call of the case returned. Untrusted: the checker validates it
 * (learner-stand-ins.ts, `changeFrom`).
 */
export interface ChangeData {
  what: 'argument' | 'result';
  /** The call of the case (from 1) the value was passed to, or returned by. */
  call: number;
  /** The call at whose end it had changed: the same call for an argument changed during its own call. */
  seen: number;
  /** An argument's position, from 0; -1 for a returned value. */
  position: number;
  /** The argument's name in the learner's code, when it is a plain name. */
  parameter: string | null;
  /** From the value down to the first place that differs: array indexes and property names. */
  path: (string | number)[];
  /** The whole value as the caller had it, a copy. */
  before: unknown;
  /** The whole value now, a copy; null, with `afterShown`, when it cannot be copied any more. */
  after: unknown;
  /** What the changed place holds when the value cannot be copied, in words. */
  afterShown: string | null;
}

/** One export: a function (stays in the learner's worker), a copied value, or a value that cannot be copied. */
export type ExportEntry = { fn: true } | { value: unknown } | { uncloneable: string };

export type FromLearnerWorker =
  | { t: 'hello' }
  | { t: 'prepared' }
  | { t: 'loaded'; exports: Record<string, ExportEntry> }
  | { t: 'load-failed'; syntax: string | null; thrown: ThrownData | null }
  /** The code ran again as module instance `instance`; `ok` false when it threw or there was no code loaded. */
  | { t: 'reloaded'; instance: number; ok: boolean }
  | {
      t: 'return';
      id: number;
      ok: boolean;
      value: unknown;
      /** When the value returned could not be copied out: what it was. */
      uncloneable: string | null;
      thrown: ThrownData | null;
      /** Per recorder id, the arguments of each call it got. */
      calls: Record<string, unknown[][]>;
      /** The ids of the streams the learner's code cancelled before the call settled. */
      cancelled: number[];
      /** The first value of the case found changed at this call's end, if any (learner-watch.ts). */
      changed: ChangeData | null;
    }
  | { t: 'ask'; id: number; fetch: number; request: FakeRequest }
  | { t: 'console'; line: string };
