// The network cuts anywhere: four readers fed the same bytes in two reads, cut at any byte, and a
// scanner that tries every cut. Two readers are the naive ones a first client often is; the other
// two are the GaChatbot page's consumeSseStream (readPageStream) and the HTML standard's reader.

import { IMPROVISATION_ANSWER } from '../ga/answers.ts';
import { splitAfter743 } from '../ga/chunkers.ts';
import { PageStreamState, readPageStream } from '../ga/page-reader.ts';
import { streamOf } from './pairs.ts';
import { StandardParser } from '../standard/parser.ts';
import { readStandardStream } from '../standard/stream.ts';
import { writeGaChatbotEvent } from '../ga/writers.ts';

/**
 * What a reader makes of a stream, as a chat page would use it: the answer text it shows (text
 * events concatenated; the routing event and `[DONE]` left out), whether `[DONE]` arrived, and the
 * server's error message if the reader recognises an error event.
 */
export interface StreamReadResult {
  text: string;
  done: boolean;
  error: string | null;
}

/** A reader of a body delivered in reads of any size. */
export type StreamReader = (body: ReadableStream<Uint8Array>) => Promise<StreamReadResult>;

/** Sorts one event's data the way a careful client does: `[DONE]`, the routing event, an error event, or text. */
export class EventSorter {
  text = '';
  done = false;
  error: string | null = null;

  take(data: string): void {
    if (data === '[DONE]') {
      this.done = true;
      return;
    }
    if (data.startsWith('{')) {
      const value = jsonOrUndefined(data);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        const record = value as { type?: unknown; error?: unknown };
        if (record.type === 'routing') return;
        if (typeof record.error === 'string' && this.error === null) {
          this.error = record.error;
          return;
        }
      }
    }
    this.text += data;
  }

  result(): StreamReadResult {
    return { text: this.text, done: this.done, error: this.error };
  }
}

