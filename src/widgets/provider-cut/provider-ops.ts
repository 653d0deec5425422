// The worker's operation for the 06c cut demo: every cut of the three recordings, read by the
// course's layers and by the naive one (about 30,000 reads), too long a task for the main thread.

import {
  PROVIDER_CUT_READERS,
  recordingById,
  scanProviderCuts,
  type ProviderCutReader,
  type RecordingId,
} from '../../../lessons-code/index.ts';
import { CUT_RECORDINGS } from '../shared/provider-model.ts';

export interface ProviderScanRow {
  recording: RecordingId;
  reader: ProviderCutReader['id'];
  cuts: number;
  changed: number;
  /** How many cuts changed the result, by kind of place (only kinds with some). */
  byKind: Record<string, number>;
}

export interface ProviderScanView {
  rows: ProviderScanRow[];
}

export function providerScanView(): ProviderScanView {
  const rows: ProviderScanRow[] = [];
  for (const id of CUT_RECORDINGS) {
    const recording = recordingById(id);
    for (const reader of PROVIDER_CUT_READERS) {
      const scan = scanProviderCuts(recording, reader);
      const byKind: Record<string, number> = {};
      for (const [kind, counts] of Object.entries(scan.byKind))
        if (counts && counts.changed > 0) byKind[kind] = counts.changed;
      rows.push({ recording: id, reader: reader.id, cuts: scan.cuts, changed: scan.changed.length, byKind });
    }
  }
  return { rows };
}
