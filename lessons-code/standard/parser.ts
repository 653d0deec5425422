// A reader written from the HTML standard: WHATWG HTML §9.2.5 "Parsing an event stream" and
// §9.2.6 "Interpreting an event stream" (https://html.spec.whatwg.org/multipage/server-sent-events.html).

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

/**
 * The incremental parser behind both readers. Feed it decoded text in pieces of any size; it
 * calls `onEvent` for every event a blank line dispatches. `end()` marks the end of the stream:
 * an unfinished line and an undispatched event are discarded, as the standard says.
 */
export class StandardParser {
  private partial = ''; // the start of a line whose end has not arrived yet
  private afterCR = false; // the last piece ended with CR: an LF opening the next one belongs to it
  // The data buffer. The standard appends each value and an LF, then drops the last LF when it
  // dispatches; keeping the values joined by LF (and a flag for "not empty") is the same buffer
  // without copying every event once more at dispatch.
  private data = '';
  private hasData = false;
  private type = '';
  private idBuffer = '';
  private lastEventId = '';
  /** Milliseconds from the last valid `retry` field, or null when none came. */
  reconnectionTime: number | null = null;
  private readonly onEvent: (event: StandardEvent) => void;
  private readonly onLine: LineObserver | undefined;

  constructor(onEvent: (event: StandardEvent) => void, onLine?: LineObserver) {
    this.onEvent = onEvent;
    this.onLine = onLine;
  }

  feed(text: string): void {
    const n = text.length;
    if (n === 0) return;
    let pos = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (text.charCodeAt(0) === LF) pos = 1;
    }
    // The next CR and LF at or after pos; -1 when there is none left in this piece.
    let nextLF = text.indexOf('\n', pos);
    let nextCR = text.indexOf('\r', pos);
    while (nextLF !== -1 || nextCR !== -1) {
      const end = nextCR === -1 ? nextLF : nextLF === -1 ? nextCR : Math.min(nextLF, nextCR);
      let line = text.slice(pos, end);
      if (this.partial !== '') {
        line = this.partial + line;
        this.partial = '';
      }
      if (text.charCodeAt(end) === CR) {
        if (end + 1 === n) {
          this.afterCR = true;
          pos = n;
        } else {
          pos = text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
        }
      } else {
        pos = end + 1;
      }
      this.processLine(line);
      if (nextLF < pos && nextLF !== -1) nextLF = text.indexOf('\n', pos);
      if (nextCR < pos && nextCR !== -1) nextCR = text.indexOf('\r', pos);
    }
    if (pos < n) this.partial = this.partial === '' ? text.slice(pos) : this.partial + text.slice(pos);
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

  private processLine(line: string): void {
    if (line.length === 0) {
      this.dispatch(line);
      return;
    }
    if (line.charCodeAt(0) === 58 /* : */) {
      this.onLine?.(line, 'comment', '', line.slice(1), true);
      return;
    }
    const colon = line.indexOf(':');
    let field: string;
    let value: string;
    if (colon === -1) {
      field = line;
      value = '';
    } else {
      field = line.slice(0, colon);
      // Collect the value after the colon; one space right after it is dropped, no more.
      value = line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
    }
    let rule: LineRule;
    switch (field) {
      case 'data':
        this.data = this.hasData ? this.data + '\n' + value : value;
        this.hasData = true;
        rule = 'data';
        break;
      case 'event':
        this.type = value;
        rule = 'event';
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        rule = 'id';
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.reconnectionTime = Number(value);
        rule = 'retry';
        break;
      default:
        rule = 'ignored';
    }
    this.onLine?.(line, rule, field, value, colon !== -1);
  }

  private dispatch(line: string): void {
    this.lastEventId = this.idBuffer;
    if (!this.hasData) {
      this.type = '';
      this.onLine?.(line, 'blank', '', '', false);
      return;
    }
    const data = this.data; // the buffer without its last line feed
    const type = this.type === '' ? 'message' : this.type;
    this.data = '';
    this.hasData = false;
    this.type = '';
    this.onLine?.(line, 'dispatch', '', data, false);
    this.onEvent({ type, data, lastEventId: this.lastEventId });
  }
}

const BOM = '\uFEFF';

/** Every event the standard dispatches from a whole stream, with its type and last event ID. */
export function readStandardEvents(stream: string): StandardEvent[] {
  const events: StandardEvent[] = [];
  const parser = new StandardParser((event) => events.push(event));
  // The UTF-8 decode the standard asks for removes one leading byte order mark, and only one.
  parser.feed(stream.startsWith(BOM) ? stream.slice(1) : stream);
  parser.end();
  return events;
}

/** The data of every event the HTML standard dispatches from a whole stream, in order. */
export function readStandard(stream: string): string[] {
  return readStandardEvents(stream).map((event) => event.data);
}
