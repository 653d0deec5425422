// The network cuts a provider's stream anywhere too: each recording cut in two reads after any
// byte, read by the providers' layers, compared with one read of the whole. The places are told
// apart with the cut scanner of "Beyond the wire" (lab/cuts/: mapStream, describeCut,
// piecesInTwo), plus one kind of place those streams lack: inside an `event:` line. A naive layer
// that decodes each read on its own is scanned alongside, for contrast.

import { describeCut, mapStream, type CutKind, type CutPlace, type StreamMap } from '../lab/cuts/map.ts';
import { piecesInTwo } from '../lab/cuts/streams.ts';
import type { ProviderStreamResult, TurnEnding } from './channels.ts';
import { createProviderPipeline, readProviderPieces } from './read-provider-stream.ts';
import type { ProviderRecording } from './recordings.ts';
import { PROVIDERS, type Provider } from './routes.ts';
import { expectArray, expectBytes, expectNumber, expectObject, expectOneOf } from '../core/arguments.ts';

/** The kinds of place of lab/cuts/map.ts, and `event`: inside an `event:` line (OpenAI, Anthropic). */
export type ProviderCutKind = CutKind | 'event';

/** Where a cut falls in a provider's recording. */
export interface ProviderCutPlace extends Omit<CutPlace, 'kind'> {
  kind: ProviderCutKind;
}

/** A reader of provider streams over reads already in hand. */
export interface ProviderCutReader {
  id: 'standard' | 'decodeEach';
  /** The function's name: code, never translated. */
  label: string;
  read(provider: Provider, pieces: readonly Uint8Array[]): ProviderStreamResult;
}

/**
 * The naive layer: a new decoder for every read, without streaming mode (core/transport.ts,
 * `decode: 'each read'`), then the same parsers. A character whose bytes two reads share comes
 * out as U+FFFD on both sides.
 */
export function readProviderDecodingEachRead(provider: Provider, pieces: readonly Uint8Array[]): ProviderStreamResult {
  expectOneOf(provider, PROVIDERS, 'readProviderDecodingEachRead', 'provider');
  expectArray(pieces, 'readProviderDecodingEachRead', 'pieces');
  const pipeline = createProviderPipeline(provider, {}, { decode: 'each read' });
  for (const piece of pieces) pipeline.push(piece);
  return pipeline.end();
}

/** The providers' layers (readProviderPieces), then the naive one. */
export const PROVIDER_CUT_READERS: readonly ProviderCutReader[] = [
  { id: 'standard', label: 'readProviderStream', read: (provider, pieces) => readProviderPieces(provider, pieces) },
  { id: 'decodeEach', label: 'readProviderDecodingEachRead', read: readProviderDecodingEachRead },
];

/** Whether two reads of a provider's stream gave the same answer, reasoning and ending. */
export function sameProviderResult(a: ProviderStreamResult, b: ProviderStreamResult): boolean {
  expectObject(a, 'sameProviderResult', 'a');
  expectObject(b, 'sameProviderResult', 'b');
  return (
    a.answer === b.answer && a.reasoning === b.reasoning && a.complete === b.complete && sameEnding(a.ending, b.ending)
  );
}

/** The same ending: the same kind, said by the same event with the same reason and words (or cut by the same error). */
export function sameEnding(a: TurnEnding, b: TurnEnding): boolean {
  expectObject(a, 'sameEnding', 'a');
  expectObject(b, 'sameEnding', 'b');
  if (a.kind === 'cut' || b.kind === 'cut')
    return a.kind === b.kind && (a as { error: string }).error === (b as { error: string }).error;
  return a.kind === b.kind && a.event === b.event && a.reason === b.reason && a.message === b.message;
}

const maps = new WeakMap<Uint8Array, StreamMap>();

function mapOf(bytes: Uint8Array): StreamMap {
  let map = maps.get(bytes);
  if (map === undefined) maps.set(bytes, (map = mapStream(bytes)));
  return map;
}

const EVENT_FIELD = [101, 118, 101, 110, 116, 58]; // "event:"

/** Where the cut after byte `at` falls in the recording. */
export function describeProviderCut(bytes: Uint8Array, at: number): ProviderCutPlace {
  expectBytes(bytes, 'describeProviderCut', 'bytes');
  expectNumber(at, 'describeProviderCut', 'at');
  const map = mapOf(bytes);
  const place = describeCut(map, at);
  if (place.kind !== 'data') return place;
  const line = map.lines.find((candidate) => at > candidate.start && at < candidate.next);
  const isEventLine = line !== undefined && EVENT_FIELD.every((byte, i) => bytes[line.start + i] === byte);
  return isEventLine ? { ...place, kind: 'event' } : place;
}

/** A recording read whole and read cut at one byte, and whether the two agree. */
export interface ProviderCutResult {
  place: ProviderCutPlace;
  uncut: ProviderStreamResult;
  cut: ProviderStreamResult;
  same: boolean;
}

/** One recording cut after byte `at` (clamped), read by `reader`, against its one-read result. */
export function cutProviderRecording(
  recording: ProviderRecording,
  at: number,
  reader: ProviderCutReader = PROVIDER_CUT_READERS[0]!,
): ProviderCutResult {
  expectObject(recording, 'cutProviderRecording', 'recording');
  expectNumber(at, 'cutProviderRecording', 'at');
  expectObject(reader, 'cutProviderRecording', 'reader');
  const { bytes, provider } = recording;
  const clamped = Math.max(0, Math.min(bytes.length, Number.isFinite(at) ? Math.trunc(at) : 0));
  const uncut = reader.read(provider, [bytes]);
  const cut = reader.read(provider, piecesInTwo(bytes, clamped));
  return { place: describeProviderCut(bytes, clamped), uncut, cut, same: sameProviderResult(uncut, cut) };
}

/** One reader tried at every cut of one recording. */
export interface ProviderCutScan {
  recording: ProviderRecording['id'];
  reader: ProviderCutReader['id'];
  /** Cuts tried: every position 0..n. */
  cuts: number;
  /** The positions whose result differs from one read's, in order. */
  changed: number[];
  /** How many cuts were tried, and how many changed the result, in each kind of place. */
  byKind: Partial<Record<ProviderCutKind, { tried: number; changed: number }>>;
  /** The first cut that changed the result, if any. */
  first: ProviderCutResult | null;
}

/** Every cut of a recording, two reads each, with one reader. */
export function scanProviderCuts(
  recording: ProviderRecording,
  reader: ProviderCutReader = PROVIDER_CUT_READERS[0]!,
): ProviderCutScan {
  expectObject(recording, 'scanProviderCuts', 'recording');
  expectObject(reader, 'scanProviderCuts', 'reader');
  const { bytes, provider } = recording;
  const uncut = reader.read(provider, [bytes]);
  const changed: number[] = [];
  const byKind: ProviderCutScan['byKind'] = {};
  let first: ProviderCutResult | null = null;
  for (let at = 0; at <= bytes.length; at++) {
    const cut = reader.read(provider, piecesInTwo(bytes, at));
    const same = sameProviderResult(uncut, cut);
    const place = describeProviderCut(bytes, at);
    const counts = (byKind[place.kind] ??= { tried: 0, changed: 0 });
    counts.tried++;
    if (same) continue;
    counts.changed++;
    changed.push(at);
    first ??= { place, uncut, cut, same };
  }
  return { recording: recording.id, reader: reader.id, cuts: bytes.length + 1, changed, byKind, first };
}
