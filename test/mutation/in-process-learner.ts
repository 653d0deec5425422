// An exercise's cases run in this process, against a module imported here: what mutation testing
// needs, since a mutant of an exercise's reference solution only runs where Stryker instrumented it.
// The page runs the learner's module in a worker of its own and the cases in the checker
// (src/exercise-engine/README.md); this file does what the two do together, step for step:
// the arguments built as the harness builds them (src/exercise-engine/learner-harness.ts), the
// results and the fake fetch's requests read as the checker reads them
// (src/exercise-engine/learner-stand-ins.ts), every case judged as verdicts.ts judges it. What
// crosses the page's port as a structured clone is a structured clone here too, and the learner's
// calls are watched as the harness watches them (src/exercise-engine/learner-watch.ts): a value
// the code changed that its caller keeps fails the case here too.

import type {
  CheckTools,
  ExerciseDefinition,
  ExerciseText,
  FakeFetch,
  FakeRequest,
  FakeResponse,
  Learner,
  LearnerStream,
  Recorder,
  StreamEnding,
  StreamError,
} from '../../lessons-code/index.ts';
import { runGenerated } from '../../src/exercise-engine/generated.ts';
import { stringOr } from '../../src/exercise-engine/learner-link.ts';
import {
  answerWith,
  changeFrom,
  checkProblem,
  LearnerThrew,
  streamErrorOf,
  thrownInfo,
} from '../../src/exercise-engine/learner-stand-ins.ts';
import { ChangeWatch } from '../../src/exercise-engine/learner-watch.ts';
import type { FetchAnswer, ThrownData } from '../../src/exercise-engine/protocol.ts';
import type { Change, ValueKind } from '../../src/exercise-engine/types.ts';
import { deepEqual, fitsKind, kindOf, showValue } from '../../src/exercise-engine/values.ts';

type Respond = (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;

const encoder = new TextEncoder();
const bytes = (chunk: string | Uint8Array): Uint8Array =>
  typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk);

class StreamArg implements LearnerStream {
  readonly learnerArg = 'stream' as const;
  cancelled = false;
  readonly chunks: Uint8Array[];
  readonly error: StreamError | null;
  constructor(chunks: readonly (string | Uint8Array)[], ending: StreamEnding | undefined) {
    this.chunks = chunks.map(bytes);
    this.error = streamErrorOf(ending);
  }
}

class RecorderArg implements Recorder {
  readonly learnerArg = 'recorder' as const;
  calls: unknown[][] = [];
}

class FetchArg implements FakeFetch {
  readonly learnerArg = 'fetch' as const;
  readonly requests: FakeRequest[] = [];
  readonly respond: Respond;
  constructor(respond: Respond) {
    this.respond = respond;
  }
}

/**
 * A ReadableStream of these chunks, one read each, then done, or errored with `error` (of its kind);
 * `onCancel` is called when the code cancels it before then (the harness's `streamOf`).
 */
function streamOf(
  chunks: readonly Uint8Array[],
  error: StreamError | null = null,
  onCancel: (() => void) | null = null,
): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else if (error === null) controller.close();
      else
        controller.error(
          error.kind === 'string'
            ? error.message
            : error.kind === 'AbortError'
              ? new DOMException(error.message, 'AbortError')
              : error.kind === 'Error'
                ? new Error(error.message)
                : new TypeError(error.message),
        );
    },
    cancel() {
      onCancel?.();
    },
  });
}

/** The statuses whose response has no body (Fetch standard, "null body status"), as the harness has them. */
const isNullBodyStatus = (status: number): boolean =>
  status === 101 || status === 103 || status === 204 || status === 205 || status === 304;

