// The checker as a Web Worker (see runner.ts): it never runs learner code, so the page can read
// what it posts.

import { serveChecker } from './checker-service.ts';
import type { ToChecker } from './protocol.ts';
import { globRegistry } from './registry.ts';

serveChecker({
  post: (message) => self.postMessage(message),
  listen: (handler) => self.addEventListener('message', (event: MessageEvent<ToChecker>) => handler(event.data)),
}, globRegistry);
