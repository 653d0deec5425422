// The verdicts: one check runs an exercise's cases against a learner's module that lives in another
// worker, and judges every case here, in the checker's realm (see README.md). The learner's worker
// is only ever asked for data (the value of an export, the result of a call on inputs a case
// chose); what it sends back is the learner's answer, never a verdict.

import type {
  CheckTools,
  ExerciseCase,
  ExerciseDefinition,
  ExerciseText,
  GeneratedCase,
  Outcome,
  Shown,
} from '../../lessons-code/index.ts';
import { runGenerated, type GeneratedRun } from './generated.ts';
import { CheckAborted, type LearnerLink } from './learner-link.ts';
import { checkProblem, LearnerModule, LearnerThrew, thrownInfo, type FreshOptions } from './learner-stand-ins.ts';
import { CHECK_LIMIT_MS, CONSOLE_LINE_CHARS, CONSOLE_LINES, type ExportEntry } from './protocol.ts';
import { transpile } from './transpile.ts';
import type {
  CaseReport,
  CaseVerdict,
  Change,
  CheckReport,
  FailureContext,
  Reveal,
  ThrownInfo,
  ValueKind,
} from './types.ts';
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

function expectedShown(c: ChosenCase, tools: CheckTools): Shown {
  if (c.expectedShown) return c.expectedShown(tools);
  return c.show ? c.show(c.expected, tools) : code(c.expected);
}

type ChosenCase = ExerciseCase;

/** Thrown for a generated input on which the learner's code changed a value its caller keeps: that input differs. */
class ChangedValue extends Error {
  constructor(change: Change) {
    super(`${change.name} changed ${change.path}`);
    this.name = 'ChangedValue';
  }
}

/**
 * What a failing case adds to its verdict: its input, the diagnoses that recognize the outcome, and
 * what the learner's code threw during it that the case caught (all but `propagated`). A case's own
 * `input` or `recognize` that throws adds nothing.
 */
