// Properties of the chunkers, writers and readers over generated input (fast-check).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  readChatService,
  readPage,
  readPageResult,
  readStandard,
  readStandardStream,
  readStandardText,
  splitAfter743,
  splitPinned,
  streamOf,
  writeGaChatbotEvent,
} from '../../../../lessons-code/index.ts';
import { bytesIn, collect } from '../../helpers/streams.ts';

/**
 * .NET's char.IsWhiteSpace (what string.IsNullOrWhiteSpace and the chunkers' \s use), from its
 * documentation: the Unicode categories Zs, Zl and Zp, U+0009–U+000D and U+0085.
 */
const DOTNET_BLANK = /^[\u0009-\u000D\u0085\p{Zs}\p{Zl}\p{Zp}]*$/u;
const isBlank = (s: string) => DOTNET_BLANK.test(s);

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

/** Strings made of the pieces sentence splitting is about. */
const prose = fc
  .array(
    fc.constantFrom(
      '.',
      '!',
      '?',
      ' ',
      '  ',
      '\n',
      '\r',
      '\t',
      '\u00a0',
      '\u0085',
      '\u2028',
      'e.g.',
      '3. ',
      'a',
      'Z',
      'é',
      '…',
      '🎸',
    ),
    {
      maxLength: 40,
    },
  )
  .map((pieces) => pieces.join(''));

/** Strings made of the pieces SSE parsing is about. */
const sseText = fc
  .array(
    fc.constantFrom(
      'data:',
      'data: ',
      'data:  ',
      'id: 1',
      'event: e',
      'retry: 5',
      ':',
      ': c',
      '\n',
      '\n',
      '\n\n',
      '\r',
      '\r\n',
      ' ',
      '\t',
      '\uFEFF',
      '{',
      '}',
      '"type"',
      '"error"',
      '{"type":"routing"}',
      '{"error":"boom"}',
      '{"error":""}',
      '{"error":{"a":1}}',
      '{"x":1}',
      '[DONE]',
      'x',
      'é',
      '→',
      '🎸',
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

/** Streams made of whole events, so that payloads land right after `data:` and before `\n\n`. */
const sseLine = fc
  .tuple(
    fc.constantFrom('data:', 'data: ', 'data:  ', 'data:\t', 'id: ', ': ', 'event: ', 'x', ''),
    fc.constantFrom(
      '{"error":"boom"}',
      '{"error":""}',
      '{"error":{"a":1}}',
      ' {"error":1} ',
      '{bad',
      '{"type":"routing"}',
      '[DONE]',
      'text',
      '',
      '[1]',
    ),
  )
  .map(([field, value]) => field + value);
const sseEvents = fc
  .tuple(
    fc.array(
      fc.array(sseLine, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n')),
      { maxLength: 5 },
    ),
    fc.constantFrom('', '\n', '\n\n', ' data: rest '),
  )
  .map(([events, tail]) => events.join('\n\n') + tail);

const anyString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: codeUnit }), sseText, prose, sseEvents);

