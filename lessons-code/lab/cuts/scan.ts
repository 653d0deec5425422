// Every cut of a stream tried in turn: which cuts change a reader's result, and where they fall.

import { expectBytes, expectObject, expectString } from '../../core/arguments.ts';
import type { StreamReadResult } from '../../core/events.ts';
import { describeCut, mapStream, type CutKind, type CutPlace } from './map.ts';
import { CUT_READERS, type CutReader } from './readers.ts';
import { piecesInTwo, sameResult } from './streams.ts';

/** A cut that changed what a reader gave: where it fell, and what the reader got. */
export interface CutBreak {
  place: CutPlace;
  got: StreamReadResult;
}

/** One reader tried at every cut of a stream: how many cuts, and the ones that changed its result. */
export interface CutScan {
  reader: CutReader['id'];
  label: string;
  /** The number of cuts tried: every position 0..n. */
  cuts: number;
  /** The reader's result from one read of the whole stream. */
  uncut: StreamReadResult;
  /** Every cut position whose result differs from the uncut one, in order. */
  breaking: number[];
  /** How many breaking cuts fall in each kind of place. */
  byKind: Partial<Record<CutKind, number>>;
  /** The first few breaking cuts, described. */
  first: CutBreak[];
  /** The first breaking cut of each kind of place, in stream order. */
  firstOfEachKind: CutBreak[];
}

/** Reads `bytes` in two reads at every cut position 0..n and lists the cuts that change the reader's result. */
export function scanCuts(bytes: Uint8Array, reader: CutReader, firstFew = 5): CutScan {
  expectBytes(bytes, 'scanCuts', 'bytes');
  expectObject(reader, 'scanCuts', 'reader');
  const map = mapStream(bytes);
  const uncut = reader.readPieces([bytes]);
  const breaking: number[] = [];
  const byKind: Partial<Record<CutKind, number>> = {};
  const first: CutBreak[] = [];
  const firstOfEachKind: CutBreak[] = [];
  for (let at = 0; at <= bytes.length; at++) {
    const got = reader.readPieces(piecesInTwo(bytes, at));
    if (sameResult(got, uncut)) continue;
    breaking.push(at);
    const place = describeCut(map, at);
    const seen = byKind[place.kind] !== undefined;
    byKind[place.kind] = (byKind[place.kind] ?? 0) + 1;
    if (first.length < firstFew) first.push({ place, got });
    if (!seen) firstOfEachKind.push({ place, got });
  }
  return {
    reader: reader.id,
    label: reader.label,
    cuts: bytes.length + 1,
    uncut,
    breaking,
    byKind,
    first,
    firstOfEachKind,
  };
}

/** The scan for every reader of the cut demo. */
export function scanEveryReader(bytes: Uint8Array, firstFew = 5): CutScan[] {
  expectBytes(bytes, 'scanEveryReader', 'bytes');
  return CUT_READERS.map((reader) => scanCuts(bytes, reader, firstFew));
}

/** Where two texts first differ, with a few characters of each from there; null when equal. */
export function firstDifference(
  expected: string,
  got: string,
  span = 16,
): { at: number; expected: string; got: string } | null {
  expectString(expected, 'firstDifference', 'expected');
  expectString(got, 'firstDifference', 'got');
  if (expected === got) return null;
  let at = 0;
  const max = Math.min(expected.length, got.length);
  while (at < max && expected.charCodeAt(at) === got.charCodeAt(at)) at++;
  return { at, expected: expected.slice(at, at + span), got: got.slice(at, at + span) };
}
