// Runs lessons-code computations in a module worker, off the main thread, with a time limit:
// a huge or pathological input never freezes the page. A late answer is dropped, a stuck worker
// is terminated and replaced.

import type { ComputeRequest, ComputeResult } from './compute-worker.ts';

export class ComputeTimeout extends Error {}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();

function getWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<{ id: number; ok: boolean; value?: unknown; error?: string }>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    clearTimeout(entry.timer);
    if (event.data.ok) entry.resolve(event.data.value);
    else entry.reject(new Error(event.data.error ?? 'error'));
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    restart(new Error(event.message || 'the worker failed'));
  });
  return worker;
}

function restart(error: Error): void {
  worker?.terminate();
  worker = undefined;
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    entry.reject(error);
    pending.delete(id);
  }
}

/** Computes `request` in the worker; rejects with ComputeTimeout after `timeoutMs`. */
export function compute<R extends ComputeRequest>(request: R, timeoutMs = 4000): Promise<ComputeResult<R>> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      restart(new ComputeTimeout('timeout'));
      reject(new ComputeTimeout('timeout'));
    }, timeoutMs);
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    getWorker().postMessage({ id, request });
  });
}

/** Calls `run` at most once per `ms` of quiet input: for live updates while the learner types. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), ms);
  };
}
