// The course's parser against eventsource-parser 4.1.3 (the de-facto library, also what the bench
// races) on generated streams cut at random places: both must find the same events, with the same
// type, data and last event ID, and the same reconnection time.
//
// The streams mix what the standard's parsing rules are about (WHATWG HTML §9.2.5 and §9.2.6,
// https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// the four known fields and unknown ones, with and without a colon and a space, comments, blank
// lines, CR, LF and CRLF line ends, IDs holding NUL, retry values that are and are not digits,
// a byte order mark or two at the start, an unfinished last line, and characters of 1 to 4 UTF-8
// bytes (a cut can fall inside one).
//
// Both parsers are fed the same decoded text; the byte order mark is the one place where they are
// not fed alike on purpose (see `throughEventsourceParser`). One known difference is tested apart.

import { createParser } from 'eventsource-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedPieces, readStandardStream, StandardParser, type StandardEvent } from '../../../../lessons-code/index.ts';
import { bytesIn, collect } from '../../helpers/streams.ts';

interface Reading {
  events: StandardEvent[];
  reconnectionTime: number | null;
}

const name = fc.oneof(
  { weight: 6, arbitrary: fc.constant('data') },
  { weight: 2, arbitrary: fc.constantFrom('event', 'id') },
  // retry, or a field the standard ignores (names one letter off)
  { weight: 2, arbitrary: fc.constantFrom('retry', 'dat', 'datas', 'daTa', 'evenT', 'iD', 'retrY', ' data', 'x', '') },
);
const separator = fc.constantFrom('', ':', ': ', ':  ', ':\t');
const valueChar = fc.constantFrom('a', 'Z', ' ', ':', '0', '7', '\0', 'é', '→', '🎸', '\uFEFF', '\t');
const value = fc.array(valueChar, { maxLength: 6 }).map((chars) => chars.join(''));
const line = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(name, separator, value).map(([n, s, v]) => n + s + v) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('retry:', 'retry: '),
        fc.constantFrom('0', '15', '3000', '007', '1.5', '-1', '', ' 1', '1 '),
      )
      .map(([f, v]) => f + v),
  },
  { weight: 1, arbitrary: value.map((v) => ':' + v) }, // a comment
  { weight: 3, arbitrary: fc.constant('') }, // a blank line
);
const lineEnd = fc.constantFrom('\n', '\n', '\r', '\r\n');

/** A stream: lines with their ends, maybe a BOM or two first, maybe an unfinished line last. */
const stream = fc
  .tuple(
    fc.constantFrom('', '', '\uFEFF', '\uFEFF\uFEFF'),
    fc.array(
      fc.tuple(line, lineEnd).map(([l, e]) => l + e),
      { minLength: 2, maxLength: 30, size: 'large' },
    ),
    fc.oneof(fc.constant(''), line),
  )
  .map(([bom, lines, last]) => bom + lines.join('') + last);

/** Where the bytes are cut: fractions of the length, or every byte alone. */
const cuts = fc.oneof(
  fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
  fc.constant('every byte' as const),
);

function piecesOf(text: string, where: number[] | 'every byte'): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const points =
    where === 'every byte'
      ? Array.from({ length: bytes.length }, (_, i) => i)
      : [...new Set(where.map((f) => Math.floor(f * bytes.length)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(from, point));
    from = point;
  }
  return pieces;
}

/** The course's reader: the transport's decoding (one leading BOM dropped), then StandardParser. */
function throughStandardParser(pieces: Uint8Array[]): Reading {
  const events: StandardEvent[] = [];
  const parser = new StandardParser((event) => events.push(event));
  feedPieces(pieces, (text) => parser.feed(text));
  parser.end();
  return { events, reconnectionTime: parser.reconnectionTime };
}

/**
 * eventsource-parser, fed by a streaming TextDecoder that keeps every U+FEFF (`ignoreBOM`): the
 * parser drops one leading BOM itself. (With a default decoder a stream starting with two BOMs
 * would lose both, the decoder's and the parser's, where the standard drops one.) It reports the
 * ID of each event only when the event set one; the last event ID is kept here, as the standard
 * keeps it from event to event (§9.2.6: "set the last event ID string" on every blank line).
 */
function throughEventsourceParser(pieces: Uint8Array[]): Reading {
  const events: StandardEvent[] = [];
  let lastEventId = '';
  let reconnectionTime: number | null = null;
  const parser = createParser({
    onEvent: (event) => events.push({ type: event.event ?? 'message', data: event.data, lastEventId }),
    onId: (id) => (lastEventId = id),
    onRetry: (ms) => (reconnectionTime = ms),
  });
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  for (const piece of pieces) parser.feed(decoder.decode(piece, { stream: true }));
  parser.feed(decoder.decode());
  return { events, reconnectionTime };
}

describe('StandardParser and eventsource-parser read generated streams alike', () => {
  it('same events, types, data, last event IDs and reconnection time, for any cuts of the bytes', () => {
    fc.assert(
      fc.property(stream, cuts, (text, where) => {
        const pieces = piecesOf(text, where);
        expect(throughStandardParser(pieces)).toEqual(throughEventsourceParser(pieces));
      }),
      { numRuns: 400 },
    );
  });

  it('readStandardStream gives the same data, read after read', async () => {
    await fc.assert(
      fc.asyncProperty(stream, cuts, async (text, where) => {
        const pieces = piecesOf(text, where);
        const data = await collect(
          readStandardStream(
            bytesIn(
              new Uint8Array(Buffer.concat(pieces)),
              pieces.map((p) => p.length),
            ),
          ),
        );
        expect(data).toEqual(throughEventsourceParser(pieces).events.map((event) => event.data));
      }),
      { numRuns: 150 },
    );
  });

  it('the generator reaches every rule: events with and without IDs, types, retries, several data lines', () => {
    // A property that never met a case would pass for nothing: count the cases in a fixed sample.
    const sample = fc.sample(stream, { numRuns: 300, seed: 13 });
    const events = sample.flatMap((text) => throughStandardParser(piecesOf(text, [])).events);

    expect(events.filter((e) => e.lastEventId !== '').length).toBeGreaterThan(10);
    expect(events.filter((e) => e.type !== 'message').length).toBeGreaterThan(10);
    expect(events.filter((e) => e.data.includes('\n')).length).toBeGreaterThan(10);
    expect(
      sample.filter((text) => throughStandardParser(piecesOf(text, [])).reconnectionTime !== null).length,
    ).toBeGreaterThan(10);
    expect(sample.filter((text) => text.includes('\r\n')).length).toBeGreaterThan(10);
  });
});

describe('where eventsource-parser departs from the standard', () => {
  it(
    'it also drops a BOM written as the three Latin-1 characters of its UTF-8 bytes; ' +
      'the standard reads them as text',
    () => {
      // §9.2.5: the stream is decoded as UTF-8 and one leading U+FEFF is dropped; "ï»¿" (U+00EF U+00BB
      // U+00BF) is three characters of a field name, here the unknown field "ï»¿data".
      const pieces = [new TextEncoder().encode('\u00ef\u00bb\u00bfdata: a\n\n')];
      expect(throughStandardParser(pieces).events).toEqual([]);
      expect(throughEventsourceParser(pieces).events.map((e) => e.data)).toEqual(['a']);
    },
  );
});
