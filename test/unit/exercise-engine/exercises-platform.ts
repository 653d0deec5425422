// The runner's platform for the unit tests: the checker in this process (it never runs learner
// code, so it may share the test's realm), each learner's worker a node:worker_threads Worker with
// the same harness as the page's. Ports are MessageChannel ports, as in the browser.

import { MessageChannel, Worker } from 'node:worker_threads';
import { serveChecker } from '../../../src/exercise-engine/checker-service.ts';
import type { FromChecker, ToChecker } from '../../../src/exercise-engine/protocol.ts';
import type { ExerciseRegistry } from '../../../src/exercise-engine/registry.ts';
import type { Endpoint, RunnerPlatform } from '../../../src/exercise-engine/runner.ts';

export interface TestPlatform extends RunnerPlatform {
  /** Every learner's worker started, in order. */
  readonly learnerWorkers: Worker[];
  /** Every message a learner's worker sent on its own channel (which the runner never reads). */
  readonly strayMessages: unknown[];
}

/** `registry`: the globs' under vitest, `nodeRegistry()` in plain Node (bench/limits.ts). */
export function testPlatform(
  registry: ExerciseRegistry,
  options: { maxOldGenerationSizeMb?: number } = {},
): TestPlatform {
  const learnerWorkers: Worker[] = [];
  const strayMessages: unknown[] = [];
  return {
    learnerWorkers,
    strayMessages,
    spawnChecker(): Endpoint {
      const { port1: page, port2: checker } = new MessageChannel();
      serveChecker(
        {
          post: (message: FromChecker) => checker.postMessage(message),
          listen: (handler) => void checker.on('message', (message: ToChecker) => handler(message)),
        },
        registry,
      );
      return {
        post: (message, transfer) => page.postMessage(message, transfer as never),
        listen: (onMessage) => void page.on('message', onMessage),
        terminate: () => {
          page.close();
          checker.close();
        },
      };
    },
    spawnLearnerWorker(): Endpoint {
      const worker = new Worker(new URL('./exercises-learner-worker-node.ts', import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 256 },
      });
      learnerWorkers.push(worker);
      worker.on('message', (message) => strayMessages.push(message));
      return {
        post: (message, transfer) => worker.postMessage(message, transfer as never),
        listen: (_onMessage, onFailure) => {
          worker.on('error', (error) => onFailure(error.message));
        },
        terminate: () => void worker.terminate(),
      };
    },
    channel() {
      const { port1, port2 } = new MessageChannel();
      return [port1, port2];
    },
  };
}
