// "The network cuts anywhere" (06b, content/docs/ga-ai/06b-beyond-the-wire.mdx): the streaming readers survive every
// cut, the
// naive ones fail exactly where the page says they do, and the scan's counts.

import { describe, expect, it } from 'vitest';
import {
  CUT_READERS,
  CUT_STREAMS,
  IMPROVISATION_ANSWER,
  IMPROVISATION_STREAM_743,
  IMPROVISATION_STREAM_743_CRLF,
  EventSorter,
  cutContext,
  describeCut,
  mapStream,
  piecesInTwo,
  readByteByByte,
  readInTwo,
  readPageResult,
  readPageStreamResult,
  readStandardEvents,
  readStandardStreamResult,
  readWhole,
  sameResult,
  scanCuts,
  scanEveryReader,
  type StreamReadResult,
} from '../../../../lessons-code/index.ts';
import { lessonStreams } from '../../helpers/streams.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** The standard's events of a whole stream, sorted as the careful client sorts them. */
function standardWhole(stream: string): StreamReadResult {
  const sorter = new EventSorter();
  for (const event of readStandardEvents(stream)) sorter.take(event.data);
  return sorter.result();
}

function pageWhole(stream: string): StreamReadResult {
  const { answer, done } = readPageResult(stream);
  return { text: answer, done, error: null };
}

const reader = (id: string) => CUT_READERS.find((r) => r.id === id)!;

/** Cut positions that fall strictly inside a multi-byte UTF-8 character. */
function insideCharacters(bytes: Uint8Array): number[] {
  const cuts: number[] = [];
  for (let at = 1; at < bytes.length; at++) if ((bytes[at]! & 0xc0) === 0x80) cuts.push(at);
  return cuts;
}

describe("the lesson's figures", () => {
  it('the improvisation answer: 558 characters, 580 bytes, eleven 3-byte characters', () => {
    expect(IMPROVISATION_ANSWER.length).toBe(558);
    expect(encode(IMPROVISATION_ANSWER).length).toBe(580);
    const wide = Array.from(IMPROVISATION_ANSWER).filter((c) => encode(c).length > 1);
    expect(wide).toHaveLength(11);
    expect(wide.every((c) => encode(c).length === 3)).toBe(true);
    expect(wide.filter((c) => c === '–')).toHaveLength(3);
    expect(wide.filter((c) => c === '→')).toHaveLength(4);
    expect(wide.filter((c) => c === '—')).toHaveLength(4);
  });

  it("the demo's streams: GaChatbot.Api's stream of the #743 chunks, 682 bytes, and its CRLF variant, 702", () => {
    expect(CUT_STREAMS.map((s) => s.bytes.length)).toEqual([682, 702]);
    expect(CUT_STREAMS[0]!.stream).toBe(IMPROVISATION_STREAM_743);
    expect(CUT_STREAMS[1]!.stream).toBe(IMPROVISATION_STREAM_743_CRLF);
    expect(IMPROVISATION_STREAM_743_CRLF).not.toMatch(/[^\r]\n/);
  });
});

describe('the streaming readers equal their whole-stream results, however the bytes are cut', () => {
  for (const { name, stream } of lessonStreams()) {
    const bytes = encode(stream);
    it(`${name}: the standard (readStandardStream), every cut and byte by byte`, async () => {
      const whole = standardWhole(stream);
      for (let at = 0; at <= bytes.length; at++)
        expect(await readInTwo(readStandardStreamResult, bytes, at), `cut at ${at}`).toEqual(whole);
      expect(await readByteByByte(readStandardStreamResult, bytes)).toEqual(whole);
    });

    it(`${name}: the page (readPageStream), every cut and byte by byte`, async () => {
      const whole = pageWhole(stream);
      for (let at = 0; at <= bytes.length; at++)
        expect(await readInTwo(readPageStreamResult, bytes, at), `cut at ${at}`).toEqual(whole);
      expect(await readByteByByte(readPageStreamResult, bytes)).toEqual(whole);
    });
  }

  it('the standard reads the answer exactly from both streams, and [DONE]', async () => {
    for (const { bytes } of CUT_STREAMS) {
      expect(await readWhole(readStandardStreamResult, bytes)).toEqual({
        text: IMPROVISATION_ANSWER,
        done: true,
        error: null,
      });
    }
  });

  it('the page reads the LF stream exactly, and nothing at all from the CRLF one: it never finds \\n\\n', async () => {
    expect(await readWhole(readPageStreamResult, CUT_STREAMS[0]!.bytes)).toEqual({
      text: IMPROVISATION_ANSWER,
      done: true,
      error: null,
    });
    expect(await readWhole(readPageStreamResult, CUT_STREAMS[1]!.bytes)).toEqual({
      text: '',
      done: false,
      error: null,
    });
  });
});