function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every read of a body, in order. */
async function reads(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const reader = body.getReader();
  const pieces: Uint8Array[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  return pieces;
}

/**
 * Naive reader 1: decodes each piece on its own (a new TextDecoder per read, no streaming mode),
 * then reads whole events correctly. A character whose bytes a cut separates comes out as two
 * replacement characters (U+FFFD); everything else survives.
 */
export async function readDecodingEachPiece(body: ReadableStream<Uint8Array>): Promise<StreamReadResult> {
  return decodingEachPiece(await reads(body));
}

/** readDecodingEachPiece over pieces already in hand. */
export function decodingEachPiece(pieces: readonly Uint8Array[]): StreamReadResult {
  const sorter = new EventSorter();
  const parser = new StandardParser((event) => sorter.take(event.data));
  for (const piece of pieces) parser.feed(new TextDecoder().decode(piece));
  parser.end();
  return sorter.result();
}

/**
 * Naive reader 2: decodes correctly (streaming mode) but parses each piece as a stream of its
 * own, with no buffer between reads: the end of a piece is taken for the end of an event. The
 * front half of an event cut at the end of a piece becomes an event of its own; the back half, at
 * the start of the next piece, is read from the middle of a line. A CR that ends one piece and the
 * LF that starts the next count as two line ends.
 */
export async function readParsingEachPiece(body: ReadableStream<Uint8Array>): Promise<StreamReadResult> {
  return parsingEachPiece(await reads(body));
}

/** readParsingEachPiece over pieces already in hand. */
export function parsingEachPiece(pieces: readonly Uint8Array[]): StreamReadResult {
  const sorter = new EventSorter();
  const decoder = new TextDecoder();
  for (const piece of pieces) {
    const parser = new StandardParser((event) => sorter.take(event.data));
    parser.feed(decoder.decode(piece, { stream: true }));
    parser.feed('\n\n'); // the piece ends: whatever event is open is dispatched as it stands
    parser.end();
  }
  return sorter.result();
}

/** The GaChatbot page's consumeSseStream (readPageStream), as a result: it recognises no error event. */
export async function readPageStreamResult(body: ReadableStream<Uint8Array>): Promise<StreamReadResult> {
  const { answer, done } = await readPageStream(body);
  return { text: answer, done, error: null };
}

/** The HTML standard's reader (readStandardStream), its events sorted as a careful client does. */
export async function readStandardStreamResult(body: ReadableStream<Uint8Array>): Promise<StreamReadResult> {
  const sorter = new EventSorter();
  for await (const data of readStandardStream(body)) sorter.take(data);
  return sorter.result();
}

/**
 * readPageStream's loop over pieces already in hand, for the scan (thousands of reads): the same
 * state machine and streaming decoder, without a ReadableStream. The tests check it agrees with
 * readPageStream at every cut.
 */
export function pageOverPieces(pieces: readonly Uint8Array[]): StreamReadResult {
  const decoder = new TextDecoder();
  const state = new PageStreamState();
  for (const piece of pieces) if (state.push(decoder.decode(piece, { stream: true }))) break;
  const { answer, done } = state.result();
  return { text: answer, done, error: null };
}

/** readStandardStream's loop over pieces already in hand, for the scan; checked against it at every cut. */
export function standardOverPieces(pieces: readonly Uint8Array[]): StreamReadResult {
  const decoder = new TextDecoder('utf-8');
  const sorter = new EventSorter();
  const parser = new StandardParser((event) => sorter.take(event.data));
  for (const piece of pieces) parser.feed(decoder.decode(piece, { stream: true }));
  parser.feed(decoder.decode());
  parser.end();
  return sorter.result();
}

export interface CutReader {
  id: 'decodeEach' | 'parseEach' | 'page' | 'standard';
  /** The function's name: code, so never translated. */
  label: string;
  read: StreamReader;
  /** The same reader over pieces already in hand, synchronous: what the scan uses. */
  readPieces: (pieces: readonly Uint8Array[]) => StreamReadResult;
}

/** The four readers of the cut demo, naive ones first. */
export const CUT_READERS: readonly CutReader[] = [
  { id: 'decodeEach', label: 'readDecodingEachPiece', read: readDecodingEachPiece, readPieces: decodingEachPiece },
  { id: 'parseEach', label: 'readParsingEachPiece', read: readParsingEachPiece, readPieces: parsingEachPiece },
  { id: 'page', label: 'readPageStream', read: readPageStreamResult, readPieces: pageOverPieces },
  { id: 'standard', label: 'readStandardStream', read: readStandardStreamResult, readPieces: standardOverPieces },
];

/** The pieces of two reads cut after byte `cut` (an empty read is left out: the network sends none). */
export function piecesInTwo(bytes: Uint8Array, cut: number): Uint8Array[] {
  return [bytes.subarray(0, cut), bytes.subarray(cut)].filter((piece) => piece.byteLength > 0);
}

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

export const CUT_STREAMS: readonly CutStream[] = [
  { id: 'lf', label: 'LF', stream: IMPROVISATION_STREAM_743, bytes: new TextEncoder().encode(IMPROVISATION_STREAM_743) },
  { id: 'crlf', label: 'CRLF', stream: IMPROVISATION_STREAM_743_CRLF, bytes: new TextEncoder().encode(IMPROVISATION_STREAM_743_CRLF) },
];

/** A body that delivers the given pieces, one per read (empty pieces are skipped: the network sends none). */
export function bodyOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  const queue = pieces.filter((piece) => piece.byteLength > 0);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

/** The bytes in two reads, cut after byte `cut`. */
export function readInTwo(reader: StreamReader, bytes: Uint8Array, cut: number): Promise<StreamReadResult> {
  return reader(bodyOf([bytes.subarray(0, cut), bytes.subarray(cut)]));
}

/** The bytes in one read: the uncut result each reader is compared with. */
export function readWhole(reader: StreamReader, bytes: Uint8Array): Promise<StreamReadResult> {
  return reader(bodyOf([bytes]));
}

/** The bytes one at a time. */
export function readByteByByte(reader: StreamReader, bytes: Uint8Array): Promise<StreamReadResult> {
  const pieces: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i++) pieces.push(bytes.subarray(i, i + 1));
  return reader(bodyOf(pieces));
}

