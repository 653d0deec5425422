// One check from source to report: transpile, load, run every case. The page's worker and the
// unit tests call this; the runner (runner.ts) adds the time limit around it.

import { checkExports, errorMessage, isSolved, showValue, type CheckHooks } from './check.ts';
import { ImportNotAvailable, learnerLine, loadModule, transpile } from './compile.ts';
import type { CheckReport, ExerciseDefinition } from './types.ts';

const MAX_CONSOLE_LINES = 100;
const MAX_CONSOLE_LINE = 500;

/** A console whose output the page shows under the results, bounded. */
export function captureConsole(lines: string[], onLine?: (line: string) => void): Record<string, (...args: unknown[]) => void> {
  const push = (line: string) => {
    lines.push(line);
    onLine?.(line);
  };
  const write = (prefix: string) => (...args: unknown[]) => {
    if (lines.length >= MAX_CONSOLE_LINES) {
      if (lines.length === MAX_CONSOLE_LINES) push('…');
      return;
    }
    const text = prefix + args.map((arg) => (typeof arg === 'string' ? arg : showValue(arg))).join(' ');
    push(text.length > MAX_CONSOLE_LINE ? text.slice(0, MAX_CONSOLE_LINE) + ' …' : text);
  };
  const quiet = () => undefined;
  return {
    log: write(''),
    info: write(''),
    debug: write(''),
    dir: write(''),
    table: write(''),
    trace: write(''),
    warn: write('⚠ '),
    error: write('✗ '),
    assert: (condition?: unknown, ...args: unknown[]) => {
      if (!condition) write('✗ Assertion failed ')(...args);
    },
    group: write(''),
    groupCollapsed: write(''),
    groupEnd: quiet,
    time: quiet,
    timeEnd: quiet,
    timeLog: quiet,
    count: quiet,
    countReset: quiet,
    clear: quiet,
  };
}

export interface PipelineHooks extends Omit<CheckHooks, 'lineOf'> {
  /** The module loaded and `total` cases are about to run. */
  onLoaded?: (total: number) => void;
  /** A line the learner's code wrote to the console. */
  onConsole?: (line: string) => void;
}

export async function checkSource(definition: ExerciseDefinition, source: string, hooks: PipelineHooks = {}): Promise<CheckReport> {
  const console: string[] = [];
  const compiled = transpile(source);
  if (!compiled.ok) return { outcome: 'compile-error', problem: compiled.problem, console };
  const loaded = loadModule(compiled.code, captureConsole(console, hooks.onConsole));
  if (!loaded.ok) {
    if ('syntax' in loaded) return { outcome: 'compile-error', problem: loaded.syntax, console };
    const importName = loaded.thrown instanceof ImportNotAvailable ? loaded.thrown.specifier : undefined;
    return { outcome: 'load-error', message: errorMessage(loaded.thrown), line: loaded.line, importName, console };
  }
  hooks.onLoaded?.(definition.cases.length);
  const cases = await checkExports(definition, loaded.exports, { onCase: hooks.onCase, lineOf: learnerLine });
  return { outcome: 'checked', cases, solved: isSolved(cases), console };
}
