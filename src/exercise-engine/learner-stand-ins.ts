// What a case works with: the learner's module as a `Learner` (lessons-code/exercises/contract.ts),
// and the arguments that come alive on the learner's side (a stream, a recorder, a fake fetch). A
// call goes over the link; what comes back is validated and becomes the learner's return value, or
// a `LearnerThrew` when their code threw.

import type {
  FakeFetch,
  FakeRequest,
  FakeResponse,
  Learner,
  LearnerError,
  LearnerStream,
  Recorder,
  StreamEnding,
  StreamError,
} from '../../lessons-code/index.ts';
import { CheckAborted, isObject, stringOr, type FetchAnswerer, type LearnerLink } from './learner-link.ts';
import type { ArgSpec, ExportEntry, FetchAnswer } from './protocol.ts';
import { learnerLine } from './transpile.ts';
import type { Change, ThrownInfo, ThrownKind, ValueKind } from './types.ts';
import { deepEqual, kindOf, showValue } from './values.ts';

/** What the learner's code threw (or what could not come back from it), as a case sees it. */
export class LearnerThrew extends Error implements LearnerError {
  readonly info: ThrownInfo;
  /** The value thrown when it was not an Error (a copy), so that a caller can rethrow it as it was. */
  readonly thrown: unknown;
  readonly wasError: boolean;
  /**
   * `message` is the learner's own message (what `error.message` would be in their code); `info.message` adds the type.
   */
  constructor(info: ThrownInfo, thrown: unknown, wasError: boolean, message: string) {
    super(message);
    this.name = info.name ?? 'LearnerThrew';
    this.info = info;
    this.thrown = thrown;
    this.wasError = wasError;
  }
}

const BUILT_IN_KINDS: readonly string[] = [
  'ReferenceError',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'DataCloneError',
];

/**
 * The kind the workbench explains an error by. V8 and SpiderMonkey word `replaceAll`'s refusal of a
 * RegExp without `g` differently, but both name the method and the global flag (ECMA-262,
 * String.prototype.replaceAll, step 2.b.iii: "If ? ToString(flags) does not contain "g", throw a
 * TypeError exception").
 */
function thrownKind(name: string | null, message: string, switchedOff: boolean): ThrownKind | undefined {
  if (switchedOff) return 'network';
  if (name === 'TypeError' && /replaceAll/.test(message) && /global|\bg\b/i.test(message)) return 'replaceAll-global';
  return name !== null && BUILT_IN_KINDS.includes(name) ? (name as ThrownKind) : undefined;
}

/** Validates what the learner's worker says it threw and turns it into the engine's own text. */
export function thrownInfo(data: unknown): {
  info: ThrownInfo;
  original: unknown;
  wasError: boolean;
  message: string;
  importName: string | null;
} {
  const d = isObject(data) ? data : {};
  const stack = stringOr(d.stack, null, 20_000);
  if (d.isError === true) {
    const name = stringOr(d.name, null, 200) || 'Error';
    const message = stringOr(d.message, '', 2000) ?? '';
    const info: ThrownInfo = {
      name,
      message: message === '' ? name : `${name}: ${message}`,
      line: learnerLine(stack),
      source: 'learner',
    };
    const kind = thrownKind(name, message, d.switchedOff === true);
    if (kind) info.kind = kind;
    return { info, original: null, wasError: true, message, importName: stringOr(d.importName, null, 200) };
  }
  const shown = typeof d.shown === 'string' ? d.shown.slice(0, 200) : showValue(d.value);
  const valueKind: ValueKind = typeof d.shown === 'string' ? 'uncloneable' : kindOf(d.value);
  return {
    info: { name: null, message: shown, line: null, source: 'learner', valueKind },
    original: typeof d.shown === 'string' ? shown : d.value,
    wasError: false,
    message: shown,
    importName: null,
  };
}

/** A problem the check met with the learner's result (not something the learner's code threw). */
export const checkProblem = (name: string, message: string): ThrownInfo => {
  const info: ThrownInfo = { name, message: `${name}: ${message}`, line: null, source: 'check' };
  const kind = thrownKind(name, message, false);
  if (kind) info.kind = kind;
  return info;
};

