// The computations of the reader playground and the writer × reader demo, as the worker runs them:
// lessons-code called, then trimmed to what a page shows so that posting the result back is cheap.

import {
  READERS,
  SPLITS,
  WRITERS,
  runPair,
  traceStandard,
  type LineEnd,
  type StandardEvent,
  type StandardTrace,
  type TraceTag,
} from '../../../lessons-code/index.ts';
import { clipDiff, diffText, type ShownDiffPart } from './text-diff.ts';
import { lossReport, type LossReport } from './loss-report.ts';

/** How many lines and events a trace carries back, and how much of each. */
const SHOWN_LINES = 150;
const SHOWN_EVENTS = 50;
/** The most characters of event data a trace carries back, all events together. */
const SHOWN_EVENT_CHARS = 10_000;
const SHOWN_LINE_CHARS = 400;
const SHOWN_TEXT = 4000;

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

export interface TraceEventView {
  type: string;
  data: string;
  cut: number;
  lastEventId: string;
}

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

function cut(text: string, max: number): { text: string; cut: number } {
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
    const data = cut(event.data, Math.min(2000, budget));
    budget -= data.text.length;
    shown.push({
      type: cut(event.type, 200).text,
      data: data.text,
      cut: data.cut,
      lastEventId: cut(event.lastEventId, 200).text,
    });
  }
  return shown;
}

/** The standard reader's trace of a stream, as the page lists it. */
export function traceView(stream: string): TraceResult {
  return viewOfTrace(traceStandard(stream), stream.length);
}

/**
 * A trace already made, as the page lists it; `offset` is added to every line's number (the stream
 * inspector numbers the lines of what was pasted, an HTTP head before the body included).
 */
export function viewOfTrace(trace: StandardTrace, length: number, offset = 0): TraceResult {
  const counts: Partial<Record<TraceTag, number>> = {};
  let discardedLines = 0;
  for (const line of trace.lines) {
    counts[line.tag] = (counts[line.tag] ?? 0) + 1;
    if (line.discarded) discardedLines++;
  }
  return {
    length,
    bom: trace.bom,
    lineCount: trace.lines.length,
    lines: trace.lines.slice(0, SHOWN_LINES).map((line, i) => {
      const shown = cut(line.text, SHOWN_LINE_CHARS);
      return {
        n: i + 1 + offset,
        text: shown.text,
        cut: shown.cut,
        end: line.end,
        tag: line.tag,
        field: cut(line.field, 60).text,
        hadColon: line.hadColon,
        event: line.event,
        discarded: line.discarded,
      };
    }),
    eventCount: trace.events.length,
    events: shownEvents(trace.events),
    counts,
    discardedLines,
  };
}

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
  const got = cut(cell.got, SHOWN_TEXT);
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
