// The stream inspector's worker: the whole reading of a stream (lessons-code/inspect/inspect.ts) runs
// here, off the page's thread, so that a large stream never freezes the page and the page can stop it
// (its Cancel button terminates this worker: src/demo-kit/compute.ts). A file is read here too, chunk
// by chunk, and how far it has got is posted every PROGRESS_STEP bytes, for the page's progress bar.
// It makes no request; on a host that sends the site's headers, its policy forbids any (src/deploy/csp.ts,
// the workers' policy: connect-src 'none').

import { runInspect, type InspectRequest } from '../../../lessons-code/index.ts';

const PROGRESS_STEP = 256 * 1024;

self.addEventListener('message', (event: MessageEvent<{ id: number; request: InspectRequest }>) => {
  const { id, request } = event.data;
  let told = 0;
  const progress = ({ loaded, total }: { loaded: number; total: number }) => {
    if (loaded - told < PROGRESS_STEP && loaded < total) return;
    told = loaded;
    self.postMessage({ id, progress: { loaded, total } });
  };
  runInspect(request, progress).then(
    (value) => self.postMessage({ id, ok: true, value }),
    (error: unknown) =>
      self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
