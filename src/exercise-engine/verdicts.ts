// The verdicts: one check runs an exercise's cases against a learner's module that lives in another
// worker, and judges every case here, in the checker's realm (see README.md). The learner's worker
// is only ever asked for data (the value of an export, the result of a call on inputs a case
// chose); what it sends back is the learner's answer, never a verdict.

import type { CheckTools, ExerciseDefinition, ExerciseText, Outcome, Shown } from '../../lessons-code/index.ts';
import { CheckAborted, type LearnerLink } from './learner-link.ts';
import { checkProblem, LearnerModule, LearnerThrew, thrownInfo } from './learner-stand-ins.ts';
import { CONSOLE_LINE_CHARS, CONSOLE_LINES, type ExportEntry } from './protocol.ts';
import { transpile } from './transpile.ts';
import type { CaseReport, CaseVerdict, CheckReport, FailureContext, Reveal, ThrownInfo, ValueKind } from './types.ts';
import { deepEqual, fitsKind, kindOf, showValue } from './values.ts';

function checkTools(text: ExerciseText): CheckTools {
  return {
    text: (key, vars) => {
      const template = text.strings?.[key];
      if (template === undefined) throw new Error(`missing exercise string ${key}`);
      return vars ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : template;
    },
    showValue,
  };
}

const code = (value: unknown): Shown => ({ kind: 'code', text: showValue(value) });

/** The kind of an export as the learner's worker described it. */
function exportKind(entry: ExportEntry | undefined): ValueKind {
  if (!entry) return 'missing';
  if ('fn' in entry) return 'function';
  if ('uncloneable' in entry) return 'uncloneable';
  return kindOf(entry.value);
}

/** The export problem that stops a case, if any of the exports it uses is missing or of the wrong kind. */
function exportProblem(
  definition: ExerciseDefinition,
  exports: Map<string, ExportEntry>,
  uses: readonly string[],
): CaseVerdict | null {
  for (const name of uses) {
    const expectedKind = definition.exports[name];
    if (!expectedKind) continue;
    const actualKind = exportKind(exports.get(name));
    if (!fitsKind(actualKind, expectedKind)) return { status: 'export', name, expectedKind, actualKind };
  }
  return null;
}

function expectedShown(c: Case, tools: CheckTools): Shown {
  if (c.expectedShown) return c.expectedShown(tools);
  return c.show ? c.show(c.expected, tools) : code(c.expected);
}

type Case = ExerciseDefinition['cases'][number];

/**
 * What a failing case adds to its verdict: its input, the diagnoses that recognize the outcome, and
 * what the learner's code threw during it that the case caught (all but `propagated`). A case's own
 * `input` or `recognize` that throws adds nothing.
 */
function failureContext(
  c: Case,
  tools: CheckTools,
  outcome: Outcome,
  thrown: readonly LearnerThrew[],
  propagated: LearnerThrew | null,
): FailureContext {
  const context: FailureContext = {};
  if (c.input) {
    try {
      context.input = c.input(tools);
    } catch {
      // no input shown
    }
  }
  const diagnoses = (c.diagnoses ?? [])
    .filter((diagnosis) => {
      try {
        return diagnosis.recognize(outcome) === true;
      } catch {
        return false;
      }
    })
    .map((diagnosis) => diagnosis.id);
  if (diagnoses.length > 0) context.diagnoses = diagnoses;
  const caught: ThrownInfo[] = thrown.filter((error) => error !== propagated).map((error) => error.info);
  if (caught.length > 0) context.caught = caught;
  return context;
}

