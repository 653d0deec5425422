// The stream inspector's worker: the whole reading of a stream (inspect-ops.ts) runs here, off the
// page's thread, so that a large stream never freezes the page and the page can stop it (its Cancel
// button terminates this worker: src/demo-kit/compute.ts). It makes no request; on a host that sends
// the site's headers, its policy forbids any (src/deploy/csp.ts, the workers' policy: connect-src 'none').

import { runInspect, type InspectRequest } from './inspect-ops.ts';

self.addEventListener('message', (event: MessageEvent<{ id: number; request: InspectRequest }>) => {
  const { id, request } = event.data;
  runInspect(request).then(
    (value) => self.postMessage({ id, ok: true, value }),
    (error: unknown) =>
      self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
