// The checker: runs an exercise's cases against a learner's module that lives in another worker,
// and computes every verdict here. The learner's worker is only ever asked for data (the value of
// an export, the result of a call on inputs chosen here); what it sends back is validated and
// treated as the learner's answer, never as a verdict. See runner.ts for the whole design.

import type { ArgSpec, ExportEntry, FetchAnswer, FromSandbox, ToSandbox } from './protocol.ts';
import { learnerLine, transpile } from './transpile.ts';
import type {
  CheckTools,
  ExerciseDefinition,
  ExerciseText,
  FakeFetch,
  FakeRequest,
  FakeResponse,
  Learner,
  LearnerArg,
  LearnerError,
  Recorder,
  Shown,
} from '../../lessons-code/index.ts';
import type { CaseReport, CaseVerdict, CheckReport, Reveal, ThrownInfo, ValueKind } from './types.ts';
import { deepEqual, fitsKind, kindOf, showValue } from './values.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const stringOr = (value: unknown, fallback: string | null, max = 2000): string | null => (typeof value === 'string' ? value.slice(0, max) : fallback);

/** What the learner's code threw (or what could not come back from it), as a case sees it. */
export class LearnerThrew extends Error implements LearnerError {
  readonly info: ThrownInfo;
  /** The value thrown when it was not an Error (a copy), so that a caller can rethrow it as it was. */
  readonly thrown: unknown;
  readonly wasError: boolean;
  /** `message` is the learner's own message (what `error.message` would be in their code); `info.message` adds the type. */
  constructor(info: ThrownInfo, thrown: unknown, wasError: boolean, message: string) {
    super(message);
    this.name = info.name ?? 'LearnerThrew';
    this.info = info;
    this.thrown = thrown;
    this.wasError = wasError;
  }
}

/** The check stopped waiting (time limit, or the page let the worker go). */
export class CheckAborted extends Error {}

/** Validates what the learner's worker says it threw and turns it into the engine's own text. */
export function thrownInfo(data: unknown): { info: ThrownInfo; original: unknown; wasError: boolean; message: string; importName: string | null } {
  const d = isObject(data) ? data : {};
  const stack = stringOr(d.stack, null, 20_000);
  if (d.isError === true) {
    const name = stringOr(d.name, null, 200) || 'Error';
    const message = stringOr(d.message, '', 2000) ?? '';
    const info: ThrownInfo = { name, message: message === '' ? name : `${name}: ${message}`, line: learnerLine(stack), source: 'learner' };
    return { info, original: null, wasError: true, message, importName: stringOr(d.importName, null, 200) };
  }
  const shown = typeof d.shown === 'string' ? d.shown.slice(0, 200) : showValue(d.value);
  return { info: { name: null, message: shown, line: null, source: 'learner' }, original: typeof d.shown === 'string' ? shown : d.value, wasError: false, message: shown, importName: null };
}

/** A problem the check met with the learner's result (not something the learner's code threw). */
const checkProblem = (name: string, message: string): ThrownInfo => ({ name, message: `${name}: ${message}`, line: null, source: 'check' });

// ---- The link to one learner's worker, over the private port.

/** The checker's end of the port (a MessagePort in the browser and in Node). */
export interface CheckerPort {
  postMessage(message: ToSandbox): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
  close(): void;
}

type LoadOutcome = { kind: 'loaded'; exports: Map<string, ExportEntry> } | { kind: 'syntax'; message: string } | { kind: 'thrown'; data: unknown };

interface PendingCall {
  resolve: (reply: Extract<FromSandbox, { t: 'return' }>) => void;
  reject: (error: Error) => void;
}

export class SandboxLink {
  readonly hello: Promise<void>;
  private helloed = false;
  private onHello!: () => void;
  private onLoad: ((outcome: LoadOutcome) => void) | null = null;
  private readonly calls = new Map<number, PendingCall>();
  private readonly fetches = new Map<number, FetchArg>();
  private nextCall = 1;
  private closed = false;
  onConsole: (line: string) => void = () => undefined;

  private readonly port: CheckerPort;

  constructor(port: CheckerPort) {
    this.port = port;
    this.hello = new Promise<void>((resolve) => {
      this.onHello = resolve;
    });
    port.addEventListener('message', (event) => this.receive(event.data));
    port.start?.();
  }

