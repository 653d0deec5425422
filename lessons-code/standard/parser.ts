// A reader written from the HTML standard: WHATWG HTML §9.2.5 "Parsing an event stream" and
// §9.2.6 "Interpreting an event stream" (https://html.spec.whatwg.org/multipage/server-sent-events.html).
// The region `rules` is the standard's rules for one line, one branch per rule: the lesson page
// shows it. The rest cuts decoded text into lines without copying them: each line is looked at in
// place (its field name compared where it stands), and only the values the rules keep are copied.
// Measured against eventsource-parser by `npm run bench` (bench/read-standard-stream.ts).

import { expectFunction, expectString } from '../core/arguments.ts';

/** One event as the standard dispatches it. GA sends only `data`; the other fields are parsed all the same. */
export interface StandardEvent {
  /** The event type: `message` unless an `event:` field named another. */
  type: string;
  data: string;
  lastEventId: string;
}

/** What the parser did with one line: the rule of the standard that applied to it. */
export type LineRule =
  | 'data' // a data field: its value and a line feed join the data buffer
  | 'dispatch' // a blank line with data in the buffer: the event is dispatched
  | 'blank' // a blank line with an empty buffer: nothing is dispatched
  | 'comment' // starts with a colon
  | 'event' // sets the event type
  | 'id' // sets the last event ID (ignored if the value holds NUL)
  | 'retry' // sets the reconnection time (ignored unless all ASCII digits)
  | 'ignored'; // a field the standard does not know

/** Called for every complete line, after the standard's rule has been applied to it. */
export type LineObserver = (line: string, rule: LineRule, field: string, value: string, hadColon: boolean) => void;

const LF = 10;
const CR = 13;
const COLON = 58;
const SPACE = 32;

/**
 * The incremental parser behind every reader of the standard in the course. Feed it decoded text
 * in pieces of any size; it calls `onEvent` for every event a blank line dispatches. `end()` marks
 * the end of the stream: an unfinished line and an undispatched event are discarded.
 *
 * @example
 * ```ts
 * const parser = new StandardParser((event) => console.log(event.data));
 * parser.feed('data: he');
 * parser.feed('llo\n\n'); // prints "hello": the piece boundary does not matter
 * parser.end();
 * ```
 */
export class StandardParser {
  /** Milliseconds from the last valid `retry` field, or null when none came. */
  reconnectionTime: number | null = null;
  private partial = ''; // the start of a line whose end has not arrived yet
  private afterCR = false; // the last piece ended with CR: an LF opening the next one belongs to it
  // The data buffer. The standard appends each value and an LF, then drops the last LF when it
  // dispatches; keeping the values joined by LF (and a flag for "not empty") is the same buffer.
  private data = '';
  private hasData = false;
  private type = '';
  private idBuffer = '';
  private lastEventId = '';
  private dispatched = ''; // the data of the last event, for the line observer
  private readonly onEvent: (event: StandardEvent) => void;
  private readonly onLine: LineObserver | undefined;

  constructor(onEvent: (event: StandardEvent) => void, onLine?: LineObserver) {
    expectFunction(onEvent, 'StandardParser', 'onEvent');
    if (onLine !== undefined) expectFunction(onLine, 'StandardParser', 'onLine');
    this.onEvent = onEvent;
    this.onLine = onLine;
  }

