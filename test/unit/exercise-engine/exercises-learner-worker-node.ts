// The learner's worker for the unit tests: the same harness as the page's Web Worker
// (src/exercise-engine/learner-worker.ts), on node:worker_threads. Its first message carries the
// private port to the checker; its own channel to the test is never read.

import { parentPort, type MessagePort } from 'node:worker_threads';
import { startHarness } from '../../../src/exercise-engine/learner-harness.ts';

const apply = Reflect.apply;
const parent = parentPort;
if (!parent) throw new Error('run me as a worker');

parent.once('message', (message: { port?: MessagePort }) => {
  const port = message.port;
  if (!port) return;
  const postMessage = Object.getPrototypeOf(port).postMessage as MessagePort['postMessage'];
  startHarness(
    {
      send: (data) => void apply(postMessage, port, [data]),
      receive: (handler) => void port.on('message', handler),
    },
    globalThis,
  );
});
// The learner's stray errors stay in this worker, as in the page's.
process.on('uncaughtException', () => undefined);
process.on('unhandledRejection', () => undefined);
