// The checker's link to one learner's worker, over the private port the page handed it (see
// README.md): it sends the steps of a check (prepare, load, call, a fake fetch's answers) and reads
// the answers. Every message that comes back is the learner's worker speaking, so none is trusted:
// anything malformed or unexpected is dropped, strings are bounded, and a reply counts only as the
// answer to a call this link made.

import type { ArgSpec, ExportEntry, FetchAnswer, FromLearnerWorker, ToLearnerWorker } from './protocol.ts';

/** Whether an untrusted value is an object whose fields may be read. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
/** An untrusted string, at most `max` characters long; `fallback` when it is not a string. */
export const stringOr = (value: unknown, fallback: string | null, max = 2000): string | null =>
  typeof value === 'string' ? value.slice(0, max) : fallback;

/** The check stopped waiting (time limit, or the page let the worker go). */
export class CheckAborted extends Error {}

/** The checker's end of the port (a MessagePort in the browser and in Node). */
export interface CheckerPort {
  postMessage(message: ToLearnerWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  start?(): void;
  close(): void;
}

/** A fake fetch handed to a call: the link passes it the requests the learner's code makes with it. */
export interface FetchAnswerer {
  readonly id: number;
  answer(request: unknown): Promise<FetchAnswer>;
}

export type LoadOutcome =
  | { kind: 'loaded'; exports: Map<string, ExportEntry> }
  | { kind: 'syntax'; message: string }
  | { kind: 'thrown'; data: unknown };

interface PendingCall {
  resolve: (reply: Extract<FromLearnerWorker, { t: 'return' }>) => void;
  reject: (error: Error) => void;
}

/** The checker's side of one learner's worker: the steps of a check sent, their answers awaited. */
export class LearnerLink {
  readonly hello: Promise<void>;
  private helloed = false;
  private onHello!: () => void;
  private onLoad: ((outcome: LoadOutcome) => void) | null = null;
  private readonly calls = new Map<number, PendingCall>();
  private readonly fetches = new Map<number, FetchAnswerer>();
  /** The reloads asked for and not answered yet, by instance. */
  private readonly reloads = new Map<number, { settle: (ok: boolean) => void; abort: () => void }>();
  private nextInstance = 1;
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
      case 'reloaded': {
        if (typeof data.instance !== 'number') return;
        const pending = this.reloads.get(data.instance);
        if (!pending) return;
        this.reloads.delete(data.instance);
        pending.settle(data.ok === true);
        return;
      }
      case 'return': {
        const id = data.id;
        if (typeof id !== 'number') return;
        const pending = this.calls.get(id);
        if (!pending) return;
        this.calls.delete(id);
        pending.resolve(data as Extract<FromLearnerWorker, { t: 'return' }>);
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

  private send(message: ToLearnerWorker): void {
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
  private step<T>(
    message: ToLearnerWorker,
    wait: (resolve: (value: T) => void, abort: () => void) => void,
  ): Promise<T> {
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

  /**
   * Has the learner's worker run the code loaded again, as a module of its own whose module-level
   * variables start afresh: the number of that instance, for `call`, or null when it could not (the
   * module threw this time).
   */
  reload(): Promise<number | null> {
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new CheckAborted());
        return;
      }
      const instance = this.nextInstance++;
      this.reloads.set(instance, {
        settle: (ok) => resolve(ok ? instance : null),
        abort: () => reject(new CheckAborted()),
      });
      this.send({ t: 'reload', instance });
    });
  }

  /**
   * Calls an export of module instance `instance` (0: the module loaded first) with these arguments,
   * in case `group` (the learner's worker watches a case's calls together).
   */
  call(
    name: string,
    args: ArgSpec[],
    fetches: readonly FetchAnswerer[],
    group = 0,
    instance = 0,
  ): Promise<Extract<FromLearnerWorker, { t: 'return' }>> {
    for (const fetch of fetches) this.fetches.set(fetch.id, fetch);
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new CheckAborted());
        return;
      }
      const id = this.nextCall++;
      this.calls.set(id, { resolve, reject });
      this.send({ t: 'call', id, name, args, group, instance });
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
    for (const pending of this.reloads.values()) pending.abort();
    this.reloads.clear();
  }
}
