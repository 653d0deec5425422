// A body read once by the standard's parser (standard/parser.ts, through its line observer), kept
// as the inspector needs it: the events with their data parsed as JSON once, and the lines as counts
// and as the numbers of the lines a finding points at. Only the first lines are kept whole, as
// traceStandard (standard/trace.ts) gives them, for the page's list: a body of 500,000 short events
// holds a million lines, and one record per line is most of the memory and the time of reading it.
// Where a line ends, what its rule was, which event it went into and what the end of the stream threw
// away follow traceStandard's rules exactly; test/unit/lessons-code/inspect/ compares the two.

import { StandardParser, type StandardEvent } from '../standard/parser.ts';
import type { LineEnd, TraceTag, TracedLine } from '../standard/trace.ts';
import { JsonTooDeep, nestsTooDeep } from './depth.ts';

/** How many lines are kept whole, and events as the standard gave them (what the page lists). */
const KEPT_LINES = 150;
const KEPT_EVENTS = 50;
/** The most `id:` and `retry:` values kept. */
const KEPT_FIELDS = 5;

/** A field's value and the line it is on (a number in the input). */
export interface FieldValue {
  line: number;
  value: string;
}

/** One dispatched event, where it stands in the input and what its data is. */
export interface InspectedEvent {
  index: number;
  /** The event type (`message` unless an `event:` line named another). */
  type: string;
  data: string;
  /** The line of its first field, and the blank line that dispatched it (numbers in the input). */
  line: number;
  dispatchLine: number;
  /** The data parsed as JSON; undefined when it is not JSON. */
  payload: unknown;
}

/** The event the end of the stream threw away (rule 5), as far as the lines tell: its type, data and first line. */
export interface PendingLines {
  type: string;
  data: string;
  /** Its first data line, or the unfinished last line (a number in the input); 0 when there is none. */
  line: number;
  /** The last line, when the stream stopped inside it (no line end): its text. */
  unfinished: string | null;
}

/** A body as the inspector reads it. Every line number is one of the input's (`offset` added). */
export interface BodyLines {
  bom: boolean;
  lineCount: number;
  /** The first KEPT_LINES lines, as traceStandard gives them. */
  first: TracedLine[];
  /** Lines of each tag, and of each line end (the unfinished last line's end is ''). */
  tags: Partial<Record<TraceTag, number>>;
  ends: Record<LineEnd, number>;
  events: InspectedEvent[];
  /** The first KEPT_EVENTS events as the standard dispatched them (with their last event id). */
  firstEvents: StandardEvent[];
  /** The lines the end of the stream threw away (rule 5), the unfinished last line included. */
  discarded: number[];
  /** Lines ended by a lone CR. */
  loneCr: number[];
  comments: number[];
  /** Lines that hold U+FFFD, the decoder's replacement character. */
  replaced: number[];
  /** Lines the standard ignores as fields it does not know (findings.ts says which count). */
  unknownFields: number[];
  ids: FieldValue[];
  idCount: number;
  retries: FieldValue[];
  retryCount: number;
  pending: PendingLines;
}

/** Marks the data of an event whose JSON nests too deep (nestsTooDeep), told apart from data that is not JSON. */
const TOO_DEEP = Symbol('too deep');

/**
 * JSON text parsed, when it starts as an object or an array does; undefined otherwise or when it
 * does not parse; TOO_DEEP when it nests deeper than MAX_JSON_DEPTH.
 */
