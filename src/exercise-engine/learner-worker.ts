// The learner's worker as a Web Worker (see README.md and learner-harness.ts). Its first and only message
// from the page carries the private port to the checker; everything after that goes over the port.
// The page never listens to this worker's own messages.

import { startHarness } from './learner-harness.ts';

// Captured before any learner code runs: the port's methods and the event's data getter.
const apply = Reflect.apply;
const postMessage = MessagePort.prototype.postMessage;
const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;

// The learner's stray errors (a throw in a timer, a promise nobody awaited) stay here: the page
// ignores this worker's errors once it is connected, and the verdicts report what matters.
self.addEventListener('error', (event) => event.preventDefault());
self.addEventListener('unhandledrejection', (event) => event.preventDefault());

function connect(event: MessageEvent): void {
  const port = (event.data as { port?: unknown } | null)?.port;
  if (!(port instanceof MessagePort)) return;
  self.removeEventListener('message', connect);
  startHarness(
    {
      send: (message) => void apply(postMessage, port, [message]),
      receive: (handler) => {
        port.onmessage = (event: MessageEvent) => handler(apply(dataOf, event, []));
      },
    },
    self,
  );
}
self.addEventListener('message', connect);