describe("the scan's synchronous readers agree with the stream readers", () => {
  for (const { name, stream } of [
    ...lessonStreams(),
    ...CUT_STREAMS.map((s) => ({ name: `cut stream ${s.id}`, stream: s.stream })),
  ]) {
    it(`${name}: every reader, every cut and byte by byte`, async () => {
      const bytes = encode(stream);
      for (const reader of CUT_READERS) {
        for (let at = 0; at <= bytes.length; at++) {
          expect(reader.readPieces(piecesInTwo(bytes, at)), `${reader.id} at ${at}`).toEqual(
            await readInTwo(reader.read, bytes, at),
          );
        }
        const singles = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
        expect(reader.readPieces(singles), reader.id).toEqual(await readByteByByte(reader.read, bytes));
      }
    });
  }
});

describe('the naive readers fail where the page says', () => {
  for (const cutStream of CUT_STREAMS) {
    const { id, bytes } = cutStream;
    const map = mapStream(bytes);

    it(
      `${id}: decoding each piece breaks at exactly the 22 cuts inside a 3-byte ` +
        `character, with replacement characters`,
      async () => {
        const scan = await scanCuts(bytes, reader('decodeEach'), 100);
        const inside = insideCharacters(bytes);
        expect(inside).toHaveLength(22);
        expect(scan.breaking).toEqual(inside);
        for (const { got, place } of scan.first) {
          expect(place.kind).toBe('char');
          expect(place.charBytes).toBe(3);
          expect(got.text).toContain('\uFFFD');
        }
        // Whole, it reads the answer.
        expect(scan.uncut).toEqual({ text: IMPROVISATION_ANSWER, done: true, error: null });
      },
    );

    it(
      `${id}: parsing each piece breaks at every cut inside a 3-byte character too, ` + `and never between two events`,
      async () => {
        const scan = await scanCuts(bytes, reader('parseEach'), 0);
        for (const at of insideCharacters(bytes)) expect(scan.breaking, `cut at ${at}`).toContain(at);
        for (const end of map.eventEnds) expect(scan.breaking).not.toContain(end);
        expect(scan.breaking).not.toContain(0);
        expect(scan.breaking).not.toContain(bytes.length);
      },
    );
  }

  it(
    'CRLF: parsing each piece breaks at every cut between the CR and LF of a line ' + 'followed by more of its event',
    async () => {
      // Cut there, the front half is taken for a whole event while a line of it is still to come.
      // Cut after the event's last data line, or inside its blank line, the front half happens to be whole.
      const { bytes } = CUT_STREAMS[1]!;
      const map = mapStream(bytes);
      const scan = await scanCuts(bytes, reader('parseEach'), 0);
      const counts = { closing: 0, last: 0, more: 0 };
      for (let at = 1; at < bytes.length; at++) {
        const place = describeCut(map, at);
        if (place.kind !== 'crlf') continue;
        if (place.closing) {
          counts.closing++;
          expect(scan.breaking, `cut at ${at}`).not.toContain(at);
        } else if (bytes[at + 1] === 13) {
          counts.last++;
          expect(scan.breaking, `cut at ${at}`).not.toContain(at);
        } else {
          counts.more++;
          expect(scan.breaking, `cut at ${at}`).toContain(at);
        }
      }
      expect(counts).toEqual({ closing: 6, last: 6, more: 8 });
    },
  );

  it(
    'CRLF: a CR at the end of one read and an LF at the start of the next fire the ' +
      'event early for the naive parser only',
    async () => {
      const bytes = encode('data: a\r\ndata: b\r\n\r\n');
      const at = 'data: a\r'.length;
      expect((await readInTwo(reader('parseEach').read, bytes, at)).text).toBe('ab');
      expect((await readInTwo(readStandardStreamResult, bytes, at)).text).toBe('a\nb');
    },
  );
});