function failureContext(
  c: ChosenCase,
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

/**
 * Second looks at failing cases (secondLook), made once every case has its verdict: they add words
 * to a verdict, never change it, and must not take the time the cases after them need.
 */
type Later = (() => Promise<void>)[];

/** Runs one case; never throws (but rethrows CheckAborted). Its second look, if any, goes on `later`. */
async function checkCase(
  definition: ExerciseDefinition,
  index: number,
  learner: LearnerModule,
  exports: Map<string, ExportEntry>,
  tools: CheckTools,
  until: number,
  later: Later,
): Promise<CaseReport> {
  const c = definition.cases[index]!;
  const problem = exportProblem(definition, exports, c.uses);
  if (problem) return { id: c.id, verdict: problem };
  if (c.kind === 'generated') return { id: c.id, verdict: await judgeGenerated(c, learner, tools, until, later) };
  const started = performance.now();
  const verdict = await judge(c, learner, tools);
  const elapsed = performance.now() - started;
  later.push(() => secondLook(c, learner, tools, verdict, elapsed, until));
  return { id: c.id, verdict };
}

/**
 * The least time a second look at a case (`passesAlone`) may take, and how many times the case's own
 * run it may take beyond that, before it is given up and claims nothing: a fresh copy of the module
 * that never settles must not cost the case its verdict. Nor may a second look run into the page's
 * time limit, which would stop the check before this case's verdict reached the page: it stops
 * `ALONE_MARGIN_MS` before it, or is not made.
 */
const ALONE_MIN_MS = 500;
const ALONE_TIMES = 2;
const ALONE_MARGIN_MS = 150;

/**
 * Whether the case passes when its calls are the only ones made to a fresh copy of the learner's
 * module (loaded again in its worker: module-level variables afresh), judged as `judge` judges it;
 * with `valuesAsErrors`, a value the code throws that is not an Error reaches the case as an Error of
 * the same message. False when the copy cannot be loaded, or takes longer than `limitMs`.
 */
async function passesAlone(
  c: ChosenCase,
  learner: LearnerModule,
  tools: CheckTools,
  limitMs: number,
  options: FreshOptions = {},
): Promise<boolean> {
  const look = (async () => {
    const fresh = await learner.fresh(options);
    if (fresh === null) return false;
    fresh.startCase();
    let actual: unknown;
    try {
      actual = await c.run(fresh, tools);
    } catch (error) {
      if (error instanceof CheckAborted) throw error;
      return false;
    }
    if (fresh.takeChange() !== null) return false;
    try {
      return Boolean(c.accept ? c.accept(actual) : deepEqual(actual, c.expected));
    } catch {
      return false;
    }
  })();
  look.catch(() => undefined); // a look given up on may still reject later
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), limitMs);
  });
  try {
    return await Promise.race([look, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A failing case looked at again, to say what its verdict alone cannot (`elapsed`: how long the case
 * took; `until`: when the page's time limit goes off, by `performance.now()`). If the same case
 * passes when it alone calls a fresh copy of the learner's module, the result shown came from calls
 * made before it: the code keeps state between calls (`keptState`). If the code
 * threw a value that is not an Error: the case's expected value, and, when the case passes had the
 * code thrown an Error of the same message, that Error (`errorExpected`).
 */
async function secondLook(
  c: ChosenCase,
  learner: LearnerModule,
  tools: CheckTools,
  verdict: CaseVerdict,
  elapsed: number,
  until: number,
): Promise<void> {
  if (verdict.status !== 'fail' && verdict.status !== 'throw') return;
  const limit = () =>
    Math.min(Math.max(ALONE_MIN_MS, ALONE_TIMES * elapsed), until - ALONE_MARGIN_MS - performance.now());
  if (limit() > 0 && (await passesAlone(c, learner, tools, limit()))) {
    verdict.keptState = true;
    return;
  }
  if (verdict.status !== 'throw' || verdict.error.source !== 'learner' || verdict.error.name !== null) return;
  if (!c.accept) verdict.expected = expectedShown(c, tools);
  const kind = verdict.error.valueKind;
  if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return;
  // The message in code notation: a string's is the text shown already, a number's is quoted.
  const message = kind === 'string' ? verdict.error.message : showValue(verdict.error.message);
  if (limit() > 0 && (await passesAlone(c, learner, tools, limit(), { valuesAsErrors: true })))
    verdict.errorExpected = `new Error(${message})`;
}

/**
 * A case with chosen inputs: run it, then compare or accept; never throws (but rethrows CheckAborted).
 * A value the learner's code changed that its caller keeps fails the case whatever it returned
 * (learner-watch.ts): its verdict shows that change, with the case's input, the diagnoses of what the
 * code gave and everything it threw.
 */
async function judge(c: ChosenCase, learner: LearnerModule, tools: CheckTools): Promise<CaseVerdict> {
  let actual: unknown;
  learner.takeThrown();
  learner.startCase();
  try {
    actual = await c.run(learner, tools);
  } catch (error) {
    if (error instanceof CheckAborted) throw error;
    const thrown = learner.takeThrown();
    const change = learner.takeChange();
    if (error instanceof LearnerThrew) {
      const outcome: Outcome = { kind: 'threw', name: error.info.name, message: error.message };
      if (change !== null) return { status: 'changed', change, ...failureContext(c, tools, outcome, thrown, null) };
      return { status: 'throw', error: error.info, ...failureContext(c, tools, outcome, thrown, error) };
    }
    // The case itself could not go on with what the learner's code gave (a value of the wrong type…).
    const name = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    const outcome: Outcome = { kind: 'threw', name, message };
    if (change !== null) return { status: 'changed', change, ...failureContext(c, tools, outcome, thrown, null) };
    return {
      status: 'throw',
      error: checkProblem(name, message),
      ...failureContext(c, tools, outcome, thrown, null),
    };
  }
  const thrown = learner.takeThrown();
  const change = learner.takeChange();
  if (change !== null)
    return { status: 'changed', change, ...failureContext(c, tools, { kind: 'value', value: actual }, thrown, null) };
  let ok: boolean;
  try {
    ok = c.accept ? c.accept(actual) : deepEqual(actual, c.expected);
  } catch {
    ok = false;
  }
  const actualShown = shownOf(c.show, actual, tools);
  if (ok) return { status: 'pass', actual: actualShown };
  return {
    status: 'fail',
    expected: expectedShown(c, tools),
    actual: actualShown,
    ...failureContext(c, tools, { kind: 'value', value: actual }, thrown, null),
  };
}

/** A value as the case shows it, in code notation if its `show` fails. */
function shownOf<V>(show: ((value: V, tools: CheckTools) => Shown) | undefined, value: V, tools: CheckTools): Shown {
  try {
    return show ? show(value, tools) : code(value);
  } catch {
    return code(value);
  }
}

/**
 * A generated case: its inputs tried one by one (generated.ts); where the learner's code differs,
 * the smallest such input is judged again as a chosen case would be, so that the verdict shows that
 * input, both results, and what was thrown and caught. Its diagnoses are only those true of every
 * input tried.
 */
async function judgeGenerated(
  c: GeneratedCase,
  learner: LearnerModule,
  tools: CheckTools,
  until: number,
  later: Later,
): Promise<CaseVerdict> {
  let found: GeneratedRun<unknown>;
  // Each input is a case of its own: a change the learner's code makes to a value its caller keeps
  // is a difference there, whatever the result (learner-watch.ts).
  const changes = new Map<unknown, Change>();
  try {
    found = await runGenerated(c, async (input) => {
      learner.startCase();
      const result = await c.run(learner, input, tools);
      const change = learner.takeChange();
      if (change !== null) {
        changes.set(input, change);
        throw new ChangedValue(change);
      }
      return result;
    });
  } catch (error) {
    if (error instanceof CheckAborted) throw error;
    const name = error instanceof Error ? error.name : 'Error';
    return { status: 'throw', error: checkProblem(name, error instanceof Error ? error.message : String(error)) };
  }
  learner.takeThrown();
  if (found.kind === 'same') {
    return {
      status: 'pass',
      actual: code(found.tried),
      generated: { seed: found.seed, tried: found.tried, shrinks: 0 },
    };
  }
  const { input, outcome } = found;
  const expected: unknown = await c.expected(input);
  const chosen: ChosenCase = {
    id: c.id,
    uses: c.uses,
    run: (l, t) => c.run(l, input, t),
    expected,
    input: (t) => c.input(input, t),
    ...(c.show ? { show: c.show } : {}),
  };
  const started = performance.now();
  let verdict = await judge(chosen, learner, tools);
  const elapsed = performance.now() - started;
  if (verdict.status === 'pass') {
    // This time the code gave the expected result (it depends on chance or on earlier calls): the
    // difference found stands.
    const change = changes.get(input);
    verdict =
      outcome.kind === 'value'
        ? { status: 'fail', expected: shownOf(c.show, expected, tools), actual: shownOf(c.show, outcome.value, tools) }
        : change !== undefined
          ? { status: 'changed', change }
          : { status: 'throw', error: checkProblem(outcome.name ?? 'Error', outcome.message) };
    verdict.input = c.input(input, tools);
  }
  if (verdict.status !== 'fail' && verdict.status !== 'throw' && verdict.status !== 'changed') return verdict;
  delete verdict.diagnoses;
  if (found.diagnoses.length > 0) verdict.diagnoses = found.diagnoses;
  verdict.generated = { seed: found.seed, tried: found.tried, shrinks: found.shrinks };
  const judged = verdict;
  later.push(() => secondLook(chosen, learner, tools, judged, elapsed, until));
  return verdict;
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
  // The page's time limit starts when it reads "started", a little after this: a second look that
  // ends before this deadline ends before the page's (secondLook).
  const until = performance.now() + CHECK_LIMIT_MS;
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
  const later: Later = [];
  for (let i = 0; i < definition.cases.length; i++) {
    const report = await checkCase(definition, i, learner, exports, tools, until, later);
    cases.push(report);
    hooks.onCase?.(i, report);
  }
  // Each second look stops before the page's time limit, or is not made (secondLook).
  for (const look of later) await look();
  return { outcome: 'checked', cases, console };
}

/** Each case's expected value and the proof: what "show the answer" and a committed prediction reveal. */
export function reveal(definition: ExerciseDefinition, text: ExerciseText): Reveal {
  const tools = checkTools(text);
  const expected: Record<string, Shown> = {};
  // A generated case has no one expected value: what it expects depends on the input.
  for (const c of definition.cases) if (c.kind !== 'generated') expected[c.id] = expectedShown(c, tools);
  return { expected, proof: definition.proof?.(tools) ?? [] };
}