function parsed(data: string): unknown {
  // Past JSON's whitespace (space, tab, LF, CR): any other whitespace before it makes no JSON anyway.
  let i = 0;
  let start = data.charCodeAt(0);
  while (start === 32 || start === 9 || start === 10 || start === 13) start = data.charCodeAt(++i);
  if (start !== 123 /* { */ && start !== 91 /* [ */) return undefined;
  if (nestsTooDeep(data)) return TOO_DEEP;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

/** Whether a text is JSON. */
function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const BOM = '\uFEFF';

/**
 * Reads a body line by line as the standard does (traceStandard's rules), keeping what the
 * inspector needs. `offset`: the lines of the input before the body (an HTTP head). Throws
 * JsonTooDeep for an event whose JSON nests deeper than MAX_JSON_DEPTH.
 */
export function readLines(body: string, offset: number): BodyLines {
  const bom = body.startsWith(BOM);
  const text = bom ? body.slice(1) : body;
  const out: BodyLines = {
    bom,
    lineCount: 0,
    first: [],
    tags: {},
    ends: { '\n': 0, '\r\n': 0, '\r': 0, '': 0 },
    events: [],
    firstEvents: [],
    discarded: [],
    loneCr: [],
    comments: [],
    replaced: [],
    unknownFields: [],
    ids: [],
    idCount: 0,
    retries: [],
    retryCount: 0,
    pending: { type: 'message', data: '', line: 0, unfinished: null },
  };
  let at = 0; // where the next line starts in `text`
  // The lines since the last blank line: the data and event lines (numbers), those kept whole.
  const fieldLines: number[] = [];
  let firstData = 0;
  const keptInGroup: TracedLine[] = [];
  let eventType = 'message';
  // The lines since the last blank line, comments left out, for the fields the standard ignores: those
  // ignored, whether every line is ignored or unfinished (a body sent bare), and their texts while it is.
  const lost: number[] = [];
  let bare = true;
  const bareTexts: string[] = [];
  const closeGroup = () => {
    // One at a time: a group can hold a million lines, more than a call's arguments can.
    if (lost.length > 0) {
      if (!(bare && parses(bareTexts.join('\n')))) for (const n of lost) out.unknownFields.push(n);
      lost.length = 0;
    }
    // Emptied in place, and only when not empty: a body of short events has a group per event.
    bare = true;
    if (bareTexts.length > 0) bareTexts.length = 0;
  };
  const groupLine = (n: number, tag: TraceTag, line: string) => {
    const isLost = tag === 'ignored' || tag === 'no-colon';
    if (isLost) lost.push(n);
    if (!isLost && tag !== 'unfinished' && bare) {
      bare = false;
      bareTexts.length = 0;
    }
    if (bare) bareTexts.push(line);
  };
  const count = (n: number, line: string, tag: TraceTag, end: LineEnd) => {
    out.lineCount++;
    out.tags[tag] = (out.tags[tag] ?? 0) + 1;
    out.ends[end]++;
    if (end === '\r') out.loneCr.push(n);
    if (tag === 'comment') out.comments.push(n);
    if (line.includes('\uFFFD')) out.replaced.push(n);
  };

  const parser = new StandardParser(
    (event) => {
      const index = out.events.length;
      if (index < KEPT_EVENTS) out.firstEvents.push(event);
      // The observer hears of the blank line that dispatched it next: its line is filled in there.
      out.events.push({
        index,
        type: event.type,
        data: event.data,
        line: 0,
        dispatchLine: 0,
        payload: parsed(event.data),
      });
    },
    (line, rule, field, value, hadColon) => {
      // Lines come in order and whole, so each one starts where the previous one's end stopped.
      const endAt = at + line.length;
      const end: LineEnd = text.charCodeAt(endAt) === 13 ? (text.charCodeAt(endAt + 1) === 10 ? '\r\n' : '\r') : '\n';
      const tag: TraceTag = rule === 'ignored' && !hadColon ? 'no-colon' : rule;
      const n = out.lineCount + 1 + offset;
      if (out.first.length < KEPT_LINES) {
        const kept: TracedLine = {
          start: at + (bom ? 1 : 0),
          text: line,
          end,
          tag,
          field,
          value,
          hadColon,
          event: null,
          discarded: false,
        };
        out.first.push(kept);
        keptInGroup.push(kept);
      }
      count(n, line, tag, end);
      at = endAt + end.length;
      if (tag === 'data' || tag === 'event') fieldLines.push(n);
      if (tag === 'data' && firstData === 0) firstData = n;
      if (tag === 'event') eventType = value;
      else if (tag === 'id') {
        if (out.idCount++ < KEPT_FIELDS) out.ids.push({ line: n, value });
      } else if (tag === 'retry') {
        if (out.retryCount++ < KEPT_FIELDS) out.retries.push({ line: n, value });
      }
      if (tag !== 'comment' && tag !== 'blank' && tag !== 'dispatch') groupLine(n, tag, line);
      if (tag === 'dispatch' || tag === 'blank') {
        if (tag === 'dispatch') {
          const index = out.events.length - 1;
          const event = out.events[index]!;
          event.line = fieldLines[0] ?? n;
          event.dispatchLine = n;
          if (event.payload === TOO_DEEP) throw new JsonTooDeep(event.line);
          for (const l of keptInGroup)
            if (l.tag === 'data' || l.tag === 'event' || l.tag === 'dispatch') l.event = index;
        }
        closeGroup();
        if (fieldLines.length > 0) fieldLines.length = 0;
        if (keptInGroup.length > 0) keptInGroup.length = 0;
        firstData = 0;
        eventType = 'message';
      }
    },
  );
  parser.feed(text);
  const { discardedLine, discardedData } = parser.end();
  const pending = out.pending;
  if (discardedData !== '') {
    for (const n of fieldLines) out.discarded.push(n);
    for (const l of keptInGroup) if (l.tag === 'data' || l.tag === 'event') l.discarded = true;
    pending.type = eventType;
    pending.data = discardedData;
  }
  if (discardedLine !== '') {
    const n = out.lineCount + 1 + offset;
    const tag: TraceTag = 'unfinished';
    if (out.first.length < KEPT_LINES)
      out.first.push({
        start: at + (bom ? 1 : 0),
        text: discardedLine,
        end: '',
        tag,
        field: '',
        value: '',
        hadColon: discardedLine.includes(':'),
        event: null,
        discarded: true,
      });
    count(n, discardedLine, tag, '');
    out.discarded.push(n);
    groupLine(n, tag, discardedLine);
    pending.unfinished = discardedLine;
  }
  closeGroup();
  // The first discarded line that holds data: a data line, else the unfinished one.
  pending.line =
    discardedData !== '' && firstData !== 0 ? firstData : discardedLine !== '' ? out.lineCount + offset : 0;
  return out;
}
