// The standard reader, line by line: which of the lesson's five rules each line of a stream met.
// It runs StandardParser itself (through its LineObserver), so the rules live in one place only;
// this module adds where each line sits in the stream, how it ended, and what the end of the
// stream threw away.

import { StandardParser, type LineRule, type StandardEvent } from './parser.ts';
import { expectObject, expectString } from '../core/arguments.ts';

/**
 * What happened to one line:
 * - a rule of the parser (`data`, `dispatch`, `blank`, `comment`, `event`, `id`, `retry`, `ignored`);
 * - `no-colon`: a line with no colon whose name is no known field, so a field with an empty value
 *   that the standard ignores (the lesson's "line taken for a field name");
 * - `unfinished`: the last line, with no line end: never read, discarded at the end of the stream.
 */
export type TraceTag = LineRule | 'no-colon' | 'unfinished';

/** How a line ended in the stream: CRLF, LF, CR, or nothing (the stream stopped inside it). */
export type LineEnd = '\r\n' | '\n' | '\r' | '';

/** One line of a stream as the standard reader met it: where it lies, how it ended, the rule that applied. */
export interface TracedLine {
  /** Offset of the line's first character in the stream (UTF-16 code units). */
  start: number;
  /** The line without its line end. */
  text: string;
  end: LineEnd;
  tag: TraceTag;
  /** The field name (`''` for blank lines and comments). */
  field: string;
  /** The field's value as the standard collected it (for a dispatch: the event's data). */
  value: string;
  /** Whether the line had a colon; a field with no colon has an empty value. */
  hadColon: boolean;
  /**
   * For `data` and `event` lines and for the blank line that dispatched: the index of the event
   * they went into. `null` when no event came of the line.
   */
  event: number | null;
  /** Part of an event no blank line ended, thrown away at the end of the stream (rule 5). */
  discarded: boolean;
}

/** What traceStandard reports for a whole stream: every line with its rule, and the events. */
export interface StandardTrace {
  lines: TracedLine[];
  /** The events the standard dispatches: always equal to readStandardEvents(stream). */
  events: StandardEvent[];
  /** The stream began with a byte order mark, which the decoder dropped. */
  bom: boolean;
  /** The data of the event the end of the stream discarded (`''` when none was pending). */
  discardedData: string;
}

const BOM = '\uFEFF';

/** Runs the standard reader on a whole stream and reports, line by line, the rule that applied. */
export function traceStandard(stream: string): StandardTrace {
  expectString(stream, 'traceStandard', 'stream');
  const bom = stream.startsWith(BOM);
  const text = bom ? stream.slice(1) : stream;
  const lines: TracedLine[] = [];
  const events: StandardEvent[] = [];
  let at = 0; // where the next line starts in `text`
  let pendingFrom = 0; // index in `lines` of the first line since the last blank line

  const parser = new StandardParser(
    (event) => events.push(event),
    (line, rule, field, value, hadColon) => {
      // Lines come in order and whole, so each one starts where the previous one's end stopped.
      const endAt = at + line.length;
      const end: LineEnd = text.charCodeAt(endAt) === 13 ? (text.charCodeAt(endAt + 1) === 10 ? '\r\n' : '\r') : '\n';
      const tag: TraceTag = rule === 'ignored' && !hadColon ? 'no-colon' : rule;
      lines.push({
        start: at + (bom ? 1 : 0),
        text: line,
        end,
        tag,
        field,
        value,
        hadColon,
        event: null,
        discarded: false,
      });
      at = endAt + end.length;
      if (rule === 'dispatch' || rule === 'blank') {
        if (rule === 'dispatch') {
          // The observer hears of a line after its rule ran: the event is already in the list.
          const index = events.length - 1;
          for (let i = pendingFrom; i < lines.length; i++) {
            const l = lines[i]!;
            if (l.tag === 'data' || l.tag === 'event' || l.tag === 'dispatch') l.event = index;
          }
        }
        pendingFrom = lines.length;
      }
    },
  );
  parser.feed(text);
  const { discardedLine, discardedData } = parser.end();
  if (discardedData !== '') {
    for (let i = pendingFrom; i < lines.length; i++) {
      const l = lines[i]!;
      if (l.tag === 'data' || l.tag === 'event') l.discarded = true;
    }
  }
  if (discardedLine !== '') {
    lines.push({
      start: at + (bom ? 1 : 0),
      text: discardedLine,
      end: '',
      tag: 'unfinished',
      field: '',
      value: '',
      hadColon: discardedLine.includes(':'),
      event: null,
      discarded: true,
    });
  }
  return { lines, events, bom, discardedData };
}

/** A line that the standard takes for a field name: not blank, not a comment, no colon, unknown. */
export function isFieldNameLine(line: TracedLine): boolean {
  expectObject(line, 'isFieldNameLine', 'line');
  return line.tag === 'no-colon';
}