describe("#743's chunker keeps every character", () => {
  it('joined chunks give back any non-blank string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: codeUnit })), (s) => {
        fc.pre(!isBlank(s));
        expect(splitAfter743(s).join('')).toBe(s);
      }),
      { numRuns: 500 },
    );
  });

  it('joined chunks give back any non-blank string made of sentence ends, whitespace and "e.g."', () => {
    fc.assert(
      fc.property(prose, (s) => {
        if (isBlank(s)) expect(splitAfter743(s)).toEqual([]);
        else expect(splitAfter743(s).join('')).toBe(s);
      }),
      { numRuns: 1000 },
    );
  });

  it('no chunk is blank, and every chunk but the last ends with a sentence end and whitespace', () => {
    fc.assert(
      fc.property(prose, (s) => {
        const chunks = splitAfter743(s);
        for (const chunk of chunks) expect(isBlank(chunk)).toBe(false);
        for (const chunk of chunks.slice(0, -1))
          expect(chunk).toMatch(/[.!?][\u0009-\u000D\u0085\p{Zs}\p{Zl}\p{Zp}]+$/u);
      }),
      { numRuns: 1000 },
    );
  });

  it('the pinned chunker cuts at the same places and removes only the whitespace after the sentence end', () => {
    fc.assert(
      fc.property(prose, (s) => {
        const expected = splitAfter743(s).map((chunk) =>
          chunk.replace(/(?<=[.!?])[\u0009-\u000D\u0085\p{Zs}\p{Zl}\p{Zp}]+$/u, ''),
        );
        expect(splitPinned(s)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("GaChatbot.Api's writer with the HTML standard's reader", () => {
  const crFree = fc.oneof(fc.string({ unit: 'binary' }), prose).map((s) => s.replaceAll('\r', ''));

  it('returns any CR-free text exactly when it is split by #743', () => {
    fc.assert(
      fc.property(crFree, (text) => {
        fc.pre(!isBlank(text));
        const chunks = splitAfter743(text);
        fc.pre(!chunks.includes('[DONE]')); // see the next test
        expect(readStandardText(streamOf(writeGaChatbotEvent, chunks))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });

  it('loses a chunk that is exactly "[DONE]": the end marker travels in band', () => {
    const chunks = splitAfter743('Type this. [DONE]');
    expect(chunks).toEqual(['Type this. ', '[DONE]']);
    expect(readStandardText(streamOf(writeGaChatbotEvent, chunks))).toBe('Type this. ');
  });

  it('the GaChatbot page returns the same text, unless a chunk is [DONE] or looks like a routing event', () => {
    fc.assert(
      fc.property(crFree, (text) => {
        fc.pre(!isBlank(text));
        const chunks = splitAfter743(text);
        fc.pre(
          !chunks.includes('[DONE]') && !chunks.some((chunk) => chunk.startsWith('{') && chunk.includes('"type"')),
        );
        expect(readPage(streamOf(writeGaChatbotEvent, chunks))).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * When ga-client's chatService throws on a whole stream (parseSseBuffer, GA at a826864:
 * https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/ga-client/src/services/chatService.ts#L29-L77):
 * the first event (of those
 * ended by `\n\n`) whose first `data:` line, trimmed, starts with `{` and either is not JSON (a
 * SyntaxError) or has a truthy `error` (an Error with that message). Nothing stops at [DONE] within
 * one read, and the unfinished remainder is appended, never parsed.
 */
function chatServiceFailure(
  stream: string,
): { kind: 'syntax' } | { kind: 'error'; message: string } | { kind: 'type' } | null {
  const events = stream.split('\n\n');
  events.pop();
  for (const event of events) {
    const line = event.split('\n').find((l) => l.startsWith('data:'));
    if (line === undefined) continue;
    const payload = line.slice('data:'.length).trim();
    if (!payload.startsWith('{')) continue;
    let parsed: { error?: unknown };
    try {
      parsed = JSON.parse(payload) as { error?: unknown };
    } catch {
      return { kind: 'syntax' };
    }
    if (parsed.error) {
      try {
        return { kind: 'error', message: String(parsed.error) };
      } catch {
        return { kind: 'type' }; // an error object with no usable toString: new Error(x) throws a TypeError
      }
    }
  }
  return null;
}

describe('the readers on arbitrary input', () => {
  it('readStandard, readStandardText and the page never throw', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        expect(Array.isArray(readStandard(s))).toBe(true);
        expect(typeof readStandardText(s)).toBe('string');
        expect(typeof readPage(s)).toBe('string');
        expect(typeof readPageResult(s).done).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('chatService throws exactly when an event has a bad or error JSON payload', () => {
    const seen = { none: 0, syntax: 0, error: 0, type: 0 };
    fc.assert(
      fc.property(anyString, (s) => {
        const failure = chatServiceFailure(s);
        let result: unknown;
        try {
          result = readChatService(s);
        } catch (error) {
          result = error;
        }
        seen[failure?.kind ?? 'none']++;
        if (failure === null) {
          expect(typeof result).toBe('string');
          return;
        }
        if (failure.kind === 'syntax') expect(result).toBeInstanceOf(SyntaxError);
        else if (failure.kind === 'type') expect(result).toBeInstanceOf(TypeError);
        else {
          expect(result).toBeInstanceOf(Error);
          expect(result).not.toBeInstanceOf(SyntaxError);
          expect((result as Error).message).toBe(failure.message);
        }
      }),
      { numRuns: 2000 },
    );
    // The generators do reach both kinds of throw, and streams that do not throw.
    expect(seen.none).toBeGreaterThan(0);
    expect(seen.syntax).toBeGreaterThan(0);
    expect(seen.error).toBeGreaterThan(0);
  });
});

describe('readStandardStream over bytes cut anywhere', () => {
  const sseBytes = fc
    .tuple(fc.constantFrom('', '\uFEFF', '\uFEFF\uFEFF'), fc.oneof(sseText, sseEvents))
    .map(([bom, text]) => new TextEncoder().encode(bom + text));
  const bytes = fc.oneof(fc.uint8Array({ maxLength: 200 }), sseBytes);

  /**
   * The oracle: decode everything at once, then parse. The decoder is told to keep the BOM, since
   * readStandard drops one itself (WHATWG HTML §9.2.5, "Parsing an event stream": the stream is
   * decoded with UTF-8 decode, which strips a leading BOM,
   * https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream); a plain
   * new TextDecoder().decode(bytes) would drop one
   * and readStandard a second.
   */
  const oracle = (b: Uint8Array) => readStandard(new TextDecoder('utf-8', { ignoreBOM: true }).decode(b));

  it('gives the events the whole decoded text gives', async () => {
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(), { maxLength: 6 }), async (b, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((c) => c % (b.length + 1)))].sort((x, y) => x - y);
        const sizes: number[] = [];
        let at = 0;
        for (const cut of [...cuts, b.length]) {
          sizes.push(cut - at);
          at = cut;
        }
        expect(await collect(readStandardStream(bytesIn(b, sizes)))).toEqual(oracle(b));
      }),
      { numRuns: 1000 },
    );
  });

  it('drops one BOM sent as bytes, not two, wherever the reads cut them', async () => {
    // Found by the property above: Node's TextDecoder, when the first BOM's bytes came split across
    // two reads, dropped the second U+FEFF as well, so "\uFEFFdata: a" became a data line.
    const two = new TextEncoder().encode('\uFEFF\uFEFFdata: a\n\n');
    expect(oracle(two)).toEqual([]);
    for (let cut = 0; cut <= two.length; cut++) {
      expect(await collect(readStandardStream(bytesIn(two, [cut, two.length - cut])))).toEqual([]);
    }
    expect(await collect(readStandardStream(bytesIn(two, 1)))).toEqual([]);
    const one = new TextEncoder().encode('\uFEFFdata: a\n\n');
    expect(await collect(readStandardStream(bytesIn(one, 1)))).toEqual(['a']);
  });
});