export function sameResult(a: StreamReadResult, b: StreamReadResult): boolean {
  return a.text === b.text && a.done === b.done && a.error === b.error;
}

// ---------------------------------------------------------------------------------------------
// Where a cut falls

/**
 * The kinds of place a cut can fall, for the stream's bytes: at its start or end; between two
 * events; inside a multi-byte character; between the CR and the LF of one line end; between the
 * last line of an event and the blank line that ends it (inside `\n\n`); between two lines of one
 * event; inside a `data:` field name; inside a line's value.
 */
export type CutKind = 'start' | 'end' | 'between' | 'char' | 'crlf' | 'blank' | 'line' | 'field' | 'data';

export interface CutPlace {
  at: number;
  kind: CutKind;
  /** For `char`: the character cut, its size in bytes, and how many of its bytes come before the cut. */
  char?: string;
  charBytes?: number;
  bytesBefore?: number;
  /** For `crlf`: true when that CR LF is the blank line that ends the event, false when it ends a line of data. */
  closing?: boolean;
  /** The event the cut falls in (1-based), or, between two events, the one that ends at the cut. */
  event: number;
  /** True when that event is `data: [DONE]`. */
  inDone: boolean;
}

const LF = 10;
const CR = 13;

const isContinuation = (byte: number | undefined): boolean => byte !== undefined && (byte & 0xc0) === 0x80;

/** The length of a UTF-8 sequence from its lead byte (1 for ASCII and for invalid leads). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf7) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

interface LineInfo {
  start: number; // first byte of the line
  end: number; // first byte of its line end
  next: number; // first byte after its line end
}

/** The structure of a stream's bytes: its lines and, for each, the event it belongs to. */
export interface StreamMap {
  bytes: Uint8Array;
  lines: LineInfo[];
  /** Byte offsets where an event ends (just after the blank line's line end). */
  eventEnds: number[];
  /** For each event, whether its data is `[DONE]`. */
  doneEvents: boolean[];
}

export function mapStream(bytes: Uint8Array): StreamMap {
  const lines: LineInfo[] = [];
  const eventEnds: number[] = [];
  const doneEvents: boolean[] = [];
  const text = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
  let start = 0;
  let eventHasLines = false;
  let eventIsDone = false;
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte !== LF && byte !== CR) {
      i++;
      continue;
    }
    const next = byte === CR && bytes[i + 1] === LF ? i + 2 : i + 1;
    lines.push({ start, end: i, next });
    if (i === start) {
      if (eventHasLines) {
        eventEnds.push(next);
        doneEvents.push(eventIsDone);
      }
      eventHasLines = false;
      eventIsDone = false;
    } else {
      if (!eventHasLines) eventIsDone = text(start, i) === 'data: [DONE]';
      eventHasLines = true;
    }
    start = next;
    i = next;
  }
  if (start < bytes.length) lines.push({ start, end: bytes.length, next: bytes.length });
  if (eventHasLines || start < bytes.length) doneEvents.push(eventIsDone);
  return { bytes, lines, eventEnds, doneEvents };
}

