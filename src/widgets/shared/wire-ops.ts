// The computations of the reader playground and the writer × reader demo, as the worker runs them:
// lessons-code called, then trimmed to what a page shows so that posting the result back is cheap.

import {
  READERS,
  SPLITS,
  WRITERS,
  cutText,
  runPair,
  traceView,
  type TraceResult,
} from '../../../lessons-code/index.ts';
import { clipDiff, diffText, type ShownDiffPart } from './text-diff.ts';
import { lossReport, type LossReport } from './loss-report.ts';

// The trace as a page lists it lives beside the standard's tracer (lessons-code/standard/trace-view.ts).
export { traceView };
export type { TraceLineView, TraceResult } from '../../../lessons-code/index.ts';

const SHOWN_TEXT = 4000;

export interface PairDetailRequest {
  answer: string;
  writer: string;
  reader: string;
  split: string;
}

export interface PairDetailResult {
  /** Ids of the writer, reader and split (the page names them in its language). */
  writer: string;
  reader: string;
  split: string;
  report: LossReport;
  thrown: boolean;
  chunkCount: number;
  /** The wire: the writer's stream, line by line as the standard reads it. */
  wire: TraceResult;
  /** Lines the standard took for a field name, in the whole stream. */
  fieldNameLines: number;
  got: string;
  gotLength: number;
  gotCut: number;
  diff: { parts: ShownDiffPart[]; more: number; removed: number; added: number; equal: boolean } | null;
}

/** One cell of the table, opened: its wire, its events, what the user gets, and the diff. */
export function pairDetail(request: PairDetailRequest): PairDetailResult {
  const writer = WRITERS.find((w) => w.id === request.writer);
  const reader = READERS.find((r) => r.id === request.reader);
  const split = SPLITS.find((s) => s.id === request.split);
  if (!writer || !reader || !split) throw new Error('unknown writer, reader or split');
  const cell = runPair(writer, reader, split, request.answer);
  const wire = traceView(cell.stream);
  let diff: PairDetailResult['diff'] = null;
  if (!cell.thrown) {
    const full = diffText(request.answer, cell.got);
    // A short answer is shown whole; a long one around its changes only.
    const small = request.answer.length + cell.got.length <= 8000;
    const shown = clipDiff(full.parts, { context: small ? Number.MAX_SAFE_INTEGER : 120 });
    diff = {
      parts: shown.parts,
      more: shown.more,
      removed: full.removed,
      added: full.added,
      equal: full.removed === 0 && full.added === 0,
    };
  }
  const got = cutText(cell.got, SHOWN_TEXT);
  return {
    writer: writer.id,
    reader: reader.id,
    split: split.id,
    report: lossReport(request.answer, cell.got),
    thrown: cell.thrown,
    chunkCount: cell.chunks.length,
    wire,
    fieldNameLines: wire.counts['no-colon'] ?? 0,
    got: got.text,
    gotLength: cell.got.length,
    gotCut: got.cut,
    diff,
  };
}
