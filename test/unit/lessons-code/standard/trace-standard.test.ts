import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  IMPROVISATION_ANSWER,
  readStandardEvents,
  splitPinned,
  traceStandard,
  writeGaApiEvent,
  writeGaChatbotEvent,
  type StandardTrace,
} from '../../../../lessons-code/index.ts';
import { SSE_FIXTURES } from './sse-fixtures.ts';
import { lessonStreams } from '../../helpers/streams.ts';

/**
 * The tag of every line of every fixture stream, in order; `!` marks a line discarded at the end
 * of the stream. Written by hand from the five rules, one entry per row of the fixture table.
 */
const EXPECTED_TAGS: Record<string, string> = {
  'LF line ends': 'data dispatch',
  'CRLF line ends': 'data dispatch',
  'CR line ends': 'data dispatch',
  'mixed line ends': 'data data data dispatch',
  'LF then CR is two line ends': 'data dispatch',
  'CR CR LF: blank line then one more': 'data dispatch data dispatch',
  'several data lines join with LF': 'data data dispatch',
  'one space after the colon is dropped, no more': 'data dispatch',
  'no space after the colon': 'data dispatch',
  'a tab is not the space': 'data dispatch',
  'trailing spaces are kept': 'data dispatch',
  'only the first colon separates': 'data dispatch',
  'empty data line gives an empty line of data': 'data dispatch',
  'data: alone gives an empty event': 'data dispatch',
  'two empty data lines give one LF': 'data data dispatch',
  'a data line with an empty value then text': 'data data dispatch',
  'field names are case-sensitive': 'ignored blank',
  'a space before the field name makes another field': 'ignored blank',
  'a space before the colon makes another field': 'ignored blank',
  'blank lines alone dispatch nothing': 'blank blank blank blank',
  'a blank line after dispatch dispatches nothing': 'data dispatch blank blank data dispatch',
  'event with only a comment dispatches nothing': 'comment blank',
  'comments are skipped': 'comment data comment dispatch',
  'a comment does not end an event': 'data comment data dispatch',
  'a line with no colon is a field with an empty value, ignored if unknown': 'data no-colon dispatch',
  'unknown fields are ignored': 'ignored data dispatch',
  'an unknown field alone dispatches nothing': 'ignored blank',
  'event sets the type': 'event data dispatch data dispatch',
  'an empty event field means message': 'event data dispatch',
  'the type resets when an empty buffer is dispatched': 'event blank data dispatch',
  'id sets the last event ID, kept for later events': 'id data dispatch data dispatch',
  'an id holding NUL is ignored': 'id data dispatch id data dispatch',
  'an empty id resets the last event ID': 'id data dispatch id data dispatch',
  'retry does not touch data': 'retry data dispatch',
  'a leading BOM is dropped': 'data dispatch',
  'only one leading BOM is dropped': 'ignored blank',
  'a BOM later in the stream is data': 'data dispatch',
  'an event with no blank line at the end is discarded': 'data!',
  'an unfinished last line is discarded': 'data dispatch unfinished!',
  'a stream ending in CR ends its line': 'data dispatch',
  'one line end is not enough': 'data!',
  'empty stream': '',
  'a blank line inside the text ends the event early': 'data dispatch no-colon blank',
  'GaApi writer on "a\\r\\nb": b becomes a field': 'data no-colon dispatch',
  'GaChatbot.Api writer on "a\\r\\nb"': 'data data dispatch',
  'non-ASCII text passes through': 'data dispatch',
  'NUL in data is kept': 'data dispatch',
};

const tagsOf = (trace: StandardTrace) => trace.lines.map((l) => l.tag + (l.discarded ? '!' : '')).join(' ');

/** What must hold for any stream: the trace is the stream, cut into lines, and the reader's events. */
function checkInvariants(stream: string): StandardTrace {
  const trace = traceStandard(stream);
  expect(trace.events).toEqual(readStandardEvents(stream));
  // The lines and their ends give the stream back, byte for byte, and each starts where it says.
  expect((trace.bom ? '\uFEFF' : '') + trace.lines.map((l) => l.text + l.end).join('')).toBe(stream);
  for (const line of trace.lines) expect(stream.slice(line.start, line.start + line.text.length)).toBe(line.text);
  // One dispatch line per event, carrying its data; every line of an event points at it.
  const dispatches = trace.lines.filter((l) => l.tag === 'dispatch');
  expect(dispatches.map((l) => l.value)).toEqual(trace.events.map((e) => e.data));
  expect(dispatches.map((l) => l.event)).toEqual(trace.events.map((_, i) => i));
  for (const line of trace.lines) {
    if (line.tag === 'data' && !line.discarded) expect(trace.events[line.event!]!.data).toContain(line.value);
    if (line.discarded) expect(line.event).toBeNull();
    if (line.end === '') expect(line).toBe(trace.lines[trace.lines.length - 1]);
    if (line.tag === 'no-colon') expect(line.text).not.toContain(':');
    if (line.tag === 'blank' || line.tag === 'dispatch') expect(line.text).toBe('');
  }
  return trace;
}