/** Where the cut after byte `at` falls in the mapped stream. */
export function describeCut(map: StreamMap, at: number): CutPlace {
  const { bytes, lines, eventEnds, doneEvents } = map;
  const n = bytes.length;
  let event = 0;
  while (event < eventEnds.length && eventEnds[event]! < at) event++;
  const place = (kind: CutKind, extra: Partial<CutPlace> = {}): CutPlace => ({
    at,
    kind,
    event: Math.min(event, Math.max(doneEvents.length - 1, 0)) + 1,
    inDone: doneEvents[event] ?? false,
    ...extra,
  });
  if (at <= 0) return { ...place('start'), event: 0, inDone: false };
  if (at >= n) return { ...place('end'), event: doneEvents.length, inDone: false };
  if (eventEnds.includes(at)) return place('between');
  if (isContinuation(bytes[at])) {
    let lead = at - 1;
    while (lead > 0 && isContinuation(bytes[lead])) lead--;
    const size = sequenceLength(bytes[lead]!);
    const char = new TextDecoder().decode(bytes.subarray(lead, lead + size));
    return place('char', { char, charBytes: size, bytesBefore: at - lead });
  }
  if (bytes[at - 1] === CR && bytes[at] === LF) {
    const ended = lines.find((l) => l.end === at - 1);
    return place('crlf', { closing: ended !== undefined && ended.start === ended.end });
  }
  const line = lines.find((l) => at >= l.start && at < l.next);
  if (line && at === line.start) {
    // Just after a line end: the next line is the blank one that ends the event, or another line.
    return place(bytes[at] === LF || bytes[at] === CR ? 'blank' : 'line');
  }
  if (line && at < line.end) {
    const head = new TextDecoder().decode(bytes.subarray(line.start, Math.min(line.start + 6, line.end)));
    if (head.startsWith('data:') && at - line.start <= 5) return place('field');
    if (head === 'data: ' && at - line.start === 6) return place('field');
    return place('data');
  }
  return place('data');
}

/** The text on either side of a cut, in whole characters; a character the cut splits is given apart, with its bytes. */
export interface CutContext {
  before: string;
  /** The character the cut splits, if any, with its bytes in hex before and after the cut. */
  split: { char: string; hexBefore: string; hexAfter: string } | null;
  after: string;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

export function cutContext(bytes: Uint8Array, at: number, span = 12): CutContext {
  const n = bytes.length;
  let splitStart = at;
  while (splitStart > 0 && splitStart < n && isContinuation(bytes[splitStart])) splitStart--;
  let splitEnd = at;
  if (splitStart < at) splitEnd = Math.min(n, splitStart + sequenceLength(bytes[splitStart]!));
  const decoder = new TextDecoder();
  // Whole characters: back up and forward by bytes, then trim to `span` characters.
  const beforeText = decoder.decode(bytes.subarray(Math.max(0, splitStart - span * 4), splitStart));
  const afterText = decoder.decode(bytes.subarray(splitEnd, Math.min(n, splitEnd + span * 4)));
  const beforeChars = Array.from(beforeText.replace(/^\uFFFD+/, ''));
  const afterChars = Array.from(afterText.replace(/\uFFFD+$/, ''));
  return {
    before: beforeChars.slice(-span).join(''),
    split:
      splitStart < at
        ? { char: decoder.decode(bytes.subarray(splitStart, splitEnd)), hexBefore: hex(bytes.subarray(splitStart, at)), hexAfter: hex(bytes.subarray(at, splitEnd)) }
        : null,
    after: afterChars.slice(0, span).join(''),
  };
}

// ---------------------------------------------------------------------------------------------
// Scanning every cut

export interface CutBreak {
  place: CutPlace;
  got: StreamReadResult;
}

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
  return { reader: reader.id, label: reader.label, cuts: bytes.length + 1, uncut, breaking, byKind, first, firstOfEachKind };
}

/** The scan for every reader of the cut demo. */
export function scanEveryReader(bytes: Uint8Array, firstFew = 5): CutScan[] {
  return CUT_READERS.map((reader) => scanCuts(bytes, reader, firstFew));
}

/** Where two texts first differ, with a few characters of each from there; null when equal. */
export function firstDifference(expected: string, got: string, span = 16): { at: number; expected: string; got: string } | null {
  if (expected === got) return null;
  let at = 0;
  const max = Math.min(expected.length, got.length);
  while (at < max && expected.charCodeAt(at) === got.charCodeAt(at)) at++;
  return { at, expected: expected.slice(at, at + span), got: got.slice(at, at + span) };
}
