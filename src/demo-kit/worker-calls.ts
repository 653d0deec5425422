// How a demo's page calls its worker, and how the worker answers: the one protocol the demos' workers
// speak. The worker serves an object of functions, its operations (`serve(ops)`); the page calls them
// by name (`connect<typeof ops>(spawn)` then `call('op', ...args)`), and each call's arguments, result
// and progress have the types of the operation itself: neither side writes the protocol down again,
// and neither casts what the other sends.
//
// A call runs off the page's thread with a time limit: a huge or pathological input never freezes the
// page. A call that is stopped (its signal aborted: a newer input, a Cancel button; or its time ran
// out) terminates the worker, so a long computation for an old input never delays the new one; the
// next call starts a fresh worker. An error thrown by an operation reaches the page as a WorkerError
// with the same name, message and kind.

/** A computation took longer than its limit. */
export class ComputeTimeout extends Error {
  constructor() {
    super('the computation took too long');
    this.name = 'ComputeTimeout';
  }
}

/** A computation was stopped before it ended: its signal was aborted. */
export class ComputeStopped extends Error {
  constructor() {
    super('the computation was stopped');
    this.name = 'ComputeStopped';
  }
}

/**
 * An error that crossed from the worker: `name` is the thrown error's (`TypeError`, …), `kind` its
 * own `kind` when it had one (an operation throws `new WorkerError('unreadable', …)` to give one),
 * else its name. The helper's own: `unknownOp` (no such operation), `workerFailed` (the worker's
 * script failed to load or threw outside any call).
 */
export class WorkerError extends Error {
  kind: string;
  constructor(kind: string, message: string, name = 'WorkerError') {
    super(message);
    this.kind = kind;
    this.name = name;
  }
}

/** What an operation that reports progress runs on: `this.progress(value)` posts `value` to the page. */
export interface Progress<P> {
  progress(value: P): void;
}

/** A worker's operations: an object of functions, sync or async; one may declare `this: Progress<P>`. */
export type Ops = Record<string, (...args: never[]) => unknown>;

/** What the progress of any of `O`'s operations is (`never` when none reports any). */
export type ProgressOf<O extends Ops> = {
  [K in keyof O]: ThisParameterType<O[K]> extends Progress<infer P> ? P : never;
}[keyof O];

/** The messages: the page's call, then the worker's progress reports and its one reply or error. */
interface Call {
  id: number;
  op: string;
  args: unknown[];
}
type Reply =
  | { id: number; type: 'progress'; value: unknown }
  | { id: number; type: 'reply'; value: unknown }
  | { id: number; type: 'error'; kind: string; name: string; message: string };

/** The part of a worker's global scope (or of a MessagePort) that serve() uses. */
interface Endpoint {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown): void;
}

/** The part of a Worker (or of a MessagePort standing for one) that connect() uses. */
export interface WorkerLike {
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void;
  postMessage(message: unknown): void;
  terminate(): void;
}

function errorReply(id: number, error: unknown): Reply {
  if (!(error instanceof Error)) return { id, type: 'error', kind: 'Error', name: 'Error', message: String(error) };
  const kind = 'kind' in error && typeof error.kind === 'string' ? error.kind : error.name;
  return { id, type: 'error', kind, name: error.name, message: error.message };
}

/** The worker's half: answers each call with what `ops[op](...args)` returns or throws. */
export function serve(ops: Ops, scope: Endpoint = self): void {
  const answer = async ({ id, op, args }: Call) => {
    const progress = (value: unknown) => scope.postMessage({ id, type: 'progress', value } satisfies Reply);
    try {
      if (!Object.hasOwn(ops, op)) throw new WorkerError('unknownOp', `the worker has no operation "${op}"`);
      const value: unknown = await Reflect.apply(ops[op]!, { progress } satisfies Progress<unknown>, args);
      scope.postMessage({ id, type: 'reply', value } satisfies Reply);
    } catch (error) {
      scope.postMessage(errorReply(id, error));
    }
  };
  scope.addEventListener('message', (event: MessageEvent<Call>) => void answer(event.data));
}

