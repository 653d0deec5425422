// The exercises' worker for the unit tests: the same serveChecks as the page's Web Worker
// (src/scripts/exercise-worker.ts), on node:worker_threads.

import { parentPort } from 'node:worker_threads';
import { serveChecks } from '../../lessons-code/exercises/serve.ts';
import type { ToWorker } from '../../lessons-code/exercises/runner.ts';

const port = parentPort;
if (!port) throw new Error('run me as a worker');
serveChecks({
  post: (message) => port.postMessage(message),
  listen: (handler) => port.on('message', (message: ToWorker) => handler(message)),
});