/** A name in code notation as it is: a variable's, or a property's after a dot. */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/** A path in code notation from its root: `texts[1]`, `result.text`, `result["a b"]`. */
const pathText = (root: string, steps: readonly (string | number)[]): string =>
  steps.reduce<string>(
    (text, step) =>
      typeof step === 'number'
        ? `${text}[${step}]`
        : PLAIN_NAME.test(step)
          ? `${text}.${step}`
          : `${text}[${JSON.stringify(step)}]`,
    root,
  );

/** The value at a path of plain data, or undefined where the path leads nowhere. */
function valueAt(value: unknown, steps: readonly (string | number)[]): unknown {
  let at = value;
  for (const step of steps) {
    if (!isObject(at) || !Object.hasOwn(at, step)) return undefined;
    at = at[step];
  }
  return at;
}

/** How long a value may be, in code notation, to be shown whole around the place that changed in it. */
const SHOWN_WHOLE = 300;

const callNumber = (value: unknown): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1e9 ? value : 1;

/**
 * What the learner's worker says the learner's code changed (learner-watch.ts), validated, as the
 * page shows it: where, in code notation, and the value there before and after; or around it, the
 * largest value along the path that is short enough to show whole, so that the learner sees the
 * change in its place. `name` is the function the checker called.
 */
export function changeFrom(data: unknown, name: string): Change | null {
  if (!isObject(data) || (data.what !== 'argument' && data.what !== 'result')) return null;
  const call = callNumber(data.call);
  const seen = Math.max(call, callNumber(data.seen));
  const position =
    typeof data.position === 'number' && Number.isInteger(data.position) && data.position >= 0 ? data.position : 0;
  const parameter =
    typeof data.parameter === 'string' && data.parameter.length <= 60 && PLAIN_NAME.test(data.parameter)
      ? data.parameter
      : null;
  const root = data.what === 'result' ? 'result' : (parameter ?? `arguments[${position}]`);
  const path = Array.isArray(data.path) ? data.path.slice(0, 100) : [];
  const steps = path.every(
    (step) =>
      (typeof step === 'number' && Number.isInteger(step) && step >= 0) ||
      (typeof step === 'string' && step.length <= 200),
  )
    ? (path as (string | number)[])
    : [];
  const afterShown = stringOr(data.afterShown, null, 100);
  for (let depth = afterShown === null ? 0 : steps.length; depth <= steps.length; depth++) {
    const before = showValue(valueAt(data.before, steps.slice(0, depth)));
    const after = afterShown ?? showValue(valueAt(data.after, steps.slice(0, depth)));
    if (depth === steps.length || (before.length <= SHOWN_WHOLE && after.length <= SHOWN_WHOLE))
      return {
        kind: data.what === 'argument' ? 'changed-argument' : 'changed-result',
        name,
        call,
        seen,
        path: pathText(root, steps),
        shownPath: pathText(root, steps.slice(0, depth)),
        before,
        after,
      };
  }
  return null;
}

let nextArgId = 1;
const encoder = new TextEncoder();
const bytes = (chunk: string | Uint8Array): Uint8Array =>
  typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk);

/** The error `ending` asks a stream argument to end with, or null for a stream that closes. */
export function streamErrorOf(ending: StreamEnding | undefined): StreamError | null {
  if (typeof ending?.error !== 'string') return null;
  const kinds: readonly StreamError['kind'][] = ['AbortError', 'Error', 'string'];
  const kind = kinds.find((known) => known === ending.errorKind) ?? 'TypeError';
  return { message: ending.error, kind };
}

class StreamArg implements LearnerStream {
  readonly learnerArg = 'stream' as const;
  readonly id = nextArgId++;
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
  readonly id = nextArgId++;
  calls: unknown[][] = [];
}

/**
 * What a fake fetch answers a request with, as data for the learner's side: the response `respond`
 * describes (or a real Response, read whole here), or the failure it threw.
 */