  /** Every message is the learner's worker speaking: anything malformed or unexpected is dropped. */
  private receive(data: unknown): void {
    if (this.closed || !isObject(data) || typeof data.t !== 'string') return;
    switch (data.t) {
      case 'hello':
        if (!this.helloed) {
          this.helloed = true;
          this.onHello();
        }
        return;
      case 'prepared': {
        const prepared = this.onPrepared;
        this.onPrepared = null;
        prepared?.();
        return;
      }
      case 'loaded': {
        if (!this.onLoad || !isObject(data.exports)) return;
        const exports = new Map<string, ExportEntry>();
        for (const [name, entry] of Object.entries(data.exports).slice(0, 200)) {
          if (!isObject(entry)) continue;
          if (entry.fn === true) exports.set(name, { fn: true });
          else if (Object.hasOwn(entry, 'value')) exports.set(name, { value: entry.value });
          else exports.set(name, { uncloneable: stringOr(entry.uncloneable, 'object', 100)! });
        }
        this.settleLoad({ kind: 'loaded', exports });
        return;
      }
      case 'load-failed':
        if (typeof data.syntax === 'string') this.settleLoad({ kind: 'syntax', message: data.syntax.slice(0, 2000) });
        else this.settleLoad({ kind: 'thrown', data: data.thrown });
        return;
      case 'return': {
        const id = data.id;
        if (typeof id !== 'number') return;
        const pending = this.calls.get(id);
        if (!pending) return;
        this.calls.delete(id);
        pending.resolve(data as Extract<FromSandbox, { t: 'return' }>);
        return;
      }
      case 'ask': {
        const fetch = typeof data.fetch === 'number' ? this.fetches.get(data.fetch) : undefined;
        if (!fetch || typeof data.id !== 'number') return;
        void fetch.answer(data.request).then((answer) => this.send({ t: 'answer', id: data.id as number, answer }));
        return;
      }
      case 'console':
        if (typeof data.line === 'string') this.onConsole(data.line);
        return;
    }
  }

  private settleLoad(outcome: LoadOutcome): void {
    const settle = this.onLoad;
    this.onLoad = null;
    settle?.(outcome);
  }

  private send(message: ToSandbox): void {
    if (!this.closed) this.port.postMessage(message);
  }

  /** Has the learner's worker load what the code imports from lessons-code; no learner code runs. */
  prepare(code: string): Promise<void> {
    return this.step<void>({ t: 'prepare', code }, (resolve, abort) => {
      this.onPrepared = resolve;
      this.abortPrepare = abort;
    });
  }

  private onPrepared: (() => void) | null = null;
  private abortPrepare: () => void = () => undefined;

  load(code: string): Promise<LoadOutcome> {
    return this.step<LoadOutcome>({ t: 'load', code }, (resolve, abort) => {
      this.onLoad = resolve;
      this.abortLoad = abort;
    });
  }

  /** Sends one step of loading and waits for its answer (CheckAborted if the worker goes first). */
  private step<T>(message: ToSandbox, wait: (resolve: (value: T) => void, abort: () => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) {
        reject(new CheckAborted());
        return;
      }
      wait(resolve, () => reject(new CheckAborted()));
      this.send(message);
    });
  }

  private abortLoad: () => void = () => undefined;

  call(name: string, args: ArgSpec[], fetches: FetchArg[]): Promise<Extract<FromSandbox, { t: 'return' }>> {
    for (const fetch of fetches) this.fetches.set(fetch.id, fetch);
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new CheckAborted());
        return;
      }
      const id = this.nextCall++;
      this.calls.set(id, { resolve, reject });
      this.send({ t: 'call', id, name, args });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.port.close();
    this.abortPrepare();
    this.abortLoad();
    for (const pending of this.calls.values()) pending.reject(new CheckAborted());
    this.calls.clear();
  }
}

// ---- Arguments that live on the learner's side.

let nextArgId = 1;
const encoder = new TextEncoder();
const bytes = (chunk: string | Uint8Array): Uint8Array => (typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk));

class StreamArg implements LearnerArg {
  readonly learnerArg = 'stream' as const;
  readonly chunks: Uint8Array[];
  constructor(chunks: readonly (string | Uint8Array)[]) {
    this.chunks = chunks.map(bytes);
  }
}

class RecorderArg implements Recorder {
  readonly learnerArg = 'recorder' as const;
  readonly id = nextArgId++;
  calls: unknown[][] = [];
}

/** A fetch the learner's code calls; `answer` runs here, with data only crossing the port. */
class FetchArg implements FakeFetch {
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
    if (isObject(r.headers)) for (const [key, value] of Object.entries(r.headers).slice(0, 100)) if (typeof value === 'string') headers[key.toLowerCase()] = value.slice(0, 10_000);
    const request: FakeRequest = {
      url: stringOr(r.url, '', 10_000)!,
      method: stringOr(r.method, 'GET', 20)!,
      headers,
      body: stringOr(r.body, null, 1_000_000),
    };
    this.requests.push(request);
    try {
      const response = await this.respond(request);
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
        return { ok: true, message: '', status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], chunks };
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
      return { ok: false, message: error instanceof Error ? error.message : String(error), status: 0, statusText: '', headers: [], chunks: [] };
    }
  }
}

const keyOf = (args: readonly unknown[]): string => {
  try {
    return JSON.stringify(args);
  } catch {
    return String(Math.random());
  }
};

/** The learner's module as the cases see it (see Learner in lessons-code/exercises/contract.ts). */
class LearnerModule implements Learner {
  private readonly link: SandboxLink;
  private readonly exports: Map<string, ExportEntry>;
  constructor(link: SandboxLink, exports: Map<string, ExportEntry>) {
    this.link = link;
    this.exports = exports;
  }

  value(name: string): unknown {
    const entry = this.exports.get(name);
    return entry && 'value' in entry ? structuredClone(entry.value) : undefined;
  }

