// The harness inside the learner's worker, a fresh worker per check: it loads the learner's module
// and calls its exports when the checker asks, answering over the private port with data only (the
// values the learner's code returned or threw, structured-cloned). It never compares anything and
// never says "pass": whatever it sends, the checker reads as the learner's answer (README.md).
//
// The learner's code shares this realm and may replace any global or prototype. So that the harness
// keeps working whatever it does, everything the harness uses once learner code has run is captured
// below, when this module loads, and called through `apply`: never a method looked up later on a
// built-in's prototype (README.md, "The harness's promise"). Network and storage globals are
// switched off before the learner's module loads. Of lessons-code, only the modules whose names the
// learner's code takes are loaded, before it runs (learner-imports.ts). Each call's arguments, and
// the values the calls of one case return, are watched for changes their caller would see
// (learner-watch.ts): the answer to a call carries the first one found.

import { isLessonsCode, loadLessonsCode } from './learner-imports.ts';
import { ChangeWatch, append } from './learner-watch.ts';
import { CONSOLE_LINE_CHARS, CONSOLE_LINES, MODULE_PARAMS } from './protocol.ts';
import type { ArgSpec, ExportEntry, FetchAnswer, FromLearnerWorker, ThrownData, ToLearnerWorker } from './protocol.ts';
import type { FakeRequest, StreamError } from '../../lessons-code/index.ts';
import { showValue } from './values.ts';

// ---- Captured now, before any learner code runs.
const apply = Reflect.apply;
const ownKeys = Reflect.ownKeys;
const createObject = Object.create as (proto: null) => Record<string, unknown>;
const freeze = Object.freeze;
const FunctionCtor = Function;
const StringCtor = String;
const toUpperCase = String.prototype.toUpperCase;
const ErrorCtor = Error;
const hasInstance = Function.prototype[Symbol.hasInstance];
const TypeErrorCtor = TypeError;
const DOMExceptionCtor = DOMException;
const PromiseCtor = Promise;
const cloneValue = structuredClone;
const ReadableStreamCtor = ReadableStream;
const ResponseCtor = Response;
const HeadersCtor = Headers;
const headersForEach = Headers.prototype.forEach;
const enqueue = ReadableStreamDefaultController.prototype.enqueue;
const closeStream = ReadableStreamDefaultController.prototype.close;
const errorStream = ReadableStreamDefaultController.prototype.error;

/** The error a stream argument ends with, made of the constructors captured above. */
const streamError = ({ message, kind }: StreamError): unknown =>
  kind === 'string'
    ? message
    : kind === 'AbortError'
      ? new DOMExceptionCtor(message, 'AbortError')
      : kind === 'Error'
        ? new ErrorCtor(message)
        : new TypeErrorCtor(message);

/** `value instanceof type`, without looking up a `Symbol.hasInstance` the learner may have given `type`. */
const isInstance = (value: unknown, type: abstract new (...args: never[]) => unknown): boolean =>
  apply(hasInstance, type, [value]) as boolean;

/** The port to the checker, as the platform's entry point wraps it (with its own captured methods). */
export interface HarnessPort {
  send(message: FromLearnerWorker): void;
  receive(handler: (data: unknown) => void): void;
}

/** Thrown by the learner's `require` for anything but lessons-code. */
class ImportNotAvailable extends ErrorCtor {
  readonly specifier: string;
  constructor(specifier: string) {
    super(`Cannot import "${specifier}": only 'lessons-code' is available here.`);
    this.name = 'ImportNotAvailable';
    this.specifier = specifier;
  }
}

/** Thrown by a network or storage global switched off in the exercise's worker (`switchOff`). */
class SwitchedOff extends TypeErrorCtor {
  constructor(name: string) {
    super(`${name} is not available in an exercise: the check gives your code everything it needs.`);
    this.name = 'TypeError';
  }
}

/** lessons-code as the learner's module sees it: what its code uses, loaded before it runs (learner-imports.ts). */
let lessonsCode: Readonly<Record<string, unknown>> = freeze({ __esModule: true });

function learnerRequire(specifier: unknown): unknown {
  if (typeof specifier === 'string' && isLessonsCode(specifier)) return lessonsCode;
  throw new ImportNotAvailable(StringCtor(specifier));
}

