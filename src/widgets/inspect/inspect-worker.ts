// The stream inspector's worker: the whole reading of a stream (lessons-code/inspect/inspect.ts) runs
// here, off the page's thread, so that a large stream never freezes the page and the page can stop it
// (its Cancel button terminates this worker: src/demo-kit/worker-calls.ts). A file is read here too,
// chunk by chunk, and how far it has got is posted for the page's progress bar. Its operations, and
// what of a report crosses to the page: inspect-ops.ts. It makes no request; on a host that sends the
// site's headers, its policy forbids any (src/deploy/csp.ts, the workers' policy: connect-src 'none').

import { serve } from '../../demo-kit/worker-calls.ts';
import { inspectOps } from './inspect-ops.ts';

serve(inspectOps());
