// From the learner's TypeScript to their module's exports: sucrase strips the types and turns the
// imports into CommonJS (keeping every line where it was), then the code runs as a function body
// with a `require` that knows one module, lessons-code. Errors point at the learner's lines.

import { transform } from 'sucrase';
import * as lessonsCode from '../index.ts';
import type { CompileProblem, LearnerExports } from './types.ts';

/** The name the learner's code carries in stack traces. */
export const LEARNER_FILE = 'learner.ts';
const PARAMS = ['exports', 'require', 'module', 'console'] as const;

export type TranspileResult = { ok: true; code: string } | { ok: false; problem: CompileProblem };

/** TypeScript → JavaScript (CommonJS), or the syntax error with its line and column (from 1). */
export function transpile(source: string): TranspileResult {
  try {
    const { code } = transform(source, { transforms: ['typescript', 'imports'], disableESTransforms: true });
    return { ok: true, code };
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown; column?: unknown } }).loc;
    const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, '') : String(error);
    const line = typeof loc?.line === 'number' ? loc.line : null;
    const column = typeof loc?.column === 'number' ? loc.column : null;
    return { ok: false, problem: { message, line, column } };
  }
}

/** Thrown by the learner's `require` for anything but lessons-code. */
export class ImportNotAvailable extends Error {
  readonly specifier: string;
  constructor(specifier: string) {
    super(`Cannot import "${specifier}": only 'lessons-code' is available here.`);
    this.name = 'ImportNotAvailable';
    this.specifier = specifier;
  }
}

const LESSONS_CODE: Readonly<Record<string, unknown>> = Object.freeze({ __esModule: true, ...lessonsCode });

/** `lessons-code`, and the relative paths a copy of the lesson's files would use for it. */
export function isLessonsCode(specifier: string): boolean {
  const bare = specifier.replace(/^(?:\.\.?\/)+/, '');
  return bare === 'lessons-code' || bare === 'lessons-code/index.ts' || bare === 'lessons-code/index' || bare === 'lessons-code/index.js';
}

function learnerRequire(specifier: unknown): unknown {
  if (typeof specifier === 'string' && isLessonsCode(specifier)) return LESSONS_CODE;
  throw new ImportNotAvailable(String(specifier));
}

type ModuleFunction = (exports: object, require: (specifier: unknown) => unknown, module: { exports: object }, console: unknown) => void;

function compileFunction(code: string, file: string): ModuleFunction {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the learner's code, in the worker, by design
  return new Function(...PARAMS, `${code}\n//# sourceURL=${file}`) as ModuleFunction;
}

const stackLine = (stack: string, file: string): number | null => {
  const match = new RegExp(`${file.replace(/[.]/g, '\\.')}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : null;
};

let headerLines: number | null | undefined;

/** How many lines the Function constructor puts before the body (2 in V8), measured once with a probe. */
function functionHeaderLines(): number | null {
  if (headerLines !== undefined) return headerLines;
  headerLines = null;
  try {
    compileFunction("throw new Error('probe');", 'probe-learner.ts')({}, learnerRequire, { exports: {} }, undefined);
  } catch (error) {
    const stack = (error as { stack?: unknown }).stack;
    const line = typeof stack === 'string' ? stackLine(stack, 'probe-learner.ts') : null;
    if (line !== null) headerLines = line - 1;
  }
  return headerLines;
}

/** The learner's line an error was thrown from (the innermost frame in their code), if known. */
export function learnerLine(error: unknown): number | null {
  let stack: unknown;
  try {
    stack = (error as { stack?: unknown } | null)?.stack;
  } catch {
    return null;
  }
  if (typeof stack !== 'string') return null;
  const line = stackLine(stack, LEARNER_FILE);
  const offset = functionHeaderLines();
  if (line === null || offset === null) return null;
  const learner = line - offset;
  return learner >= 1 ? learner : null;
}

export type LoadResult =
  | { ok: true; exports: LearnerExports }
  | { ok: false; syntax: CompileProblem }
  | { ok: false; thrown: unknown; line: number | null };

/** Runs transpiled code as a module and returns its exports, or what stopped it. */
export function loadModule(code: string, console: unknown): LoadResult {
  let run: ModuleFunction;
  try {
    run = compileFunction(code, LEARNER_FILE);
  } catch (error) {
    // The engine found a syntax error the transpiler let through (a name declared twice…): no position.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, syntax: { message, line: null, column: null } };
  }
  const module = { exports: {} as object };
  try {
    run(module.exports, learnerRequire, module, console);
  } catch (error) {
    return { ok: false, thrown: error, line: learnerLine(error) };
  }
  const exports = module.exports;
  return { ok: true, exports: (typeof exports === 'object' && exports !== null ? exports : {}) as LearnerExports };
}
