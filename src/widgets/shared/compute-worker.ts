// The demos' worker: lessons-code, run off the main thread. Results are trimmed to what a page
// can show (the first chunks, the start of long texts) so that posting them back stays cheap.

import { writerReaderTable } from '../../../lessons-code/index.ts';
import { serve } from '../../demo-kit/worker-calls.ts';
import { chunkerView, type ChunkerResult } from './chunker-model.ts';
import { lossReport, type LossReport } from './loss-report.ts';
import { pairDetail, traceView, type PairDetailRequest, type PairDetailResult, type TraceResult } from './wire-ops.ts';
import { cutScanView, type CutScanRequest, type CutScanView } from './beyond-ops.ts';

export type { ChunkerResult };

export interface PairsResultCell {
  report: LossReport;
  thrown: boolean;
}

export interface PairsResult {
  /** In the order of WRITERS × READERS, each with one cell per split. */
  rows: { cells: PairsResultCell[] }[];
}

/** The operations the demos call (src/demo-kit/worker-calls.ts derives their calls' types from these). */
const ops = {
  chunkers: (answer: string): ChunkerResult => chunkerView(answer),
  trace: (stream: string): TraceResult => traceView(stream),
  pairDetail: (request: PairDetailRequest): PairDetailResult => pairDetail(request),
  cutScan: (request: CutScanRequest): CutScanView => cutScanView(request),
  pairs: (answer: string): PairsResult => ({
    rows: writerReaderTable(answer).map((row) => ({
      cells: row.cells.map((cell) => ({ report: lossReport(answer, cell.got), thrown: cell.thrown })),
    })),
  }),
};

export type ComputeOps = typeof ops;

serve(ops);