/** Reads a property, or null if reading it throws. */
function read(value: unknown, key: string): unknown {
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return null;
  }
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What the learner's code threw, as data the checker can read. */
function describeThrown(value: unknown): ThrownData {
  let isError = false;
  try {
    isError = isInstance(value, ErrorCtor);
  } catch {
    isError = false;
  }
  if (isError) {
    let importName: string | null = null;
    let switchedOff = false;
    try {
      if (isInstance(value, ImportNotAvailable)) importName = (value as ImportNotAvailable).specifier;
      switchedOff = isInstance(value, SwitchedOff);
    } catch {
      importName = null;
    }
    return {
      isError: true,
      name: textOrNull(read(value, 'name')),
      message: textOrNull(read(value, 'message')),
      stack: textOrNull(read(value, 'stack')),
      value: null,
      shown: null,
      importName,
      switchedOff,
    };
  }
  try {
    return {
      isError: false,
      name: null,
      message: null,
      stack: null,
      value: cloneValue(value),
      shown: null,
      importName: null,
    };
  } catch {
    let shown = 'a value that cannot be copied';
    try {
      shown = `[${typeof value}]`;
    } catch {
      // keep the generic text
    }
    return { isError: false, name: null, message: null, stack: null, value: null, shown, importName: null };
  }
}

/** What kind of value could not be copied out of this worker. */
function uncloneableKind(value: unknown): string {
  try {
    return typeof value === 'object' && value !== null ? 'object' : typeof value;
  } catch {
    return 'object';
  }
}

/**
 * A console whose lines go to the checker and on to the page: one line more than the checker keeps,
 * each a character longer than it shows, so that it can say there was more.
 */
function learnerConsole(send: (message: FromLearnerWorker) => void): Record<string, (...args: unknown[]) => void> {
  let count = 0;
  const write =
    (prefix: string) =>
    (...args: unknown[]) => {
      if (count++ > CONSOLE_LINES) return;
      let line = prefix;
      for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        line += (i > 0 ? ' ' : '') + (typeof arg === 'string' ? arg : showValue(arg));
      }
      send({ t: 'console', line: line.length > CONSOLE_LINE_CHARS ? line.slice(0, CONSOLE_LINE_CHARS + 1) : line });
    };
  const quiet = () => undefined;
  const consoleObject: Record<string, (...args: unknown[]) => void> = {
    log: write(''),
    info: write(''),
    debug: write(''),
    dir: write(''),
    table: write(''),
    trace: write(''),
    warn: write('⚠ '),
    error: write('✗ '),
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
  consoleObject.assert = (condition?: unknown, ...args: unknown[]) => {
    if (!condition) apply(write('✗ Assertion failed '), undefined, args);
  };
  return consoleObject;
}

/** The methods of a console that writes nothing (read by index: no iterator the learner's code may replace). */
const QUIET_METHODS = [
  'log',
  'info',
  'debug',
  'dir',
  'table',
  'trace',
  'warn',
  'error',
  'group',
  'groupCollapsed',
  'groupEnd',
  'time',
  'timeEnd',
  'timeLog',
  'count',
  'countReset',
  'clear',
  'assert',
];

/** A console that writes nothing, for a module instance the check loads again (`reload`). */
function quietConsole(): Record<string, () => undefined> {
  const consoleObject = createObject(null) as Record<string, () => undefined>;
  for (let i = 0; i < QUIET_METHODS.length; i++) consoleObject[QUIET_METHODS[i]!] = () => undefined;
  return consoleObject;
}

/** The globals an exercise has no use for: the network, storage, other workers. */
const SWITCHED_OFF = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebSocketStream',
  'EventSource',
  'WebTransport',
  'importScripts',
  'Worker',
  'SharedWorker',
  'BroadcastChannel',
  'indexedDB',
  'caches',
  'cookieStore',
];

/** Replaces the network and storage globals with functions that throw a clear TypeError. */
function switchOff(scope: object): void {
  for (const name of SWITCHED_OFF) {
    if (!(name in scope)) continue;
    const off = function () {
      throw new SwitchedOff(name);
    };
    try {
      Object.defineProperty(scope, name, { value: off, writable: false, enumerable: false, configurable: false });
    } catch {
      // a property the platform does not let us replace: leave it
    }
  }
}

/**
 * A ReadableStream of these chunks, one read each, then done; or, when `error` is given, errored
 * after them with an error of its message and kind (a TypeError, as a body whose connection broke
 * is; an AbortError DOMException; a plain Error: StreamEnding in lessons-code/exercises/contract.ts).
 */
function streamOf(
  chunks: readonly Uint8Array[],
  error: StreamError | null = null,
  onCancel: (() => void) | null = null,
): ReadableStream<Uint8Array> {
  let next = 0;
  const source = createObject(null);
  // Called when the code cancels the stream (its own cancel(), its reader's, or an async iterator's
  // return()) before it closed or errored.
  if (onCancel !== null) source.cancel = () => onCancel();
  source.pull = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (next < chunks.length) apply(enqueue, controller, [chunks[next++]]);
    else if (error === null) apply(closeStream, controller, []);
    else apply(errorStream, controller, [streamError(error)]);
  };
  return new ReadableStreamCtor<Uint8Array>(source as UnderlyingDefaultSource<Uint8Array>);
}