  async call(name: string, ...args: unknown[]): Promise<unknown> {
    const specs: ArgSpec[] = [];
    const recorders: RecorderArg[] = [];
    const fetches: FetchArg[] = [];
    for (const arg of args) {
      if (arg instanceof StreamArg) specs.push({ k: 'stream', chunks: arg.chunks });
      else if (arg instanceof RecorderArg) {
        recorders.push(arg);
        specs.push({ k: 'recorder', id: arg.id });
      } else if (arg instanceof FetchArg) {
        fetches.push(arg);
        specs.push({ k: 'fetch', id: arg.id });
      } else specs.push({ k: 'value', value: arg });
    }
    const reply = await this.link.call(name, specs, fetches);
    const calls = isObject(reply.calls) ? reply.calls : {};
    for (const recorder of recorders) {
      const got = calls[String(recorder.id)];
      recorder.calls = Array.isArray(got) ? got.filter((call): call is unknown[] => Array.isArray(call)).slice(0, 10_000) : [];
    }
    if (reply.ok !== true) {
      const { info, original, wasError, message } = thrownInfo(reply.thrown);
      throw new LearnerThrew(info, original, wasError, message);
    }
    if (typeof reply.uncloneable === 'string') {
      const kind = reply.uncloneable.slice(0, 50);
      const message = `the value ${name} returned (${kind}) cannot be copied out of its worker to be checked`;
      throw new LearnerThrew(checkProblem('DataCloneError', message), null, true, message);
    }
    return reply.value;
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

  stream(chunks: readonly (string | Uint8Array)[]): LearnerArg {
    return new StreamArg(chunks);
  }

  recorder(): Recorder {
    return new RecorderArg();
  }

  fetch(answer: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>): FakeFetch {
    return new FetchArg(answer);
  }
}

// ---- Cases and verdicts.

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

const code = (value: unknown): Shown => ({ kind: 'code', text: showValue(value) });

/** The kind of an export as the learner's worker described it. */
function exportKind(entry: ExportEntry | undefined): ValueKind {
  if (!entry) return 'missing';
  if ('fn' in entry) return 'function';
  if ('uncloneable' in entry) return 'uncloneable';
  return kindOf(entry.value);
}

/** The export problem that stops a case, if any of the exports it uses is missing or of the wrong kind. */
function exportProblem(definition: ExerciseDefinition, exports: Map<string, ExportEntry>, uses: readonly string[]): CaseVerdict | null {
  for (const name of uses) {
    const expectedKind = definition.exports[name];
    if (!expectedKind) continue;
    const actualKind = exportKind(exports.get(name));
    if (!fitsKind(actualKind, expectedKind)) return { status: 'export', name, expectedKind, actualKind };
  }
  return null;
}

export function expectedShown(c: ExerciseDefinition['cases'][number], tools: CheckTools): Shown {
  if (c.expectedShown) return c.expectedShown(tools);
  return c.show ? c.show(c.expected, tools) : code(c.expected);
}

/** Runs one case; never throws (but rethrows CheckAborted). */
async function checkCase(definition: ExerciseDefinition, index: number, learner: LearnerModule, exports: Map<string, ExportEntry>, tools: CheckTools): Promise<CaseReport> {
  const c = definition.cases[index]!;
  const report = (verdict: CaseVerdict): CaseReport => ({ id: c.id, verdict });
  const problem = exportProblem(definition, exports, c.uses);
  if (problem) return report(problem);
  let actual: unknown;
  try {
    actual = await c.run(learner, tools);
  } catch (error) {
    if (error instanceof CheckAborted) throw error;
    if (error instanceof LearnerThrew) return report({ status: 'throw', error: error.info });
    // The case itself could not go on with what the learner's code gave (a value of the wrong type…).
    const name = error instanceof Error ? error.name : 'Error';
    return report({ status: 'throw', error: checkProblem(name, error instanceof Error ? error.message : String(error)) });
  }
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
  return report({ status: 'fail', expected: expectedShown(c, tools), actual: actualShown });
}

/** A prediction's exports that are still empty (missing, '' or []). */
export function unanswered(definition: ExerciseDefinition, exports: Map<string, ExportEntry>): string[] {
  return Object.keys(definition.exports).filter((name) => {
    const entry = exports.get(name);
    if (!entry) return true;
    if (!('value' in entry)) return false;
    return entry.value === '' || entry.value === undefined || (Array.isArray(entry.value) && entry.value.length === 0);
  });
}

const MAX_CONSOLE_LINES = 100;
const MAX_CONSOLE_LINE = 500;

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
export async function runCheck({ definition, text, source }: CheckInput, link: SandboxLink, hooks: CheckHooks = {}): Promise<CheckReport> {
  const console: string[] = [];
  link.onConsole = (line) => {
    if (console.length > MAX_CONSOLE_LINES) return;
    const shown = console.length === MAX_CONSOLE_LINES ? '…' : line.length > MAX_CONSOLE_LINE ? line.slice(0, MAX_CONSOLE_LINE) + ' …' : line;
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
  if (loaded.kind === 'syntax') return { outcome: 'compile-error', problem: { message: loaded.message, line: null, column: null }, console };
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
