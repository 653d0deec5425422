// The check engine: given an exercise definition and the learner's module exports, a verdict for
// every case, in order. Pure: no DOM, no Node APIs, no transpiler; it runs in the page's worker
// and in the unit tests alike. Timeouts are the runner's business (runner.ts).

import { show } from '../program/measures.ts';
import type { CaseReport, CaseVerdict, ExerciseDefinition, ExportKind, LearnerExports, Shown, ValueKind } from './types.ts';

/** What a value is, in the words of the export check. */
export function kindOf(value: unknown): ValueKind {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string') ? 'string-array' : 'array';
  const type = typeof value;
  if (type === 'object') return 'object';
  return type as ValueKind;
}

export function matchesKind(value: unknown, kind: ExportKind): boolean {
  return kindOf(value) === kind;
}

/** The message of anything thrown, with its error type (`TypeError: …`); never throws itself. */
export function errorMessage(error: unknown): string {
  try {
    if (error instanceof Error) {
      const name = typeof error.name === 'string' && error.name !== '' ? error.name : 'Error';
      return `${name}: ${String(error.message)}`;
    }
    return String(error);
  } catch {
    return '(a value that cannot be shown)';
  }
}

const MAX_SHOWN = 4000;
const MAX_STRING = 2000;
const MAX_ITEMS = 50;
const MAX_DEPTH = 5;

/**
 * A value in code notation, strings with their escapes visible as the program prints them
 * (`"a\nb"`). Bounded: long strings, big arrays, deep or circular objects are cut with a mark.
 */
export function showValue(value: unknown): string {
  const seen = new Set<object>();
  const out = (v: unknown, depth: number): string => {
    if (typeof v === 'string') return v.length > MAX_STRING ? show(v.slice(0, MAX_STRING)) + ` …(+${v.length - MAX_STRING})` : show(v);
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v);
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'boolean' || v === undefined || v === null) return String(v);
    if (typeof v === 'symbol') return v.toString();
    if (typeof v === 'function') return `[function ${v.name || '(anonymous)'}]`;
    const object = v as object;
    if (seen.has(object)) return '[circular]';
    if (depth >= MAX_DEPTH) return Array.isArray(object) ? '[…]' : '{…}';
    seen.add(object);
    try {
      if (Array.isArray(object)) {
        const items = object.slice(0, MAX_ITEMS).map((item) => out(item, depth + 1));
        if (object.length > MAX_ITEMS) items.push(`…(+${object.length - MAX_ITEMS})`);
        return '[' + items.join(', ') + ']';
      }
      if (object instanceof Error) return `[${errorMessage(object)}]`;
      if (typeof (object as { then?: unknown }).then === 'function') return '[Promise]';
      const keys = Object.keys(object);
      const entries = keys.slice(0, MAX_ITEMS).map((key) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : show(key)}: ${out((object as Record<string, unknown>)[key], depth + 1)}`);
      if (keys.length > MAX_ITEMS) entries.push(`…(+${keys.length - MAX_ITEMS})`);
      return entries.length === 0 ? '{}' : '{ ' + entries.join(', ') + ' }';
    } finally {
      seen.delete(object);
    }
  };
  let text: string;
  try {
    text = out(value, 0);
  } catch (error) {
    text = `[cannot be shown: ${errorMessage(error)}]`;
  }
  return text.length > MAX_SHOWN ? text.slice(0, MAX_SHOWN) + ' …' : text;
}

/** Structural equality for the plain data cases return: primitives, arrays, plain objects. */
export function deepEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (Object.is(a, b)) return true;
  if (depth > 40 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i], depth + 1));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1));
}

const code = (value: unknown): Shown => ({ kind: 'code', text: showValue(value) });

export interface CheckHooks {
  /** Called as soon as a case has its verdict (the page shows progress, the runner knows where a timeout hit). */
  onCase?: (index: number, report: CaseReport) => void;
  /** The line of the learner's code an error came from, if the loader can tell. */
  lineOf?: (error: unknown) => number | null;
}

/** The export problem that stops a case, if any of the exports it uses is missing or of the wrong kind. */
function exportProblem(definition: ExerciseDefinition, learner: LearnerExports, uses: readonly string[]): CaseVerdict | null {
  for (const name of uses) {
    const spec = definition.exports.find((e) => e.name === name);
    if (!spec) continue;
    let actualKind: ValueKind;
    try {
      actualKind = Object.hasOwn(learner, name) ? kindOf(learner[name]) : 'missing';
    } catch {
      actualKind = 'missing';
    }
    if (actualKind !== spec.kind) return { status: 'export', name, expectedKind: spec.kind, actualKind };
  }
  return null;
}

/** Runs one case; never throws. */
export async function checkCase(definition: ExerciseDefinition, index: number, learner: LearnerExports, hooks: CheckHooks = {}): Promise<CaseReport> {
  const c = definition.cases[index]!;
  const report = (verdict: CaseVerdict): CaseReport => ({ id: c.id, title: c.title, verdict });
  const problem = exportProblem(definition, learner, c.uses);
  if (problem) return report(problem);
  let actual: unknown;
  try {
    actual = await c.run(learner);
  } catch (error) {
    let line: number | null = null;
    try {
      line = hooks.lineOf?.(error) ?? null;
    } catch {
      line = null;
    }
    return report({ status: 'throw', message: errorMessage(error), line });
  }
  let ok: boolean;
  try {
    ok = c.accept ? c.accept(actual) : deepEqual(actual, c.expected);
  } catch {
    ok = false;
  }
  let actualShown: Shown;
  try {
    actualShown = c.show ? c.show(actual) : code(actual);
  } catch {
    actualShown = code(actual);
  }
  if (ok) return report({ status: 'pass', actual: actualShown });
  const expectedShown = c.expectedShown ?? (c.show ? c.show(c.expected) : code(c.expected));
  return report({ status: 'fail', expected: expectedShown, actual: actualShown });
}

/** Every case of the exercise in order, each with its verdict. */
export async function checkExports(definition: ExerciseDefinition, learner: LearnerExports, hooks: CheckHooks = {}): Promise<CaseReport[]> {
  const reports: CaseReport[] = [];
  for (let i = 0; i < definition.cases.length; i++) {
    const report = await checkCase(definition, i, learner, hooks);
    reports.push(report);
    hooks.onCase?.(i, report);
  }
  return reports;
}

export const isSolved = (reports: readonly CaseReport[]): boolean => reports.length > 0 && reports.every((r) => r.verdict.status === 'pass');