export async function answerWith(
  respond: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>,
  request: FakeRequest,
): Promise<FetchAnswer> {
  try {
    const response = await respond(request);
    if (response instanceof Response) {
      const chunks: Uint8Array[] = [];
      if (response.body) {
        const reader = response.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
        }
      }
      return {
        ok: true,
        message: '',
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        chunks,
      };
    }
    return {
      ok: true,
      message: '',
      status: response.status ?? 200,
      statusText: response.statusText ?? '',
      headers: Object.entries(response.headers ?? {}),
      chunks: (response.chunks ?? []).map(bytes),
    };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      status: 0,
      statusText: '',
      headers: [],
      chunks: [],
    };
  }
}

/** A fetch the learner's code calls; `answer` runs here, with data only crossing the port. */
class FetchArg implements FakeFetch, FetchAnswerer {
  readonly learnerArg = 'fetch' as const;
  readonly id = nextArgId++;
  readonly requests: FakeRequest[] = [];
  private readonly respond: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>;
  constructor(respond: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>) {
    this.respond = respond;
  }

  async answer(raw: unknown): Promise<FetchAnswer> {
    const r = isObject(raw) ? raw : {};
    const headers: Record<string, string> = {};
    if (isObject(r.headers))
      for (const [key, value] of Object.entries(r.headers).slice(0, 100))
        if (typeof value === 'string') headers[key.toLowerCase()] = value.slice(0, 10_000);
    const request: FakeRequest = {
      url: stringOr(r.url, '', 10_000)!,
      method: stringOr(r.method, 'GET', 20)!,
      headers,
      body: stringOr(r.body, null, 1_000_000),
    };
    this.requests.push(request);
    return answerWith(this.respond, request);
  }
}

/** What tells two thrown errors apart as the learner reads them: where they come from, type, message, line. */
const thrownKey = (info: ThrownInfo): string => JSON.stringify([info.source, info.name, info.message, info.line]);

const keyOf = (args: readonly unknown[]): string => {
  try {
    return JSON.stringify(args);
  } catch {
    return String(Math.random());
  }
};

/**
 * A value thrown that is not an Error, as an Error of the same message would have been thrown: what
 * a case would have met had the learner's code thrown `new Error(value)`. Only a string, a number
 * or a boolean has a message that says the same thing; null for anything else.
 */
function asThrownError(error: LearnerThrew): LearnerThrew | null {
  if (error.wasError || error.info.source !== 'learner') return null;
  const value = error.thrown;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const message = String(value);
  const info: ThrownInfo = {
    name: 'Error',
    message: message === '' ? 'Error' : `Error: ${message}`,
    line: error.info.line,
    source: 'learner',
  };
  return new LearnerThrew(info, null, true, message);
}

/** How a module instance made for a second look at a case (`LearnerModule.fresh`) answers. */
export interface FreshOptions {
  /** A value thrown that is not an Error reaches the case as an Error of the same message (`asThrownError`). */
  valuesAsErrors?: boolean;
}

/** The learner's module as the cases see it (see Learner in lessons-code/exercises/contract.ts). */
export class LearnerModule implements Learner {
  private readonly link: LearnerLink;
  private readonly exports: Map<string, ExportEntry>;
  /** Everything the learner's code threw since the last `takeThrown()`, whether or not a case caught it. */
  private thrown: LearnerThrew[] = [];
  /** The case the calls belong to (the learner's worker watches a case's calls together), and its first change. */
  private group = 0;
  private change: Change | null = null;
  /**
   * The module instance in the learner's worker the calls go to (0: the one loaded first), and the
   * last case number given out, shared with the instances made by `fresh` so that no two cases of
   * one worker share a number.
   */
  private readonly instance: number;
  private readonly groups: { last: number };
  private readonly valuesAsErrors: boolean;
  constructor(
    link: LearnerLink,
    exports: Map<string, ExportEntry>,
    instance = 0,
    groups = { last: 0 },
    options: FreshOptions = {},
  ) {
    this.link = link;
    this.exports = exports;
    this.instance = instance;
    this.groups = groups;
    this.valuesAsErrors = options.valuesAsErrors === true;
  }

