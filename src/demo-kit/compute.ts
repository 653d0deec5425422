// Runs a demo's computations off the main thread, in a module worker of the demo's own, with a
// time limit: a huge or pathological input never freezes the page. A run that is stopped (a newer
// input arrived, or the time ran out) terminates the worker, so a long computation for an old input
// never delays the new one; the next run starts a fresh worker.

import { ComputeStopped, ComputeTimeout } from './kit-client.ts';

/** The time a demo gives one computation by default: far above what the lesson's inputs need. */
const DEFAULT_TIME_LIMIT = 8000;

/** A computation's options: a signal that stops it, its time limit, and what to do with its progress reports. */
interface ComputeOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Called with each `{ id, progress }` the worker posts for this computation before its answer. */
  onProgress?: (progress: unknown) => void;
}

/**
 * A computer on a worker of the demo's own (`spawn`): the lessons-code computations most demos run
 * (src/widgets/shared/computer.ts), or one that would make that worker heavier for every demo of the
 * site (the 06c cut scan and its recordings). `host.dataset.timeLimit` (milliseconds), when set,
 * overrides the limit: the browser tests use it to end a run by its time limit on purpose. `spawn`
 * writes `new Worker(new URL('…', import.meta.url), { type: 'module' })` itself, so that the bundler
 * finds the worker's file; the worker answers `{ id, request }` with `{ id, ok, value | error }`, and
 * may post `{ id, progress }` before it does.
 */
export function createWorkerComputer<Req, Res>(
  spawn: () => Worker,
  host?: HTMLElement,
): { compute(request: Req, options?: ComputeOptions): Promise<Res> } {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; progress?: (progress: unknown) => void }
  >();

  const stopWorker = (error: Error) => {
    worker?.terminate();
    worker = undefined;
    for (const entry of pending.values()) entry.reject(error);
    pending.clear();
  };

  const getWorker = () => {
    if (worker) return worker;
    const created = spawn();
    created.addEventListener(
      'message',
      (event: MessageEvent<{ id: number; ok?: boolean; value?: unknown; error?: string; progress?: unknown }>) => {
        const entry = pending.get(event.data.id);
        if (!entry) return;
        if (event.data.ok === undefined) {
          entry.progress?.(event.data.progress);
          return;
        }
        pending.delete(event.data.id);
        if (event.data.ok) entry.resolve(event.data.value);
        else entry.reject(new Error(event.data.error ?? 'error'));
      },
    );
    created.addEventListener('error', (event) => {
      event.preventDefault();
      if (worker === created) stopWorker(new Error(event.message || 'the worker failed'));
    });
    return (worker = created);
  };

  return {
    compute(request, { signal, timeoutMs = Number(host?.dataset.timeLimit) || DEFAULT_TIME_LIMIT, onProgress } = {}) {
      if (signal?.aborted) return Promise.reject(new ComputeStopped());
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        // Stopping one computation stops the worker, and with it any other still queued there.
        const onAbort = () => {
          done();
          stopWorker(new ComputeStopped());
        };
        const timer = setTimeout(() => {
          done();
          stopWorker(new ComputeTimeout());
        }, timeoutMs);
        signal?.addEventListener('abort', onAbort, { once: true });
        const started = performance.now();
        pending.set(id, {
          resolve: (value) => {
            done();
            // A result that comes after the limit is over the limit, even when a busy page let the
            // worker's answer in before the timer's turn: the limit means the same on any machine.
            if (performance.now() - started > timeoutMs) reject(new ComputeTimeout());
            else resolve(value as Res);
          },
          reject: (error) => {
            done();
            reject(error);
          },
          ...(onProgress ? { progress: onProgress } : {}),
        });
        getWorker().postMessage({ id, request });
      });
    },
  };
}