  feed(text: string): void {
    expectString(text, 'StandardParser.feed', 'text');
    const n = text.length;
    if (n === 0) return;
    let pos = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (text.charCodeAt(0) === LF) pos = 1;
    }
    let nextCR = text.indexOf('\r', pos); // -1 when only LF ends lines in this piece
    if (this.partial !== '') {
      // First the line the last piece left open.
      let end = text.indexOf('\n', pos);
      if (nextCR !== -1 && (end === -1 || nextCR < end)) end = nextCR;
      if (end === -1) {
        this.partial += text.slice(pos);
        return;
      }
      const line = this.partial + text.slice(pos, end);
      this.partial = '';
      this.take(line, 0, line.length);
      pos = this.after(text, end);
      if (nextCR !== -1 && nextCR < pos) nextCR = text.indexOf('\r', pos);
    }
    if (nextCR === -1) {
      // Only LF ends lines here: one search per line, none for a blank line (the LF right where it starts).
      for (let end = text.indexOf('\n', pos); end !== -1; ) {
        this.take(text, pos, end);
        pos = end + 1;
        end = pos < n && text.charCodeAt(pos) === LF ? pos : text.indexOf('\n', pos);
      }
    } else {
      // CRLF, LF and CR all end a line: the nearer of the next CR and the next LF.
      let nextLF = text.indexOf('\n', pos);
      while (nextLF !== -1 || nextCR !== -1) {
        const end = nextCR === -1 || (nextLF !== -1 && nextLF < nextCR) ? nextLF : nextCR;
        this.take(text, pos, end);
        pos = this.after(text, end);
        if (nextLF !== -1 && nextLF < pos) nextLF = text.indexOf('\n', pos);
        if (nextCR !== -1 && nextCR < pos) nextCR = text.indexOf('\r', pos);
      }
    }
    if (pos < n) this.partial = text.slice(pos);
  }

  /** The end of the stream: whatever is pending is discarded (§9.2.6, last paragraph). */
  end(): { discardedLine: string; discardedData: string } {
    const discarded = { discardedLine: this.partial, discardedData: this.hasData ? this.data + '\n' : '' };
    this.partial = '';
    this.afterCR = false;
    this.data = '';
    this.hasData = false;
    this.type = '';
    return discarded;
  }

  /** Where the next line starts after the line end at `end`; a CR ending the piece may pair with an LF to come. */
  private after(text: string, end: number): number {
    if (text.charCodeAt(end) !== CR) return end + 1;
    if (end + 1 === text.length) this.afterCR = true;
    return text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
  }

  private take(text: string, start: number, end: number): void {
    const rule = this.processLine(text, start, end);
    if (this.onLine !== undefined) this.observe(text.slice(start, end), rule);
  }

  private observe(line: string, rule: LineRule): void {
    const colon = line.indexOf(':');
    if (rule === 'dispatch') this.onLine!(line, rule, '', this.dispatched, false);
    else if (rule === 'blank') this.onLine!(line, rule, '', '', false);
    else if (rule === 'comment') this.onLine!(line, rule, '', line.slice(1), true);
    else if (colon === -1) this.onLine!(line, rule, line, '', false);
    else this.onLine!(line, rule, line.slice(0, colon), valueAfter(line, colon, line.length), true);
  }

  // #region rules
  // §9.2.6, https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
  /** One line, `text` from `start` to `end` without its line end, and the rule that applies to it. */
  private processLine(text: string, start: number, end: number): LineRule {
    // A blank line dispatches the event.
    if (start === end) return this.dispatch();
    // A line that starts with a colon is a comment.
    if (text.charCodeAt(start) === COLON) return 'comment';
    // Any other line is a field: its name runs to the first colon (or the end of the line),
    // its value follows the colon, less one leading space. Unknown fields are ignored.
    if (isField(text, start, end, 'data')) {
      const value = valueAfter(text, start + 4, end);
      this.data = this.hasData ? this.data + '\n' + value : value;
      this.hasData = true;
      return 'data';
    }
    if (isField(text, start, end, 'event')) {
      this.type = valueAfter(text, start + 5, end);
      return 'event';
    }
    if (isField(text, start, end, 'id')) {
      const value = valueAfter(text, start + 2, end);
      if (!value.includes('\0')) this.idBuffer = value;
      return 'id';
    }
    if (isField(text, start, end, 'retry')) {
      const value = valueAfter(text, start + 5, end);
      if (/^[0-9]+$/.test(value)) this.reconnectionTime = Number(value);
      return 'retry';
    }
    return 'ignored';
  }

  /** A blank line: the buffer, if not empty, goes out as one event of the type named (or `message`). */
  private dispatch(): LineRule {
    this.lastEventId = this.idBuffer;
    const type = this.type === '' ? 'message' : this.type;
    this.type = '';
    if (!this.hasData) return 'blank';
    const data = this.data; // the buffer without its last line feed
    this.data = '';
    this.hasData = false;
    this.dispatched = data; // what a line observer is told the event held
    this.onEvent({ type, data, lastEventId: this.lastEventId });
    return 'dispatch';
  }
}

/** Whether the line from `start` is the field `name` (compared in place): the name, then a colon or the line's end. */
function isField(text: string, start: number, end: number, name: string): boolean {
  const after = start + name.length;
  if (after > end || (after < end && text.charCodeAt(after) !== COLON)) return false;
  return name === 'data' ? startsWithData(text, start) : text.startsWith(name, start);
}

/** The value after the colon at `colon`, less one leading space; empty when the line has no colon. */
function valueAfter(text: string, colon: number, end: number): string {
  if (colon >= end) return '';
  const from = text.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1;
  return from >= end ? '' : text.slice(from, end);
}
// #endregion rules

// The letters of `data` as character codes, for isField.
const LETTER_A = 97;
const LETTER_D = 100;
const LETTER_T = 116;

/** Whether `data` stands at `start`, compared letter by letter: `data` comes on nearly every line. */
function startsWithData(text: string, start: number): boolean {
  return (
    text.charCodeAt(start) === LETTER_D &&
    text.charCodeAt(start + 1) === LETTER_A &&
    text.charCodeAt(start + 2) === LETTER_T &&
    text.charCodeAt(start + 3) === LETTER_A
  );
}

const BOM = '\uFEFF';

/**
 * Every event the standard dispatches from a whole stream, with its type and last event ID.
 *
 * @example
 * ```ts
 * readStandardEvents('event: ping\nid: 7\ndata: x\n\n'); // [{ type: 'ping', data: 'x', lastEventId: '7' }]
 * ```
 */
export function readStandardEvents(stream: string): StandardEvent[] {
  expectString(stream, 'readStandardEvents', 'stream');
  const events: StandardEvent[] = [];
  const parser = new StandardParser((event) => events.push(event));
  // The UTF-8 decode the standard asks for removes one leading byte order mark, and only one.
  parser.feed(stream.startsWith(BOM) ? stream.slice(1) : stream);
  parser.end();
  return events;
}

/**
 * The data of every event the HTML standard dispatches from a whole stream, in order (WHATWG HTML
 * §9.2.6): `data:` lines joined with LF, comments and unknown fields ignored, an event left without
 * its blank line at the end discarded.
 *
 * @example
 * ```ts
 * readStandard('data: a\ndata: b\n\ndata: [DONE]\n\n'); // ['a\nb', '[DONE]']
 * ```
 */
export function readStandard(stream: string): string[] {
  expectString(stream, 'readStandard', 'stream');
  return readStandardEvents(stream).map((event) => event.data);
}