/** Runs one case; never throws (but rethrows CheckAborted). */
async function checkCase(
  definition: ExerciseDefinition,
  index: number,
  learner: LearnerModule,
  exports: Map<string, ExportEntry>,
  tools: CheckTools,
): Promise<CaseReport> {
  const c = definition.cases[index]!;
  const report = (verdict: CaseVerdict): CaseReport => ({ id: c.id, verdict });
  const problem = exportProblem(definition, exports, c.uses);
  if (problem) return report(problem);
  let actual: unknown;
  learner.takeThrown();
  try {
    actual = await c.run(learner, tools);
  } catch (error) {
    if (error instanceof CheckAborted) throw error;
    const thrown = learner.takeThrown();
    if (error instanceof LearnerThrew) {
      const outcome: Outcome = { kind: 'threw', name: error.info.name, message: error.message };
      return report({ status: 'throw', error: error.info, ...failureContext(c, tools, outcome, thrown, error) });
    }
    // The case itself could not go on with what the learner's code gave (a value of the wrong type…).
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    const outcome: Outcome = { kind: 'threw', name, message };
    return report({
      status: 'throw',
      error: checkProblem(name, message),
      ...failureContext(c, tools, outcome, thrown, null),
    });
  }
  const thrown = learner.takeThrown();
  let ok: boolean;
  try {
    ok = c.accept ? c.accept(actual) : deepEqual(actual, c.expected);
  } catch {
    ok = false;
  }
  let actualShown: Shown;
  try {
    actualShown = c.show ? c.show(actual, tools) : code(actual);
  } catch {
    actualShown = code(actual);
  }
  if (ok) return report({ status: 'pass', actual: actualShown });
  return report({
    status: 'fail',
    expected: expectedShown(c, tools),
    actual: actualShown,
    ...failureContext(c, tools, { kind: 'value', value: actual }, thrown, null),
  });
}

/**
 * A prediction's exports not answered yet: missing, or still `undefined`, the starter's placeholder.
 * Every other value is an answer and is checked, `[]` (no event at all) and `''` included.
 */
function unanswered(definition: ExerciseDefinition, exports: Map<string, ExportEntry>): string[] {
  return Object.keys(definition.exports).filter((name) => {
    const entry = exports.get(name);
    return entry === undefined || ('value' in entry && entry.value === undefined);
  });
}

export interface CheckHooks {
  /** The learner's code is about to be sent to its worker: the time limit starts. */
  onStarted?: (caseIds: string[]) => void;
  /** The module loaded (a time limit hit after this stopped a case, not the loading). */
  onLoaded?: () => void;
  onCase?: (index: number, report: CaseReport) => void;
  onConsole?: (line: string) => void;
}

export interface CheckInput {
  definition: ExerciseDefinition;
  text: ExerciseText;
  source: string;
}

/**
 * One check: transpile here, load the module in the learner's worker, run every case in order.
 * Rejects only with CheckAborted (the page stopped the check).
 */
export async function runCheck(
  { definition, text, source }: CheckInput,
  link: LearnerLink,
  hooks: CheckHooks = {},
): Promise<CheckReport> {
  const console: string[] = [];
  link.onConsole = (line) => {
    if (console.length > CONSOLE_LINES) return;
    const shown =
      console.length === CONSOLE_LINES
        ? '…'
        : line.length > CONSOLE_LINE_CHARS
          ? line.slice(0, CONSOLE_LINE_CHARS) + ' …'
          : line;
    console.push(shown);
    hooks.onConsole?.(shown);
  };
  const compiled = transpile(source);
  if (!compiled.ok) return { outcome: 'compile-error', problem: compiled.problem, console };
  // The modules of lessons-code the code imports load before the time limit starts: fetching them
  // is the page's business, not the learner's time (learner-imports.ts).
  await link.prepare(compiled.code);
  hooks.onStarted?.(definition.cases.map((c) => c.id));
  const loaded = await link.load(compiled.code);
  if (loaded.kind === 'syntax')
    return { outcome: 'compile-error', problem: { message: loaded.message, line: null, column: null }, console };
  if (loaded.kind === 'thrown') {
    const { info, importName } = thrownInfo(loaded.data);
    return { outcome: 'load-error', error: info, importName, console };
  }
  const { exports } = loaded;
  hooks.onLoaded?.();
  if (definition.kind === 'prediction') {
    const empty = unanswered(definition, exports);
    if (empty.length > 0) return { outcome: 'unanswered', names: empty, console };
  }
  const tools = checkTools(text);
  const learner = new LearnerModule(link, exports);
  const cases: CaseReport[] = [];
  for (let i = 0; i < definition.cases.length; i++) {
    const report = await checkCase(definition, i, learner, exports, tools);
    cases.push(report);
    hooks.onCase?.(i, report);
  }
  return { outcome: 'checked', cases, console };
}

/** Each case's expected value and the proof: what "show the answer" and a committed prediction reveal. */
export function reveal(definition: ExerciseDefinition, text: ExerciseText): Reveal {
  const tools = checkTools(text);
  const expected: Record<string, Shown> = {};
  for (const c of definition.cases) expected[c.id] = expectedShown(c, tools);
  return { expected, proof: definition.proof?.(tools) ?? [] };
}
