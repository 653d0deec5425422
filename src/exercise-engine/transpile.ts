// From the learner's TypeScript to a CommonJS function body: sucrase strips the types and turns
// the imports into `require` calls, keeping every line where it was, so that an error's line in
// the running code is the line in the editor. Runs on the checker's side (and for the editor's
// syntax marks); the learner's worker only ever gets the result.

import { transform } from 'sucrase';
import { LEARNER_FILE, MODULE_PARAMS } from './protocol.ts';
import type { CompileProblem } from './types.ts';

export type TranspileResult = { ok: true; code: string } | { ok: false; problem: CompileProblem };

/** TypeScript → JavaScript (CommonJS), or the syntax error with its line and column (from 1). */
export function transpile(source: string): TranspileResult {
  try {
    const { code } = transform(source, { transforms: ['typescript', 'imports'], disableESTransforms: true });
    return { ok: true, code: `${code}\n//# sourceURL=${LEARNER_FILE}` };
  } catch (error) {
    const loc = (error as { loc?: { line?: unknown; column?: unknown } }).loc;
    const message = error instanceof Error ? error.message.replace(/ \(\d+:\d+\)$/, '') : String(error);
    const line = typeof loc?.line === 'number' ? loc.line : null;
    const column = typeof loc?.column === 'number' ? loc.column : null; // sucrase counts from 1
    return { ok: false, problem: { message, line, column } };
  }
}

/** The first line number in `stack` at `file`, or null. */
function stackLine(stack: string, file: string): number | null {
  const match = new RegExp(`${file.replace(/[.]/g, '\\.')}:(\\d+):\\d+`).exec(stack);
  return match ? Number(match[1]) : null;
}

let headerLines: number | null | undefined;

/**
 * How many lines the Function constructor puts before the body (2 in V8), measured once with a
 * probe built the way the learner's worker builds the module. Same engine on both sides: the page's
 * workers, or Node's in the tests.
 */
function functionHeaderLines(): number | null {
  if (headerLines !== undefined) return headerLines;
  headerLines = null;
  try {
    new Function(...MODULE_PARAMS, "throw new Error('probe');\n//# sourceURL=probe-learner.ts")();
  } catch (error) {
    const stack = (error as { stack?: unknown }).stack;
    const line = typeof stack === 'string' ? stackLine(stack, 'probe-learner.ts') : null;
    if (line !== null) headerLines = line - 1;
  }
  return headerLines;
}

/** The learner's line a stack trace points at (its innermost frame in the learner's code), if known. */
export function learnerLine(stack: unknown): number | null {
  if (typeof stack !== 'string') return null;
  const line = stackLine(stack, LEARNER_FILE);
  const offset = functionHeaderLines();
  if (line === null || offset === null) return null;
  const learner = line - offset;
  return learner >= 1 ? learner : null;
}
