// The computer most demos share the code of: lessons-code computations in compute-worker.ts, one
// worker per demo, with the kit's time limit (src/demo-kit/compute.ts).

import { createWorkerComputer } from '../../demo-kit/compute.ts';
import type { ComputeRequest, ComputeResult } from './compute-worker.ts';

export interface Computer {
  compute<R extends ComputeRequest>(
    request: R,
    options?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<ComputeResult<R>>;
}

/** A demo's computer: `host.dataset.timeLimit`, when set, overrides the time limit. */
export function createComputer(host?: HTMLElement): Computer {
  const spawn = () => new Worker(new URL('./compute-worker.ts', import.meta.url), { type: 'module' });
  return createWorkerComputer<ComputeRequest, unknown>(spawn, host) as Computer;
}
