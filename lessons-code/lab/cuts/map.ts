// Where a cut falls in a stream's bytes: at an event boundary, inside a character, between CR and
// LF, inside a field name or a value; and the text on either side of it.

import { expectBytes, expectNumber, expectObject } from '../../core/arguments.ts';

/**
 * The kinds of place a cut can fall, for the stream's bytes: at its start or end; between two
 * events; inside a multi-byte character; between the CR and the LF of one line end; between the
 * last line of an event and the blank line that ends it (inside `\n\n`); between two lines of one
 * event; inside a `data:` field name; inside a line's value.
 */
export type CutKind = 'start' | 'end' | 'between' | 'char' | 'crlf' | 'blank' | 'line' | 'field' | 'data';

/** Where a cut falls in a stream: its byte offset and what it lands in. */
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

/** The lines, events and characters of a stream's bytes, mapped once so that any cut can be placed. */
export function mapStream(bytes: Uint8Array): StreamMap {
  expectBytes(bytes, 'mapStream', 'bytes');
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
  expectObject(map, 'describeCut', 'map');
  expectNumber(at, 'describeCut', 'at');
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

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');

/**
 * The bytes around a cut, as the demos show them: the text before and after, and the character the
 * cut splits, if any, with its bytes in hexadecimal on each side.
 *
 * @param at - The cut's byte offset.
 * @param span - How many characters to show on each side.
 *
 * @example
 * ```ts
 * cutContext(new TextEncoder().encode('data: héllo\n\n'), 8, 4);
 * // { before: 'a: h', split: { char: 'é', hexBefore: 'C3', hexAfter: 'A9' }, after: 'llo\n' }
 * ```
 */
export function cutContext(bytes: Uint8Array, at: number, span = 12): CutContext {
  expectBytes(bytes, 'cutContext', 'bytes');
  expectNumber(at, 'cutContext', 'at');
  expectNumber(span, 'cutContext', 'span');
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
        ? {
            char: decoder.decode(bytes.subarray(splitStart, splitEnd)),
            hexBefore: hex(bytes.subarray(splitStart, at)),
            hexAfter: hex(bytes.subarray(at, splitEnd)),
          }
        : null,
    after: afterChars.slice(0, span).join(''),
  };
}