/** The statuses whose response has no body (Fetch standard, "null body status"). */
const isNullBodyStatus = (status: number): boolean =>
  status === 101 || status === 103 || status === 204 || status === 205 || status === 304;

/**
 * Serves one learner's module: says hello, then loads the module when the checker sends it and
 * answers calls. `scope` is the worker's global object, whose network globals are switched off.
 */
export function startHarness(port: HarnessPort, scope: object): void {
  switchOff(scope);
  const send = (message: FromLearnerWorker): void => port.send(message);
  const functions = createObject(null) as Record<string, unknown>;
  // The module instances that a reload made (1, 2…), each with its own functions; instance 0 is `functions`.
  const instances = createObject(null) as Record<string, Record<string, unknown>>;
  let loadedCode: string | null = null;
  const asks = createObject(null) as Record<string, (answer: FetchAnswer) => void>;
  const watch = new ChangeWatch();
  let nextAsk = 1;
  let loaded = false;

  function fakeFetch(fetchId: number) {
    return async function fetch(input: unknown, init?: unknown): Promise<Response> {
      const request: FakeRequest = { url: '', method: 'GET', headers: {}, body: null };
      request.url = StringCtor(
        typeof input === 'object' && input !== null && typeof read(input, 'url') === 'string'
          ? read(input, 'url')
          : input,
      );
      const method = read(init, 'method');
      if (typeof method === 'string') request.method = apply(toUpperCase, method, []) as string;
      const headersInit = read(init, 'headers');
      if (headersInit !== undefined && headersInit !== null) {
        const headers = new HeadersCtor(headersInit as HeadersInit);
        const out = createObject(null) as Record<string, string>;
        apply(headersForEach, headers, [(value: string, key: string) => (out[key] = value)]);
        request.headers = out;
      }
      const body = read(init, 'body');
      if (body !== undefined && body !== null) request.body = StringCtor(body);
      const id = nextAsk++;
      const answer = await new PromiseCtor<FetchAnswer>((resolve) => {
        asks[id] = resolve;
        send({ t: 'ask', id, fetch: fetchId, request });
      });
      if (!answer.ok) throw new TypeErrorCtor(answer.message);
      // The headers as a record without a prototype: the Response constructor then reads its own
      // properties, never a Headers method or an iterator the learner's code may have replaced. A
      // name given twice is joined with ", ", as Headers.append would.
      const headers = createObject(null) as Record<string, string>;
      for (let i = 0; i < answer.headers.length; i++) {
        const name = answer.headers[i]![0];
        const value = answer.headers[i]![1];
        headers[name] = name in headers ? headers[name] + ', ' + value : value;
      }
      const responseInit = createObject(null);
      responseInit.status = answer.status;
      responseInit.statusText = answer.statusText;
      responseInit.headers = headers;
      return new ResponseCtor(
        isNullBodyStatus(answer.status) ? null : streamOf(answer.chunks),
        responseInit as ResponseInit,
      );
    };
  }

  function buildArg(spec: ArgSpec, recorded: Record<string, unknown[][]>, cancelled: number[]): unknown {
    switch (spec.k) {
      case 'value':
        return spec.value;
      case 'stream':
        return streamOf(spec.chunks, spec.error, () => append(cancelled, spec.id));
      case 'recorder': {
        const calls: unknown[][] = [];
        recorded[StringCtor(spec.id)] = calls;
        return (...args: unknown[]) => {
          let copy: unknown;
          try {
            copy = cloneValue(args);
          } catch {
            copy = [{ uncloneable: true }];
          }
          append(calls, copy);
        };
      }
      case 'fetch':
        return fakeFetch(spec.id);
    }
  }

  // What the code imports from lessons-code, loading or loaded ('prepare' comes first; 'load' alone works too).
  let importing: Promise<Readonly<Record<string, unknown>>> | null = null;
  const prepare = (code: string) => (importing ??= loadLessonsCode(code));

  async function load(code: string): Promise<void> {
    if (loaded) return;
    loaded = true;
    try {
      lessonsCode = await prepare(code);
    } catch (error) {
      send({ t: 'load-failed', syntax: null, thrown: describeThrown(error) });
      return;
    }
    let run: (...args: unknown[]) => unknown;
    try {
      run = new FunctionCtor(...MODULE_PARAMS, code) as (...args: unknown[]) => unknown;
    } catch (error) {
      // A syntax error the transpiler let through (a name declared twice…): no position.
      send({ t: 'load-failed', syntax: textOrNull(read(error, 'message')) ?? 'SyntaxError', thrown: null });
      return;
    }
    const module = { exports: {} as unknown };
    try {
      apply(run, undefined, [module.exports, learnerRequire, module, learnerConsole(send)]);
    } catch (error) {
      send({ t: 'load-failed', syntax: null, thrown: describeThrown(error) });
      return;
    }
    loadedCode = code;
    const exported = read(module, 'exports');
    const entries = createObject(null) as Record<string, ExportEntry>;
    let keys: (string | symbol)[] = [];
    try {
      keys = typeof exported === 'object' && exported !== null ? ownKeys(exported) : [];
    } catch {
      keys = [];
    }
    for (let i = 0; i < keys.length && i < 200; i++) {
      const name = keys[i];
      if (typeof name !== 'string' || name === '__esModule') continue;
      let value: unknown;
      try {
        value = (exported as Record<string, unknown>)[name];
      } catch {
        entries[name] = { uncloneable: 'a getter that throws' };
        continue;
      }
      if (typeof value === 'function') {
        functions[name] = value;
        entries[name] = { fn: true };
        continue;
      }
      try {
        entries[name] = { value: cloneValue(value) };
      } catch {
        entries[name] = { uncloneable: uncloneableKind(value) };
      }
    }
    send({ t: 'loaded', exports: entries });
  }

  /**
   * Runs the code loaded again as a module of its own, instance `instance`: its module-level
   * variables start afresh (globals the code changed stay changed). Its console says nothing: these
   * calls are the check's second look at a case, not the learner's run.
   */
  function reload(instance: number): void {
    let ok = false;
    if (loadedCode !== null && typeof instance === 'number' && instance >= 1) {
      try {
        const run = new FunctionCtor(...MODULE_PARAMS, loadedCode) as (...args: unknown[]) => unknown;
        const module = { exports: {} as unknown };
        apply(run, undefined, [module.exports, learnerRequire, module, quietConsole()]);
        const exported = read(module, 'exports');
        const table = createObject(null) as Record<string, unknown>;
        const keys = typeof exported === 'object' && exported !== null ? ownKeys(exported) : [];
        for (let i = 0; i < keys.length && i < 200; i++) {
          const name = keys[i];
          if (typeof name !== 'string') continue;
          const value = (exported as Record<string, unknown>)[name];
          if (typeof value === 'function') table[name] = value;
        }
        instances[StringCtor(instance)] = table;
        ok = true;
      } catch {
        ok = false;
      }
    }
    send({ t: 'reloaded', instance, ok });
  }

  async function call(id: number, name: string, specs: ArgSpec[], group: number, instance: number): Promise<void> {
    const recorded = createObject(null) as Record<string, unknown[][]>;
    const cancelled: number[] = [];
    const args: unknown[] = [];
    // The data a case passes is the caller's, and watched; a stream, a recorder or a fake fetch that
    // the harness builds is not (learner-watch.ts).
    const data: boolean[] = [];
    for (let i = 0; i < specs.length; i++) {
      append(args, buildArg(specs[i]!, recorded, cancelled));
      append(data, specs[i]!.k === 'value');
    }
    const fn = instance === 0 ? functions[name] : instances[StringCtor(instance)]?.[name];
    const watched = watch.begin(group, fn, args, data);
    let returned = false;
    let value: unknown = null;
    let thrown: unknown = null;
    try {
      if (typeof fn !== 'function') throw new TypeErrorCtor(`${name} is not a function`);
      value = await apply(fn, undefined, args);
      returned = true;
    } catch (error) {
      thrown = error;
    }
    const changed = watch.end(watched, returned, value);
    const reply: FromLearnerWorker = returned
      ? { t: 'return', id, ok: true, value, uncloneable: null, thrown: null, calls: recorded, cancelled, changed }
      : {
          t: 'return',
          id,
          ok: false,
          value: null,
          uncloneable: null,
          thrown: describeThrown(thrown),
          calls: recorded,
          cancelled,
          changed,
        };
    try {
      send(reply);
    } catch {
      // The value (or a recorded argument) cannot be copied: say what it was, without it.
      const kind = reply.t === 'return' && reply.ok ? uncloneableKind(reply.value) : 'object';
      send({
        t: 'return',
        id,
        ok: reply.t === 'return' && reply.ok,
        value: null,
        uncloneable: kind,
        thrown: reply.t === 'return' ? reply.thrown : null,
        calls: createObject(null) as Record<string, unknown[][]>,
        cancelled,
        changed,
      });
    }
  }

  port.receive((data) => {
    const message = data as ToLearnerWorker;
    if (message.t === 'prepare') {
      prepare(message.code).then(
        () => send({ t: 'prepared' }),
        () => send({ t: 'prepared' }), // the failure is reported by 'load'
      );
    } else if (message.t === 'load') void load(message.code);
    else if (message.t === 'reload') reload(message.instance);
    else if (message.t === 'call')
      void call(message.id, message.name, message.args, message.group, message.instance ?? 0);
    else if (message.t === 'answer') {
      const resolve = asks[message.id];
      if (resolve) {
        asks[message.id] = undefined as unknown as (answer: FetchAnswer) => void;
        resolve(message.answer);
      }
    }
  });
  send({ t: 'hello' });
}
