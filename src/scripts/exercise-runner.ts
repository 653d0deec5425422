// The page's one runner for all four exercises: Web Workers behind lessons-code's ExerciseRunner.

import { ExerciseRunner, type FromWorker, type WorkerLike } from '../../lessons-code/exercises/runner.ts';

function spawnWebWorker(): WorkerLike {
  const worker = new Worker(new URL('./exercise-worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (message) => worker.postMessage(message),
    listen: (onMessage, onFailure) => {
      worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
        const data = event.data as FromWorker | null;
        if (data && typeof data === 'object' && typeof data.type === 'string') onMessage(data);
      });
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onFailure(event.message || 'the checker failed to load');
      });
      worker.addEventListener('messageerror', () => onFailure('the checker sent a message the page could not read'));
    },
    terminate: () => worker.terminate(),
  };
}

let runner: ExerciseRunner | undefined;

export function exerciseRunner(): ExerciseRunner {
  runner ??= new ExerciseRunner(spawnWebWorker);
  return runner;
}
