// The demos' worker: lessons-code, run off the main thread. Results are trimmed to what a page
// can show (the first chunks, the start of long texts) so that posting them back stays cheap.

import { writerReaderTable } from '../../../lessons-code/index.ts';
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

export type ComputeRequest =
  | { op: 'chunkers'; answer: string }
  | { op: 'pairs'; answer: string }
  | { op: 'trace'; stream: string }
  | ({ op: 'pairDetail' } & PairDetailRequest)
  | ({ op: 'cutScan' } & CutScanRequest);

export type ComputeResult<R extends ComputeRequest> = R extends { op: 'cutScan' }
  ? CutScanView
  : R extends { op: 'chunkers' }
    ? ChunkerResult
    : R extends { op: 'trace' }
      ? TraceResult
      : R extends { op: 'pairDetail' }
        ? PairDetailResult
        : PairsResult;

function run(request: ComputeRequest): unknown {
  switch (request.op) {
    case 'chunkers':
      return chunkerView(request.answer);
    case 'trace':
      return traceView(request.stream);
    case 'pairDetail':
      return pairDetail(request);
    case 'cutScan':
      return cutScanView(request);
    case 'pairs':
      return {
        rows: writerReaderTable(request.answer).map((row) => ({
          cells: row.cells.map((cell) => ({ report: lossReport(request.answer, cell.got), thrown: cell.thrown })),
        })),
      } satisfies PairsResult;
  }
}

self.addEventListener('message', (event: MessageEvent<{ id: number; request: ComputeRequest }>) => {
  const { id, request } = event.data;
  try {
    self.postMessage({ id, ok: true, value: run(request) });
  } catch (error) {
    self.postMessage({ id, ok: false, error: error instanceof Error ? error.message : String(error) });
  }
});