/** Reads a property, or null if reading it throws (the harness's `read`). */
function read(value: unknown, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return null;
  }
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What the code threw, as the harness describes it to the checker (`describeThrown`). */
function describeThrown(value: unknown): ThrownData {
  if (value instanceof Error)
    return {
      isError: true,
      name: textOrNull(read(value, 'name')),
      message: textOrNull(read(value, 'message')),
      stack: textOrNull(read(value, 'stack')),
      value: null,
      shown: null,
      importName: null,
      switchedOff: false,
    };
  try {
    return {
      isError: false,
      name: null,
      message: null,
      stack: null,
      value: structuredClone(value),
      shown: null,
      importName: null,
    };
  } catch {
    return {
      isError: false,
      name: null,
      message: null,
      stack: null,
      value: null,
      shown: `[${typeof value}]`,
      importName: null,
    };
  }
}

/** The request as the checker reads it from the learner's side (`FetchArg.answer` in learner-stand-ins.ts). */
function checkerRequest(raw: FakeRequest): FakeRequest {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw.headers).slice(0, 100))
    if (typeof value === 'string') headers[key.toLowerCase()] = value.slice(0, 10_000);
  return {
    url: stringOr(raw.url, '', 10_000)!,
    method: stringOr(raw.method, 'GET', 20)!,
    headers,
    body: stringOr(raw.body, null, 1_000_000),
  };
}

/** What the checker answers a request with (`FetchArg.answer`): a description of the response, or a failure. */
function answerOf(fetchArg: FetchArg, request: FakeRequest): Promise<FetchAnswer> {
  fetchArg.requests.push(request);
  return answerWith(fetchArg.respond, request);
}

/** The fetch the learner's code gets (the harness's `fakeFetch`), answered by the case's function. */
function fakeFetch(fetchArg: FetchArg) {
  return async function fetch(input: unknown, init?: unknown): Promise<Response> {
    const request: FakeRequest = { url: '', method: 'GET', headers: {}, body: null };
    request.url = String(
      typeof input === 'object' && input !== null && typeof read(input, 'url') === 'string'
        ? read(input, 'url')
        : input,
    );
    const method = read(init, 'method');
    if (typeof method === 'string') request.method = method.toUpperCase();
    const headersInit = read(init, 'headers');
    if (headersInit !== undefined && headersInit !== null) {
      const out: Record<string, string> = {};
      new Headers(headersInit as HeadersInit).forEach((value, key) => {
        out[key] = value;
      });
      request.headers = out;
    }
    const body = read(init, 'body');
    if (body !== undefined && body !== null) request.body = String(body);
    // The request crosses the port to the checker: a copy.
    const answer = await answerOf(fetchArg, checkerRequest(structuredClone(request)));
    if (!answer.ok) throw new TypeError(answer.message);
    // A name given twice is joined with ", ", as Headers.append would.
    const headers: Record<string, string> = {};
    for (const [name, value] of answer.headers) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    return new Response(isNullBodyStatus(answer.status) ? null : streamOf(answer.chunks), {
      status: answer.status,
      statusText: answer.statusText,
      headers,
    });
  };
}

/** A promise settled in a task of its own, after the microtasks queued before it. */
const nextTask = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** JSON of the arguments, as LearnerModule.memo keys them. */
const keyOf = (args: readonly unknown[]): string => {
  try {
    return JSON.stringify(args);
  } catch {
    return String(Math.random());
  }
};

/** The learner's module imported in this process, as a case sees it (Learner in lessons-code/exercises/contract.ts). */
class InProcessLearner implements Learner {
  private readonly module: Readonly<Record<string, unknown>>;
  /** The calls' watch, the case they belong to and the first change seen in it (LearnerModule's). */
  private readonly watch = new ChangeWatch();
  private group = 0;
  private change: Change | null = null;
  constructor(module: Readonly<Record<string, unknown>>) {
    this.module = module;
  }

  startCase(): void {
    this.group++;
    this.change = null;
  }

  takeChange(): Change | null {
    const change = this.change;
    this.change = null;
    return change;
  }

