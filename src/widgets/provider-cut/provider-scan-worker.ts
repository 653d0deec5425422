// The 06c cut demo's own worker: it scans every cut of the three recordings (provider-ops.ts), so
// the recordings never weigh on the demos' shared worker (compute-worker.ts).

import { serve } from '../../demo-kit/worker-calls.ts';
import { providerScanView } from './provider-ops.ts';

const ops = { providerScan: providerScanView };

export type ProviderScanOps = typeof ops;

serve(ops);
