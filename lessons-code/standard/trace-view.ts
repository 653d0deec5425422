// The standard reader's trace as a page lists it: the first lines and events, each cut to a length a
// page can show, and the counts of the whole stream, so that a worker can post it back cheaply. The
// reader playground, the writer × reader demo and the stream inspector show their traces this way.

import { expectNumber, expectObject, expectString } from '../core/arguments.ts';
import type { StandardEvent } from './parser.ts';
import { traceStandard, type LineEnd, type StandardTrace, type TraceTag, type TracedLine } from './trace.ts';

/** How many lines and events a trace carries back, and how much of each. */
const SHOWN_LINES = 150;
const SHOWN_EVENTS = 50;
/** The most characters of event data a trace carries back, all events together. */
const SHOWN_EVENT_CHARS = 10_000;
const SHOWN_LINE_CHARS = 400;

/** One line of a trace as a page lists it: its text cut to a length a page shows, its rule and its event. */
export interface TraceLineView {
  /** 1-based line number in the stream. */
  n: number;
  text: string;
  /** Characters left out at the end of a long line. */
  cut: number;
  end: LineEnd;
  tag: TraceTag;
  field: string;
  hadColon: boolean;
  event: number | null;
  discarded: boolean;
}

/** One dispatched event as a page lists it: its type, its data cut, its last event id. */
export interface TraceEventView {
  type: string;
  data: string;
  cut: number;
  lastEventId: string;
}

/** A trace as a page lists it: the first lines and events, and the counts of the whole stream. */
export interface TraceResult {
  length: number;
  bom: boolean;
  lineCount: number;
  lines: TraceLineView[];
  eventCount: number;
  events: TraceEventView[];
  /** Lines of each tag in the whole stream. */
  counts: Partial<Record<TraceTag, number>>;
  discardedLines: number;
}

/** `text` cut to at most `max` characters, never inside a surrogate pair, with how many were left out. */
export function cutText(text: string, max: number): { text: string; cut: number } {
  expectString(text, 'cutText', 'text');
  expectNumber(max, 'cutText', 'max');
  if (text.length <= max) return { text, cut: 0 };
  // never end inside a surrogate pair
  const at = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return { text: text.slice(0, at), cut: text.length - at };
}

/** The first events, their data cut so that all of them together stay under SHOWN_EVENT_CHARS. */
function shownEvents(events: readonly StandardEvent[]): TraceEventView[] {
  const shown: TraceEventView[] = [];
  let budget = SHOWN_EVENT_CHARS;
  for (const event of events) {
    if (shown.length === SHOWN_EVENTS || budget <= 0) break;
    const data = cutText(event.data, Math.min(2000, budget));
    budget -= data.text.length;
    shown.push({
      type: cutText(event.type, 200).text,
      data: data.text,
      cut: data.cut,
      lastEventId: cutText(event.lastEventId, 200).text,
    });
  }
  return shown;
}

/** The standard reader's trace of a stream, as the page lists it. */
export function traceView(stream: string): TraceResult {
  expectString(stream, 'traceView', 'stream');
  return viewOfTrace(traceStandard(stream), stream.length);
}

/**
 * A trace already made, as the page lists it; `offset` is added to every line's number (the stream
 * inspector numbers the lines of what was pasted, an HTTP head before the body included).
 */
export function viewOfTrace(trace: StandardTrace, length: number, offset = 0): TraceResult {
  expectObject(trace, 'viewOfTrace', 'trace');
  expectNumber(length, 'viewOfTrace', 'length');
  const counts: Partial<Record<TraceTag, number>> = {};
  let discardedLines = 0;
  for (const line of trace.lines) {
    counts[line.tag] = (counts[line.tag] ?? 0) + 1;
    if (line.discarded) discardedLines++;
  }
  return viewOfParts(
    {
      length,
      bom: trace.bom,
      lineCount: trace.lines.length,
      first: trace.lines,
      eventCount: trace.events.length,
      firstEvents: trace.events,
      counts,
      discardedLines,
    },
    offset,
  );
}

/**
 * A trace as the page lists it, from its parts: its first lines and events (more may be given: only
 * the first are shown) and the counts of the whole stream, for a reader that keeps no record of
 * every line (the stream inspector, lessons-code/inspect/lines.ts).
 */
export function viewOfParts(
  parts: {
    length: number;
    bom: boolean;
    lineCount: number;
    first: readonly TracedLine[];
    eventCount: number;
    firstEvents: readonly StandardEvent[];
    counts: Partial<Record<TraceTag, number>>;
    discardedLines: number;
  },
  offset = 0,
): TraceResult {
  return {
    length: parts.length,
    bom: parts.bom,
    lineCount: parts.lineCount,
    lines: parts.first.slice(0, SHOWN_LINES).map((line, i) => {
      const shown = cutText(line.text, SHOWN_LINE_CHARS);
      return {
        n: i + 1 + offset,
        text: shown.text,
        cut: shown.cut,
        end: line.end,
        tag: line.tag,
        field: cutText(line.field, 60).text,
        hadColon: line.hadColon,
        event: line.event,
        discarded: line.discarded,
      };
    }),
    eventCount: parts.eventCount,
    events: shownEvents(parts.firstEvents),
    counts: { ...parts.counts },
    discardedLines: parts.discardedLines,
  };
}
