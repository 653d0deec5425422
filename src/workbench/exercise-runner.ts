// The page's one runner for all its exercises: a checker worker and a fresh learner's worker per
// check, behind the engine's ExerciseRunner (src/exercise-engine/README.md explains the design).
// The page reads the checker's messages only; the learner's worker is given its private port and
// otherwise never listened to.

import { ExerciseRunner, type Endpoint } from '../exercise-engine/runner.ts';

function checkerEndpoint(): Endpoint {
  const worker = new Worker(new URL('../exercise-engine/checker-worker.ts', import.meta.url), {
    type: 'module',
    name: 'exercise-checker',
  });
  return {
    post: (message, transfer) => worker.postMessage(message, (transfer ?? []) as Transferable[]),
    listen: (onMessage, onFailure) => {
      worker.addEventListener('message', (event: MessageEvent) => onMessage(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onFailure(event.message || 'the checker failed to load');
      });
      worker.addEventListener('messageerror', () => onFailure('the checker sent a message the page could not read'));
    },
    terminate: () => worker.terminate(),
  };
}

function learnerEndpoint(): Endpoint {
  const worker = new Worker(new URL('../exercise-engine/learner-worker.ts', import.meta.url), {
    type: 'module',
    name: 'exercise-learner',
  });
  return {
    post: (message, transfer) => worker.postMessage(message, (transfer ?? []) as Transferable[]),
    // No message listener: whatever the learner's code posts here reaches nobody. Errors are kept
    // out of the page's console; the runner uses them only until the worker has said hello.
    listen: (_onMessage, onFailure) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onFailure(event.message || 'the learner’s worker failed to load');
      });
    },
    terminate: () => worker.terminate(),
  };
}

let runner: ExerciseRunner | undefined;

export function exerciseRunner(): ExerciseRunner {
  runner ??= new ExerciseRunner({
    spawnChecker: checkerEndpoint,
    spawnLearnerWorker: learnerEndpoint,
    channel: () => {
      const channel = new MessageChannel();
      return [channel.port1, channel.port2];
    },
  });
  return runner;
}