  value(name: string): unknown {
    const value = this.module[name];
    return typeof value === 'function' ? undefined : structuredClone(value);
  }

  async call(name: string, ...args: unknown[]): Promise<unknown> {
    // A call starts in a task of its own, as a message to the learner's worker does: the calls made
    // before it have run, their results copied and compared (unless they wait for something), before
    // this one begins. Calls made together (memo) then see each other's results as the page does.
    await nextTask();
    const recorded = new Map<RecorderArg, unknown[][]>();
    const cancelled = new Set<StreamArg>();
    // Data crosses the port: the learner's function gets copies.
    const live = args.map((arg): unknown => {
      if (arg instanceof StreamArg) {
        const chunks = arg.chunks.map((chunk) => new Uint8Array(chunk));
        return streamOf(chunks, arg.error, () => cancelled.add(arg));
      }
      if (arg instanceof RecorderArg) {
        const calls: unknown[][] = [];
        recorded.set(arg, calls);
        return (...received: unknown[]) => {
          let copy: unknown[];
          try {
            copy = structuredClone(received);
          } catch {
            copy = [{ uncloneable: true }];
          }
          calls.push(copy);
        };
      }
      if (arg instanceof FetchArg) return fakeFetch(arg);
      return structuredClone(arg);
    });
    const fn = this.module[name];
    const group = this.group;
    const data = args.map(
      (arg) => !(arg instanceof StreamArg || arg instanceof RecorderArg || arg instanceof FetchArg),
    );
    const watched = this.watch.begin(group, fn, live, data);
    let outcome: { ok: true; value: unknown } | { ok: false; thrown: ThrownData };
    try {
      if (typeof fn !== 'function') throw new TypeError(`${name} is not a function`);
      outcome = { ok: true, value: await Reflect.apply(fn, undefined, live) };
    } catch (error) {
      outcome = { ok: false, thrown: describeThrown(error) };
    }
    const change = changeFrom(this.watch.end(watched, outcome.ok, outcome.ok ? outcome.value : null), name);
    if (change !== null && this.change === null && group === this.group) this.change = change;
    let value: unknown = null;
    let uncloneable = false;
    if (outcome.ok) {
      try {
        value = structuredClone(outcome.value);
      } catch {
        uncloneable = true;
      }
    }
    // A reply that cannot be copied comes back without the recorders' calls.
    for (const [recorder, calls] of recorded) recorder.calls = uncloneable ? [] : calls;
    for (const arg of args) if (arg instanceof StreamArg) arg.cancelled = cancelled.has(arg);
    if (!outcome.ok) {
      const { info, original, wasError, message } = thrownInfo(outcome.thrown);
      throw new LearnerThrew(info, original, wasError, message);
    }
    if (uncloneable) {
      const kind = typeof outcome.value === 'object' && outcome.value !== null ? 'object' : typeof outcome.value;
      const message = `the value ${name} returned (${kind}) cannot be copied out of its worker to be checked`;
      throw new LearnerThrew(checkProblem('DataCloneError', message), null, true, message);
    }
    return value;
  }

  async memo(name: string, argLists: readonly (readonly unknown[])[]): Promise<(...args: unknown[]) => unknown> {
    const results = new Map<string, { ok: true; value: unknown } | { ok: false; error: unknown }>();
    const distinct = new Map<string, readonly unknown[]>();
    for (const args of argLists) distinct.set(keyOf(args), args);
    await Promise.all(
      [...distinct].map(async ([key, args]) => {
        try {
          results.set(key, { ok: true, value: await this.call(name, ...args) });
        } catch (error) {
          results.set(key, { ok: false, error });
        }
      }),
    );
    return (...args: unknown[]) => {
      const result = results.get(keyOf(args));
      if (!result) throw new Error(`the check did not prepare ${name} for these arguments`);
      if (!result.ok) throw result.error;
      return structuredClone(result.value);
    };
  }

