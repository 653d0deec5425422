// A fixture table for the HTML standard's event-stream parsing (WHATWG HTML §9.2.5–9.2.6), written
// from the spec: each row is a stream and the data of every event a conforming reader dispatches.

export interface SseFixture {
  name: string;
  stream: string;
  /** The data of each dispatched event, in order. */
  data: string[];
  /** Event types, when the row is about them. */
  types?: string[];
  lastEventIds?: string[];
}

export const SSE_FIXTURES: SseFixture[] = [
  // Line endings: CRLF, LF and CR all end a line, in any mix.
  { name: 'LF line ends', stream: 'data: a\n\n', data: ['a'] },
  { name: 'CRLF line ends', stream: 'data: a\r\n\r\n', data: ['a'] },
  { name: 'CR line ends', stream: 'data: a\r\r', data: ['a'] },
  { name: 'mixed line ends', stream: 'data: a\rdata: b\r\ndata: c\n\r\n', data: ['a\nb\nc'] },
  { name: 'LF then CR is two line ends', stream: 'data: a\n\r', data: ['a'] },
  { name: 'CR CR LF: blank line then one more', stream: 'data: a\r\r\ndata: b\n\n', data: ['a', 'b'] },
  // data lines.
  { name: 'several data lines join with LF', stream: 'data: a\ndata: b\n\n', data: ['a\nb'] },
  { name: 'one space after the colon is dropped, no more', stream: 'data:  two\n\n', data: [' two'] },
  { name: 'no space after the colon', stream: 'data:a\n\n', data: ['a'] },
  { name: 'a tab is not the space', stream: 'data:\tx\n\n', data: ['\tx'] },
  { name: 'trailing spaces are kept', stream: 'data: a  \n\n', data: ['a  '] },
  { name: 'only the first colon separates', stream: 'data: a: b:c\n\n', data: ['a: b:c'] },
  { name: 'empty data line gives an empty line of data', stream: 'data\n\n', data: [''] },
  { name: 'data: alone gives an empty event', stream: 'data:\n\n', data: [''] },
  { name: 'two empty data lines give one LF', stream: 'data\ndata\n\n', data: ['\n'] },
  { name: 'a data line with an empty value then text', stream: 'data:\ndata: x\n\n', data: ['\nx'] },
  { name: 'field names are case-sensitive', stream: 'Data: a\n\n', data: [] },
  { name: 'a space before the field name makes another field', stream: ' data: a\n\n', data: [] },
  { name: 'a space before the colon makes another field', stream: 'data : a\n\n', data: [] },
  // Blank lines dispatch; an empty buffer dispatches nothing.
  { name: 'blank lines alone dispatch nothing', stream: '\n\n\r\n\r', data: [] },
  { name: 'a blank line after dispatch dispatches nothing', stream: 'data: a\n\n\n\ndata: b\n\n', data: ['a', 'b'] },
  { name: 'event with only a comment dispatches nothing', stream: ': hi\n\n', data: [] },
  // Comments.
  { name: 'comments are skipped', stream: ': keep-alive\ndata: a\n:\n\n', data: ['a'] },
  { name: 'a comment does not end an event', stream: 'data: a\n: x\ndata: b\n\n', data: ['a\nb'] },
  // Fields without a colon, and unknown fields.
  {
    name: 'a line with no colon is a field with an empty value, ignored if unknown',
    stream: 'data: a\nb\n\n',
    data: ['a'],
  },
  { name: 'unknown fields are ignored', stream: 'foo: bar\ndata: a\n\n', data: ['a'] },
  { name: 'an unknown field alone dispatches nothing', stream: 'foo: bar\n\n', data: [] },
  // Other known fields.
  {
    name: 'event sets the type',
    stream: 'event: ping\ndata: a\n\ndata: b\n\n',
    data: ['a', 'b'],
    types: ['ping', 'message'],
  },
  { name: 'an empty event field means message', stream: 'event\ndata: a\n\n', data: ['a'], types: ['message'] },
  {
    name: 'the type resets when an empty buffer is dispatched',
    stream: 'event: x\n\ndata: a\n\n',
    data: ['a'],
    types: ['message'],
  },
  {
    name: 'id sets the last event ID, kept for later events',
    stream: 'id: 7\ndata: a\n\ndata: b\n\n',
    data: ['a', 'b'],
    lastEventIds: ['7', '7'],
  },
  {
    name: 'an id holding NUL is ignored',
    stream: 'id: 1\ndata: a\n\nid: 2\0\ndata: b\n\n',
    data: ['a', 'b'],
    lastEventIds: ['1', '1'],
  },
  {
    name: 'an empty id resets the last event ID',
    stream: 'id: 1\ndata: a\n\nid\ndata: b\n\n',
    data: ['a', 'b'],
    lastEventIds: ['1', ''],
  },
  { name: 'retry does not touch data', stream: 'retry: 1000\ndata: a\n\n', data: ['a'] },
  // The byte order mark.
  { name: 'a leading BOM is dropped', stream: '\uFEFFdata: a\n\n', data: ['a'] },
  { name: 'only one leading BOM is dropped', stream: '\uFEFF\uFEFFdata: a\n\n', data: [] },
  { name: 'a BOM later in the stream is data', stream: 'data: \uFEFFa\n\n', data: ['\uFEFFa'] },
  // End of stream.
  { name: 'an event with no blank line at the end is discarded', stream: 'data: a\n', data: [] },
  { name: 'an unfinished last line is discarded', stream: 'data: a\n\ndata: b', data: ['a'] },
  { name: 'a stream ending in CR ends its line', stream: 'data: a\r\r', data: ['a'] },
  { name: 'one line end is not enough', stream: 'data: a\r\n', data: [] },
  { name: 'empty stream', stream: '', data: [] },
  // Text the lesson cares about.
  { name: 'a blank line inside the text ends the event early', stream: 'data: a\n\nb\n\n', data: ['a'] },
  { name: 'GaApi writer on "a\\r\\nb": b becomes a field', stream: 'data: a\r\nb\n\n', data: ['a'] },
  { name: 'GaChatbot.Api writer on "a\\r\\nb"', stream: 'data: a\ndata: b\n\n', data: ['a\nb'] },
  { name: 'non-ASCII text passes through', stream: 'data: Am – F → C — G\n\n', data: ['Am – F → C — G'] },
  { name: 'NUL in data is kept', stream: 'data: a\0b\n\n', data: ['a\0b'] },
];
