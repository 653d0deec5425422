// The demos' worker: lessons-code, run off the main thread. Results are trimmed to what a page
// can show (the first chunks, the start of long texts) so that posting them back stays cheap.

import {
  compare,
  countBreaks,
  countLines,
  splitAfter743,
  splitPinned,
  writerReaderTable,
} from '../../lessons-code/index.ts';
import { pairDetail, traceView, type PairDetailRequest, type PairDetailResult, type TraceResult } from './wire-ops.ts';
import { cutScanView, type CutScanRequest, type CutScanView } from './beyond-ops.ts';

/** The longest piece of text a result carries back; the page says when it cut one. */
export const MAX_TEXT = 20_000;
/** The most chunks a result lists. */
export const MAX_CHUNKS = 200;

export interface ChunkerSide {
  count: number;
  chunks: string[];
  joinedLength: number;
  verdict: string;
  joined: string;
  joinedCut: boolean;
}

export interface ChunkerResult {
  lines: number;
  breaks: number;
  length: number;
  pinned: ChunkerSide;
  after743: ChunkerSide;
}

export interface PairsResultCell {
  verdict: string;
  exact: boolean;
}

export interface PairsResult {
  rows: { writer: string; reader: string; cells: PairsResultCell[] }[];
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

function side(answer: string, chunks: string[]): ChunkerSide {
  const joined = chunks.join('');
  return {
    count: chunks.length,
    chunks: chunks.slice(0, MAX_CHUNKS).map((chunk) => chunk.slice(0, MAX_TEXT)),
    joinedLength: joined.length,
    verdict: compare(answer, joined),
    joined: joined.slice(0, MAX_TEXT),
    joinedCut: joined.length > MAX_TEXT,
  };
}

function run(request: ComputeRequest): unknown {
  switch (request.op) {
    case 'chunkers':
      return {
        lines: countLines(request.answer),
        breaks: countBreaks(request.answer),
        length: request.answer.length,
        pinned: side(request.answer, splitPinned(request.answer)),
        after743: side(request.answer, splitAfter743(request.answer)),
      } satisfies ChunkerResult;
    case 'trace':
      return traceView(request.stream);
    case 'pairDetail':
      return pairDetail(request);
    case 'cutScan':
      return cutScanView(request);
    case 'pairs':
      return {
        rows: writerReaderTable(request.answer).map((row) => ({
          writer: row.writer.label,
          reader: row.reader.label,
          cells: row.cells.map((cell) => ({ verdict: cell.verdict, exact: cell.verdict === 'exact' })),
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
