import { describe, expect, it } from 'vitest';
import {
  readStandard,
  readStandardEvents,
  readStandardStream,
  StandardParser,
} from '../../../../lessons-code/index.ts';
import { SSE_FIXTURES } from './sse-fixtures.ts';
import { bytesIn, collect, everyCut, lessonStreams } from '../../helpers/streams.ts';

describe('readStandard follows the WHATWG fixture table', () => {
  it.each(SSE_FIXTURES)('$name', ({ stream, data, types, lastEventIds }) => {
    expect(readStandard(stream)).toEqual(data);
    const events = readStandardEvents(stream);
    if (types) expect(events.map((e) => e.type)).toEqual(types);
    if (lastEventIds) expect(events.map((e) => e.lastEventId)).toEqual(lastEventIds);
  });
});

describe('readStandardStream follows the same table', () => {
  it.each(SSE_FIXTURES)('$name, whole and one byte at a time', async ({ stream, data }) => {
    const bytes = new TextEncoder().encode(stream);
    expect(await collect(readStandardStream(bytesIn(bytes, [bytes.length])))).toEqual(data);
    expect(await collect(readStandardStream(bytesIn(bytes, 1)))).toEqual(data);
  });

  it('drops a BOM sent as bytes once, even when it is split across reads', async () => {
    const bytes = new TextEncoder().encode('\uFEFFdata: a\n\n');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(await collect(readStandardStream(bytesIn(bytes, [cut, bytes.length - cut])))).toEqual(['a']);
    }
  });

  it('replaces invalid UTF-8 with U+FFFD instead of throwing', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('data: '), 0xff, 0xe2, 0x80, 10, 10]);
    expect(await collect(readStandardStream(bytesIn(bytes, 1)))).toEqual(['\uFFFD\uFFFD']);
  });
});

describe('readStandardStream gives the same events for every way the bytes are cut', () => {
  for (const { name, stream } of lessonStreams()) {
    it(`${name}: every single cut, and every byte alone`, async () => {
      const whole = readStandard(stream);
      const bytes = new TextEncoder().encode(stream);
      for (const cut of everyCut(bytes.length)) {
        expect(await collect(readStandardStream(bytesIn(bytes, cut)))).toEqual(whole);
      }
      expect(await collect(readStandardStream(bytesIn(bytes, 1)))).toEqual(whole);
    });
  }

  it('a CR at the end of one piece and an LF at the start of the next make one line end', () => {
    const events: string[] = [];
    const parser = new StandardParser((e) => events.push(e.data));
    parser.feed('data: a\r');
    parser.feed('\ndata: b\r');
    parser.feed('\n\r');
    parser.feed('\n');
    parser.end();
    // a CRLF split as CR | LF is one line end; a blank line split the same way dispatches once
    expect(events).toEqual(['a\nb']);
  });

  it('an empty piece between CR and LF does not break the pair', () => {
    const events: string[] = [];
    const parser = new StandardParser((e) => events.push(e.data));
    for (const piece of ['data: a\r', '', '\n', '\r', '', '\n']) parser.feed(piece);
    expect(events).toEqual(['a']);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of readStandardStream(body)) {
      expect(data).toBe('x');
      break;
    }
    expect(cancelled).toBe(true);
  });
});
