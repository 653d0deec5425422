// How a recording is handed over in reads: one read per event (each ending with its blank line), or
// reads of a fixed number of bytes, which cut events, lines and characters anywhere. The pacing
// server writes a body this way; the page's player reads it this way.

import { PROVIDERS, type Provider } from './routes.ts';
import { expectBytes, expectNumber, expectOneOf } from '../core/arguments.ts';

/** One read per event, or reads of this many bytes. */
export type ReadSize = 'event' | number;

/**
 * The reads of a body: one per event, or `size` bytes each (the last one shorter). An event ends
 * with LF LF, or with CR LF CR LF on Gemini's stream; bytes after the last event (a truncated
 * body) make a last read of their own.
 */
export function splitReads(provider: Provider, bytes: Uint8Array, size: ReadSize): Uint8Array[] {
  expectOneOf(provider, PROVIDERS, 'splitReads', 'provider');
  expectBytes(bytes, 'splitReads', 'bytes');
  if (size !== 'event') expectNumber(size, 'splitReads', 'size');
  const reads: Uint8Array[] = [];
  if (size !== 'event') {
    const step = Math.max(1, Math.trunc(size));
    for (let at = 0; at < bytes.length; at += step) reads.push(bytes.subarray(at, at + step));
    return reads;
  }
  const separator = provider === 'gemini' ? [13, 10, 13, 10] : [10, 10];
  let from = 0;
  for (let i = 0; i + separator.length <= bytes.length; i++) {
    if (separator.every((byte, j) => bytes[i + j] === byte)) {
      reads.push(bytes.subarray(from, i + separator.length));
      from = i + separator.length;
      i += separator.length - 1;
    }
  }
  if (from < bytes.length) reads.push(bytes.subarray(from));
  return reads;
}
