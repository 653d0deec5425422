// The streams the cut and stop-short demos read, and bodies that deliver bytes in chosen reads.

import { expectArray, expectBytes, expectFunction, expectNumber, expectObject } from '../../core/arguments.ts';
import type { StreamReadResult } from '../../core/events.ts';
import { IMPROVISATION_ANSWER } from '../../ga/answers.ts';
import { splitAfter743 } from '../../ga/chunkers.ts';
import { writeGaChatbotEvent } from '../../ga/writers.ts';
import { streamOf } from '../pairs.ts';
import type { StreamReader } from '../stream-readers.ts';

/** A stream the cut demo cuts: the lesson's answer with LF or CRLF line ends, and its bytes. */
export interface CutStream {
  id: 'lf' | 'crlf';
  label: string;
  stream: string;
  bytes: Uint8Array;
}

/** GaChatbot.Api's stream of the improvisation answer's #743 chunks: 682 bytes, LF line ends. */
export const IMPROVISATION_STREAM_743 = streamOf(writeGaChatbotEvent, splitAfter743(IMPROVISATION_ANSWER));
/** The same stream with every line ended by CRLF, as a server may write it: 702 bytes. */
export const IMPROVISATION_STREAM_743_CRLF = IMPROVISATION_STREAM_743.replaceAll('\n', '\r\n');

/** The two streams of the cut demo: LF, then CRLF. */
export const CUT_STREAMS: readonly CutStream[] = [
  {
    id: 'lf',
    label: 'LF',
    stream: IMPROVISATION_STREAM_743,
    bytes: new TextEncoder().encode(IMPROVISATION_STREAM_743),
  },
  {
    id: 'crlf',
    label: 'CRLF',
    stream: IMPROVISATION_STREAM_743_CRLF,
    bytes: new TextEncoder().encode(IMPROVISATION_STREAM_743_CRLF),
  },
];

/** A body that delivers the given pieces, one per read (empty pieces are skipped: the network sends none). */
export function bodyOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  expectArray(pieces, 'bodyOf', 'pieces');
  pieces.forEach((piece, i) => expectBytes(piece, 'bodyOf', `pieces[${i}]`));
  const queue = pieces.filter((piece) => piece.byteLength > 0);
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < queue.length) controller.enqueue(queue[next++]!);
      else controller.close();
    },
  });
}

/** The bytes in two reads, cut after byte `cut`. */
export function readInTwo(reader: StreamReader, bytes: Uint8Array, cut: number): Promise<StreamReadResult> {
  expectFunction(reader, 'readInTwo', 'reader');
  expectBytes(bytes, 'readInTwo', 'bytes');
  expectNumber(cut, 'readInTwo', 'cut');
  return reader(bodyOf(piecesInTwo(bytes, cut)));
}

/** The bytes in one read: the uncut result each reader is compared with. */
export function readWhole(reader: StreamReader, bytes: Uint8Array): Promise<StreamReadResult> {
  expectFunction(reader, 'readWhole', 'reader');
  expectBytes(bytes, 'readWhole', 'bytes');
  return reader(bodyOf([bytes]));
}

/** The bytes one at a time. */
export function readByteByByte(reader: StreamReader, bytes: Uint8Array): Promise<StreamReadResult> {
  expectFunction(reader, 'readByteByByte', 'reader');
  expectBytes(bytes, 'readByteByByte', 'bytes');
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) pieces.push(bytes.subarray(i, i + 1));
  return reader(bodyOf(pieces));
}

/** Whether two reads of a stream gave the same text, end and error. */
export function sameResult(a: StreamReadResult, b: StreamReadResult): boolean {
  expectObject(a, 'sameResult', 'a');
  expectObject(b, 'sameResult', 'b');
  return a.text === b.text && a.done === b.done && a.error === b.error;
}

/** The pieces of two reads cut after byte `cut` (an empty read is left out: the network sends none). */
export function piecesInTwo(bytes: Uint8Array, cut: number): Uint8Array[] {
  expectBytes(bytes, 'piecesInTwo', 'bytes');
  expectNumber(cut, 'piecesInTwo', 'cut');
  return [bytes.subarray(0, cut), bytes.subarray(cut)].filter((piece) => piece.byteLength > 0);
}