describe('traceStandard tags every line of the fixture table', () => {
  it('has an expected line of tags for every row', () => {
    expect(Object.keys(EXPECTED_TAGS).sort()).toEqual(SSE_FIXTURES.map((f) => f.name).sort());
  });

  it.each(SSE_FIXTURES)('$name', ({ name, stream, data }) => {
    const trace = checkInvariants(stream);
    expect(trace.events.map((e) => e.data)).toEqual(data);
    expect(tagsOf(trace)).toBe(EXPECTED_TAGS[name]);
  });
});

describe('traceStandard on the lesson', () => {
  it.each(lessonStreams())('$name', ({ stream }) => {
    checkInvariants(stream);
  });

  it('GaApi on the first improvisation chunk: the blank line ends the event, the - **Am** line is a field name', () => {
    const stream = writeGaApiEvent(splitPinned(IMPROVISATION_ANSWER)[0]!);
    const trace = checkInvariants(stream);
    expect(tagsOf(trace)).toBe('data dispatch no-colon blank');
    const field = trace.lines[2]!;
    expect(field.text.startsWith('- **Am** → arpeggio **Am**, ')).toBe(true);
    expect(field.field).toBe(field.text);
    expect(field.hadColon).toBe(false);
    expect(trace.events.map((e) => e.data)).toEqual(['Over **Am – F – C – G**, for each chord:']);
  });

  it('exercise 1: the two writers on "a\\r\\nb"', () => {
    expect(tagsOf(traceStandard(writeGaChatbotEvent('a\r\nb')))).toBe('data data dispatch');
    const gaApi = traceStandard(writeGaApiEvent('a\r\nb'));
    expect(tagsOf(gaApi)).toBe('data no-colon dispatch');
    expect(gaApi.lines.map((l) => l.end)).toEqual(['\r\n', '\n', '\n']);
  });

  it('reports line ends, offsets after a BOM, and the unfinished line', () => {
    const trace = traceStandard('\uFEFF: hi\rdata: a\r\ndata: b\n\nevent: x\ndata: c\ndata: d');
    expect(trace.bom).toBe(true);
    expect(trace.lines.map((l) => [l.start, l.end, l.tag + (l.discarded ? '!' : '')])).toEqual([
      [1, '\r', 'comment'],
      [6, '\r\n', 'data'],
      [15, '\n', 'data'],
      [23, '\n', 'dispatch'],
      [24, '\n', 'event!'],
      [33, '\n', 'data!'],
      [41, '', 'unfinished!'],
    ]);
    expect(trace.discardedData).toBe('c\n');
  });

  it('keeps a data line and its no-colon twin apart', () => {
    const trace = traceStandard('data\nfoo\n\n');
    expect(trace.lines.map((l) => [l.tag, l.hadColon])).toEqual([
      ['data', false],
      ['no-colon', false],
      ['dispatch', false],
    ]);
  });
});

describe('traceStandard on any stream', () => {
  const piece = fc.constantFrom(
    'data',
    'data:',
    'data: ',
    'event:',
    'id:',
    'retry: 5',
    ':',
    'x',
    ' ',
    'a',
    '\r',
    '\n',
    '\r\n',
    '\uFEFF',
    '\0',
    '\uD800',
  );
  it('gives the reader its events and the stream back', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        checkInvariants(pieces.join(''));
      }),
      { numRuns: 500 },
    );
  });

  // Finishing is the check: the test's timeout (20 s, far over the few ms it takes) bounds it;
  // `npm run bench:limits` prints the time.
  it('traces a 1 MB stream', { timeout: 20_000 }, () => {
    const stream = writeGaChatbotEvent(IMPROVISATION_ANSWER).repeat(Math.ceil(1_000_000 / 600));
    const trace = traceStandard(stream);
    expect(trace.events.length).toBe(Math.ceil(1_000_000 / 600));
  });
});
