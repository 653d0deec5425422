// Shared by the unit tests: the lesson's streams, and ways to cut bytes into reads.

import { readFileSync } from 'node:fs';
import {
  IMPROVISATION_ANSWER,
  VOICING_ANSWER,
  splitAfter743,
  splitPinned,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
} from '../../../lessons-code/index.ts';

/** The streams the lesson reads, plus a CRLF one so that a cut can fall between CR and LF. */
export function lessonStreams(): { name: string; stream: string }[] {
  const routing = 'data: {"type":"routing","agentId":"voicing","confidence":0.92}\n\n';
  return [
    { name: 'voicing stream', stream: routing + streamOf(writeGaChatbotEvent, splitPinned(VOICING_ANSWER)) },
    { name: 'failure stream', stream: 'data: {"error":"Failed to process message. Please try again."}\n\n' },
    {
      name: 'improvisation, GaChatbot.Api, #743',
      stream: streamOf(writeGaChatbotEvent, splitAfter743(IMPROVISATION_ANSWER)),
    },
    { name: 'improvisation, GaApi, pinned', stream: streamOf(writeGaApiEvent, splitPinned(IMPROVISATION_ANSWER)) },
    {
      name: 'improvisation, CRLF line ends',
      stream: streamOf(writeGaChatbotEvent, splitAfter743(IMPROVISATION_ANSWER)).replaceAll('\n', '\r\n'),
    },
  ];
}

/** Every split of n bytes into two reads: [cut, n - cut] for cut = 0..n. */
export function* everyCut(n: number): Generator<number[]> {
  for (let cut = 0; cut <= n; cut++) yield [cut, n - cut];
}

/** A body that delivers `bytes` in reads of the given sizes (or all of one size). */
export function bytesIn(bytes: Uint8Array, sizes: number[] | number): ReadableStream<Uint8Array> {
  const pieces: Uint8Array[] = [];
  if (typeof sizes === 'number') {
    for (let i = 0; i < bytes.length; i += sizes) pieces.push(bytes.slice(i, i + sizes));
  } else {
    let at = 0;
    for (const size of sizes) {
      pieces.push(bytes.slice(at, at + size));
      at += size;
    }
  }
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of iterable) all.push(item);
  return all;
}

/** The program's expected output (what `npm run lesson -- l6` prints), read from the fixture beside the tests. */
export function expectedOutput(): string {
  return readFileSync(new URL('../../fixtures/l6-expected.txt', import.meta.url), 'utf8');
}

/**
 * The rows of a table of the expected output, parsed by its column widths (the program's format,
 * lessons-code/program/: every cell but the last padded to its width, cells joined with one space,
 * the end trimmed): its header row and the rows up to
 * the first blank line or the end. The header row is the first line that starts with `headerStart`
 * followed by a space, and comes first in the result.
 */
export function tableAfter(output: string, headerStart: string, widths: number[]): string[][] {
  const lines = output.split('\n');
  const at = lines.findIndex((line) => line.startsWith(headerStart + ' '));
  if (at < 0) throw new Error(`no line starting with ${JSON.stringify(headerStart)} in the expected output`);
  const rows: string[][] = [];
  for (const line of lines.slice(at)) {
    if (line === '') break;
    const cells: string[] = [];
    let start = 0;
    for (const width of widths) {
      if (line.length > start + width && line[start + width] !== ' ')
        throw new Error(`cell wider than ${width}: ${line}`);
      cells.push(line.slice(start, start + width).trimEnd());
      start += width + 1;
    }
    cells.push(line.slice(start));
    rows.push(cells);
  }
  return rows;
}

/**
 * Strings whose polynomial hashes modulo 2^32 collide whatever the (odd) base: the Thue–Morse
 * words A and B (B is A with a and b swapped) of 128 characters hash alike, so every sequence of
 * `blocks` of them does. `sequence(bits)` gives the sequence whose i-th block is A when bit i is set.
 */
export function collidingBlocks(blocks: number): (bits: number) => string {
  let a = 'a';
  let b = 'b';
  for (let k = 0; k < 7; k++) [a, b] = [a + b, b + a];
  return (bits) => Array.from({ length: blocks }, (_, i) => ((bits >> i) & 1 ? a : b)).join('');
}