  /**
   * The learner's module loaded anew in its worker, its module-level variables afresh, for a second
   * look at a failing case (verdicts.ts); null when it could not be loaded again.
   */
  async fresh(options: FreshOptions = {}): Promise<LearnerModule | null> {
    const instance = await this.link.reload();
    return instance === null ? null : new LearnerModule(this.link, this.exports, instance, this.groups, options);
  }

  value(name: string): unknown {
    const entry = this.exports.get(name);
    return entry && 'value' in entry ? structuredClone(entry.value) : undefined;
  }

  async call(name: string, ...args: unknown[]): Promise<unknown> {
    const specs: ArgSpec[] = [];
    const recorders: RecorderArg[] = [];
    const streams: StreamArg[] = [];
    const fetches: FetchArg[] = [];
    for (const arg of args) {
      if (arg instanceof StreamArg) {
        streams.push(arg);
        specs.push({ k: 'stream', id: arg.id, chunks: arg.chunks, error: arg.error });
      } else if (arg instanceof RecorderArg) {
        recorders.push(arg);
        specs.push({ k: 'recorder', id: arg.id });
      } else if (arg instanceof FetchArg) {
        fetches.push(arg);
        specs.push({ k: 'fetch', id: arg.id });
      } else specs.push({ k: 'value', value: arg });
    }
    const group = this.group;
    const reply = await this.link.call(name, specs, fetches, group, this.instance);
    const change = changeFrom(reply.changed, name);
    if (change !== null && this.change === null && group === this.group) this.change = change;
    const calls = isObject(reply.calls) ? reply.calls : {};
    for (const recorder of recorders) {
      const got = calls[String(recorder.id)];
      recorder.calls = Array.isArray(got)
        ? got.filter((call): call is unknown[] => Array.isArray(call)).slice(0, 10_000)
        : [];
    }
    const cancelled = Array.isArray(reply.cancelled) ? reply.cancelled : [];
    for (const stream of streams) stream.cancelled = cancelled.includes(stream.id);
    if (reply.ok !== true) {
      const { info, original, wasError, message } = thrownInfo(reply.thrown);
      const error = new LearnerThrew(info, original, wasError, message);
      throw this.keep((this.valuesAsErrors ? asThrownError(error) : null) ?? error);
    }
    if (typeof reply.uncloneable === 'string') {
      const kind = reply.uncloneable.slice(0, 50);
      const message = `the value ${name} returned (${kind}) cannot be copied out of its worker to be checked`;
      throw this.keep(new LearnerThrew(checkProblem('DataCloneError', message), null, true, message));
    }
    return reply.value;
  }

  /**
   * Keeps what the learner's code threw, and returns the error to throw: the one kept before when it
   * is the same error (same type, message and line, or the same value), thrown again by another
   * call. A case that lets it through then reports it once, as its error, and not a second time
   * among what it caught (verdicts.ts leaves out of `caught` the very error the case threw).
   */
  private keep(error: LearnerThrew): LearnerThrew {
    const key = thrownKey(error.info);
    const same =
      this.thrown.find(
        (kept) =>
          thrownKey(kept.info) === key &&
          kept.message === error.message &&
          kept.wasError === error.wasError &&
          deepEqual(kept.thrown, error.thrown),
      ) ?? error;
    if (this.thrown.length < 20) this.thrown.push(same);
    return same;
  }

  /** A case begins: the calls from now on are its calls, watched together in the learner's worker. */
  startCase(): void {
    this.group = ++this.groups.last;
    this.change = null;
  }

  /** The first value the learner's code changed that its caller keeps, in this case's calls (learner-watch.ts). */
  takeChange(): Change | null {
    const change = this.change;
    this.change = null;
    return change;
  }

  /** What the learner's code threw since the last call of this (the check takes it after each case). */
  takeThrown(): LearnerThrew[] {
    const taken = this.thrown;
    this.thrown = [];
    return taken;
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
          if (error instanceof CheckAborted) throw error;
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

  fetch(answer: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>): FakeFetch {
    return new FetchArg(answer);
  }
}