  stream(chunks: readonly (string | Uint8Array)[], ending?: StreamEnding): LearnerStream {
    return new StreamArg(chunks, ending);
  }

  recorder(): Recorder {
    return new RecorderArg();
  }

  fetch(answer: Respond): FakeFetch {
    return new FetchArg(answer);
  }
}

/** The tools verdicts.ts hands to a definition's functions, from the exercise's text in one language. */
export function checkTools(text: ExerciseText): CheckTools {
  return {
    text: (key, vars) => {
      const template = text.strings?.[key];
      if (template === undefined) throw new Error(`missing exercise string ${key}`);
      return vars ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? '')) : template;
    },
    showValue,
  };
}

/** An export's kind as the learner's worker would describe it (a function, a copy's kind, or uncloneable). */
function exportKind(module: Readonly<Record<string, unknown>>, name: string): ValueKind {
  if (!Object.hasOwn(module, name)) return 'missing';
  const value = module[name];
  if (typeof value === 'function') return 'function';
  try {
    return kindOf(structuredClone(value));
  } catch {
    return 'uncloneable';
  }
}

/** One case's verdict: passed, or why not (in words a test failure can show). */
export type InProcessVerdict = { pass: true } | { pass: false; why: string };

/**
 * The module's verdict on one case, judged as verdicts.ts judges it: the exports the case uses of
 * the kinds the definition names, a prediction answered, no value its caller keeps changed by the
 * code, then the case's value compared with `expected` (deepEqual) or judged by its `accept`.
 */
export async function judgeCase(
  definition: ExerciseDefinition,
  caseIndex: number,
  module: Readonly<Record<string, unknown>>,
  tools: CheckTools,
): Promise<InProcessVerdict> {
  const c = definition.cases[caseIndex]!;
  if (definition.kind === 'prediction') {
    const empty = Object.keys(definition.exports).filter((name) => module[name] === undefined);
    if (empty.length > 0) return { pass: false, why: `unanswered: ${empty.join(', ')}` };
  }
  for (const name of c.uses) {
    const expectedKind = definition.exports[name];
    if (!expectedKind) continue;
    const actualKind = exportKind(module, name);
    if (!fitsKind(actualKind, expectedKind))
      return { pass: false, why: `export ${name}: ${actualKind}, expected ${expectedKind}` };
  }
  if (c.kind === 'generated') {
    // The engine's own search of the case's inputs, each answered by the module in process; each
    // input is a case of its own, failed by a change to a value its caller keeps.
    const learner = new InProcessLearner(module);
    const found = await runGenerated(c, async (input) => {
      learner.startCase();
      const result = await c.run(learner, input, tools);
      const change = learner.takeChange();
      if (change !== null) throw new Error(`${change.name} changed ${change.path}`);
      return result;
    });
    if (found.kind === 'same') return { pass: true };
    const shown = found.outcome.kind === 'value' ? showValue(found.outcome.value) : `threw ${found.outcome.message}`;
    return {
      pass: false,
      why: `on ${showValue(found.input)}: ${shown}, expected ${showValue(await c.expected(found.input))}`,
    };
  }
  let actual: unknown;
  const learner = new InProcessLearner(module);
  learner.startCase();
  try {
    actual = await c.run(learner, tools);
  } catch (error) {
    return {
      pass: false,
      why: `threw ${error instanceof Error ? `${error.name}: ${error.message}` : showValue(error)}`,
    };
  }
  const change = learner.takeChange();
  if (change !== null) return { pass: false, why: `${change.name} changed ${change.path}` };
  let ok: boolean;
  try {
    ok = c.accept ? c.accept(actual) : deepEqual(actual, c.expected);
  } catch {
    ok = false;
  }
  if (ok) return { pass: true };
  return {
    pass: false,
    why: c.accept ? `not accepted: ${showValue(actual)}` : `${showValue(actual)}, expected ${showValue(c.expected)}`,
  };
}
