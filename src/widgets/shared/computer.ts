// The computer most demos share the code of: lessons-code computations in compute-worker.ts, one
// worker per demo, called through the kit's worker calls with its time limit
// (src/demo-kit/worker-calls.ts).

import { connect, type WorkerCalls } from '../../demo-kit/worker-calls.ts';
import type { ComputeOps } from './compute-worker.ts';

export type Computer = WorkerCalls<ComputeOps>;

/** A demo's computer: `host.dataset.timeLimit`, when set, overrides the time limit. */
export function createComputer(host?: HTMLElement): Computer {
  return connect<ComputeOps>(
    () => new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module' }),
    host,
  );
}
