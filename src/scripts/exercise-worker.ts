// The exercises' worker: transpiles and runs the learner's code and the checks, off the main
// thread. The page terminates it after 2 s (exercise-runner.ts), so whatever the code does, the
// page keeps answering.

import { serveChecks } from '../../lessons-code/exercises/serve.ts';
import type { ToWorker } from '../../lessons-code/exercises/runner.ts';

// The learner's stray errors (a throw in a timer, a rejected promise nobody awaited) stay here:
// they are not the page's errors, and the check reports what matters.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

serveChecks({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event: MessageEvent<ToWorker>) => handler(event.data)),
});