describe('the scan', () => {
  it('counts the breaking cuts of each reader (LF and CRLF streams)', async () => {
    const counts: Record<string, number[]> = {};
    for (const { id, bytes } of CUT_STREAMS) {
      for (const scan of await scanEveryReader(bytes)) {
        expect(scan.cuts).toBe(bytes.length + 1);
        expect(scan.breaking.length).toBe(Object.values(scan.byKind).reduce((a, b) => a + b, 0));
        (counts[scan.reader] ??= []).push(scan.breaking.length);
        void id;
      }
    }
    expect(counts).toEqual({ decodeEach: [22, 22], parseEach: [654, 662], page: [0, 0], standard: [0, 0] });
  });

  it('lists the first few breaking cuts, described, in order', async () => {
    const scan = await scanCuts(CUT_STREAMS[0]!.bytes, reader('decodeEach'), 3);
    expect(scan.first.map((b) => b.place.at)).toEqual(scan.breaking.slice(0, 3));
    expect(scan.first[0]!.place).toMatchObject({ kind: 'char', char: '–', charBytes: 3, bytesBefore: 1, event: 1 });
    expect(scan.first[1]!.place).toMatchObject({ kind: 'char', char: '–', bytesBefore: 2 });
  });

  it('a result is the same only when text, [DONE] and error all are', () => {
    const a = { text: 'x', done: true, error: null };
    expect(sameResult(a, { ...a })).toBe(true);
    expect(sameResult(a, { ...a, done: false })).toBe(false);
    expect(sameResult(a, { ...a, text: 'y' })).toBe(false);
    expect(sameResult(a, { ...a, error: 'e' })).toBe(false);
  });
});

describe('where a cut falls', () => {
  it('names every kind of place in the CRLF stream', () => {
    const { bytes } = CUT_STREAMS[1]!;
    const map = mapStream(bytes);
    const kinds: Record<string, number> = {};
    for (let at = 0; at <= bytes.length; at++) {
      const kind = describeCut(map, at).kind;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(kinds).toEqual({
      start: 1,
      end: 1,
      between: 5,
      char: 22,
      crlf: 20,
      blank: 6,
      line: 8,
      field: 77,
      data: 563,
    });
    expect(map.eventEnds).toHaveLength(6);
    expect(map.doneEvents).toEqual([false, false, false, false, false, true]);
  });

  it('inside `\\n\\n` is "blank" in the LF stream, and the [DONE] event is known', () => {
    const { bytes, stream } = CUT_STREAMS[0]!;
    const map = mapStream(bytes);
    const firstBlank = encode(stream.slice(0, stream.indexOf('\n\n') + 1)).length;
    expect(describeCut(map, firstBlank).kind).toBe('blank');
    expect(describeCut(map, bytes.length - 3)).toMatchObject({ kind: 'data', inDone: true, event: 6 });
  });

  it('shows the text around a cut, and the bytes of a character it splits', () => {
    const { bytes } = CUT_STREAMS[0]!;
    const context = cutContext(bytes, 17, 8);
    expect(context.split).toEqual({ char: '–', hexBefore: 'E2', hexAfter: '80 93' });
    expect(context.before).toBe('er **Am ');
    expect(context.after.startsWith(' F – C')).toBe(true);
    expect(cutContext(bytes, 0).before).toBe('');
    expect(cutContext(bytes, bytes.length).after).toBe('');
  });
});
