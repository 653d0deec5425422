// The checker as a Web Worker (see README.md): it never runs learner code, so the page can read
// what it posts.
//
// Its registry (registry-lazy.ts) loads an exercise's definition, and of its text only `strings`
// (what the cases show in their verdicts), when a check of that exercise first asks: a page's
// checker downloads the checks of the exercises that page runs, and never the prose the page
// renders on the server (title, case names, hints).

import { serveChecker } from './checker-service.ts';
import type { ToChecker } from './protocol.ts';
import { lazyRegistry } from './registry-lazy.ts';

serveChecker(
  {
    post: (message) => self.postMessage(message),
    listen: (handler) => self.addEventListener('message', (event: MessageEvent<ToChecker>) => handler(event.data)),
  },
  lazyRegistry,
);
