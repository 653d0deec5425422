// The 06c cut demo's own worker: it scans every cut of the three recordings (provider-ops.ts), so
// the recordings never weigh on the demos' shared worker (compute-worker.ts).

import { providerScanView } from './provider-ops.ts';

self.addEventListener('message', (event: MessageEvent<{ id: number; request: { op: 'providerScan' } }>) => {
  const { id } = event.data;
  try {
    self.postMessage({ id, ok: true, value: providerScanView() });
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
