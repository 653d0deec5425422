// The worker's operations for "Beyond the wire": scanning every cut of a stream is ~2,800 reads,
// too long a task for the main thread, so it runs in the compute worker.

import { CUT_STREAMS, scanEveryReader, type CutScan } from '../../../lessons-code/index.ts';

export interface CutScanRequest {
  stream: 'lf' | 'crlf';
  /** How many breaking cuts to describe per reader. */
  firstFew?: number;
}

export interface CutScanView {
  stream: 'lf' | 'crlf';
  bytes: number;
  scans: CutScan[];
}

export function cutScanView(request: CutScanRequest): CutScanView {
  const stream = CUT_STREAMS.find((s) => s.id === request.stream);
  if (!stream) throw new Error(`unknown stream: ${String(request.stream)}`);
  const firstFew = Math.max(0, Math.min(20, Math.trunc(request.firstFew ?? 5)));
  return { stream: stream.id, bytes: stream.bytes.length, scans: scanEveryReader(stream.bytes, firstFew) };
}