/** The time a demo gives one computation by default: far above what the lesson's inputs need. */
const DEFAULT_TIME_LIMIT = 8000;

/** A call's options: a signal that stops it, its time limit, and what to do with its progress reports. */
export interface CallOptions<P> {
  signal?: AbortSignal;
  timeoutMs?: number;
  onProgress?: (progress: P) => void;
}

type Caller<O extends Ops> = <K extends keyof O & string>(
  op: K,
  ...args: Parameters<O[K]>
) => Promise<Awaited<ReturnType<O[K]>>>;

export interface WorkerCalls<O extends Ops> {
  /** Runs `op` with the default time limit. */
  call: Caller<O>;
  /** The same calls, with a signal, a time limit or a progress handler. */
  with(options: CallOptions<ProgressOf<O>>): { call: Caller<O> };
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  progress?: ((value: never) => void) | undefined;
}

/**
 * The page's half, for a worker that serves `O` (`import type` its operations' type from the worker's
 * file). `spawn` writes `new Worker(new URL('…', import.meta.url), { type: 'module' })` itself, so that
 * the bundler finds the worker's file. `host.dataset.timeLimit` (milliseconds), when set, overrides
 * the default limit: the browser tests use it to end a run by its time limit on purpose.
 */
export function connect<O extends Ops>(spawn: () => WorkerLike, host?: HTMLElement): WorkerCalls<O> {
  let worker: WorkerLike | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const stopWorker = (error: Error) => {
    worker?.terminate();
    worker = undefined;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };

  const onMessage = (event: Event) => {
    if (!(event instanceof MessageEvent)) return;
    // The worker's answer, as serve() posts it: here, and where a call resolves, what crosses from
    // the worker is taken on trust (both ends are this file), so that no page casts it again.
    const reply: Reply = event.data;
    const entry = pending.get(reply.id);
    if (!entry) return;
    if (reply.type === 'progress') {
      entry.progress?.(reply.value as never);
      return;
    }
    pending.delete(reply.id);
    if (reply.type === 'reply') entry.resolve(reply.value);
    else entry.reject(new WorkerError(reply.kind, reply.message, reply.name));
  };

  const getWorker = () => {
    if (worker) return worker;
    const created = spawn();
    created.addEventListener('message', onMessage);
    created.addEventListener('error', (event) => {
      event.preventDefault();
      const said = 'message' in event && typeof event.message === 'string' ? event.message : '';
      if (worker === created) stopWorker(new WorkerError('workerFailed', said || 'the worker failed'));
    });
    return (worker = created);
  };

  const caller =
    ({ signal, timeoutMs, onProgress }: CallOptions<ProgressOf<O>>): Caller<O> =>
    (op, ...args) => {
      if (signal?.aborted) return Promise.reject(new ComputeStopped());
      const limit = timeoutMs ?? (Number(host?.dataset.timeLimit) || DEFAULT_TIME_LIMIT);
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        // Stopping one call stops the worker, and with it any other still queued there.
        const onAbort = () => {
          done();
          stopWorker(new ComputeStopped());
        };
        const timer = setTimeout(() => {
          done();
          stopWorker(new ComputeTimeout());
        }, limit);
        signal?.addEventListener('abort', onAbort, { once: true });
        const started = performance.now();
        pending.set(id, {
          resolve: (value) => {
            done();
            // A result that comes after the limit is over the limit, even when a busy page let the
            // worker's answer in before the timer's turn: the limit means the same on any machine.
            // The value is what `ops[op]` returned in the worker, cloned: typed here as that operation's result.
            if (performance.now() - started > limit) reject(new ComputeTimeout());
            else resolve(value as Awaited<ReturnType<O[typeof op]>>);
          },
          reject: (error) => {
            done();
            reject(error);
          },
          progress: onProgress,
        });
        getWorker().postMessage({ id, op, args } satisfies Call);
      });
    };

  return { call: caller({}), with: (options) => ({ call: caller(options) }) };
}
