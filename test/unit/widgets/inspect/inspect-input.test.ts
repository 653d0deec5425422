// The stream inspector's input (src/widgets/inspect/inspect-input.ts): what it refuses and why (each
// reason has its message in every locale), the HTTP head curl -i prints, set aside, and HAR files,
// their streaming entries listed and one read, base64 included.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_MESSAGES_STREAM } from '../../../../lessons-code/index.ts';
import {
  MAX_INPUT_BYTES,
  readInput,
  splitHead,
  utf8Length,
  type InputProblem,
  type InputResult,
} from '../../../../src/widgets/inspect/inspect-input.ts';

const text = (value: string, entry?: number) => readInput({ kind: 'text', text: value }, entry);
const bytes = (value: Uint8Array, entry?: number) => readInput({ kind: 'bytes', bytes: value }, entry);
const problemOf = (result: InputResult) => (result.kind === 'problem' ? result.problem : result.kind);
const encode = (value: string) => new TextEncoder().encode(value);

interface HarEntrySpec {
  url?: string;
  method?: string;
  mimeType?: string;
  text?: string;
  encoding?: string;
  headers?: { name: string; value: string }[];
}
/** A HAR file as browsers export it: log.entries[].request and .response. */
function har(entries: HarEntrySpec[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: entries.map((e) => ({
        request: {
          method: e.method ?? 'POST',
          url: e.url ?? 'https://host.example/api/chatbot/chat/stream',
          headers: [],
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/1.1',
          headers: e.headers ?? [{ name: 'Content-Type', value: e.mimeType ?? 'text/event-stream' }],
          content: {
            size: -1,
            mimeType: e.mimeType ?? 'text/event-stream',
            ...(e.text === undefined ? {} : { text: e.text }),
            ...(e.encoding ? { encoding: e.encoding } : {}),
          },
        },
      })),
    },
  });
}

describe('what the inspector refuses', () => {
  it('an empty input, or whitespace only', () => {
    expect(problemOf(text(''))).toBe('empty');
    expect(problemOf(text(' \n\r\n\t'))).toBe('empty');
    expect(problemOf(bytes(new Uint8Array()))).toBe('empty');
    expect(problemOf(bytes(encode('\uFEFF')))).toBe('empty');
  });

  it('binary: a NUL byte, or more than a few sequences that are not UTF-8', () => {
    expect(problemOf(bytes(new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x00, 0x0a])))).toBe('binary');
    expect(problemOf(text('data: a\u0000b\n\n'))).toBe('binary');
    expect(problemOf(bytes(new Uint8Array([...encode('data: '), 0xff, 0xfe, 0xfd, 0xfc, 0xfb, 0x0a, 0x0a])))).toBe(
      'binary',
    );
    // An image's first bytes: PNG's signature holds a NUL further on, and bytes that are not UTF-8.
    expect(problemOf(bytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])))).toBe(
      'binary',
    );
  });

  it('a few invalid sequences are read, and counted: a character cut at the end of the body', () => {
    const cut = encode('data: G♯\n\n').slice(0, -3); // two bytes of ♯, then the end
    const result = bytes(cut);
    expect(result.kind).toBe('stream');
    if (result.kind === 'stream') expect(result.replaced).toBe(1);
    // U+FFFD written in the stream itself is no decoding error
    const literal = bytes(encode('data: \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\n\n'));
    expect(literal.kind === 'stream' && literal.replaced).toBe(0);
  });

  it('more than 20 MB, as bytes or as a text measured in UTF-8', () => {
    expect(problemOf(bytes(new Uint8Array(MAX_INPUT_BYTES + 1).fill(0x61)))).toBe('tooLarge');
    expect(problemOf(bytes(new Uint8Array(MAX_INPUT_BYTES).fill(0x61)))).toBe('stream');
    // 7 MiB of a three-byte character is 21 MiB of UTF-8
    expect(problemOf(text('♯'.repeat(7 * 1024 * 1024)))).toBe('tooLarge');
    expect(utf8Length('a é ♯ 🎸')).toBe(encode('a é ♯ 🎸').length);
    expect(utf8Length('\uD800x')).toBe(encode('\uD800x').length);
  });

  it('JSON that is not a HAR file', () => {
    expect(problemOf(text('{"choices":[{"delta":{"content":"hi"}}]}'))).toBe('notHar');
    expect(problemOf(text('[1, 2, 3]'))).toBe('notHar');
    expect(problemOf(text('{"log": {"pages": []}}'))).toBe('notHar');
  });

  it('JSON-looking text that does not parse is a body: a stream may start with a brace', () => {
    expect(problemOf(text('{"error": {"code": 503}\n'))).toBe('stream');
  });

  it('a HAR file with no streaming entry', () => {
    expect(problemOf(text(har([{ mimeType: 'application/json', text: '{"ok":true}' }])))).toBe('noStreamingEntry');
    expect(problemOf(text(har([])))).toBe('noStreamingEntry');
  });

  it('only a head and no body', () => {
    expect(problemOf(text('HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n'))).toBe('headersOnly');
    expect(problemOf(text('HTTP/2 200\ncontent-type: text/event-stream\n'))).toBe('headersOnly');
  });

  it('every reason has a message in every locale, and no two reasons share one', () => {
    const problems: InputProblem[] = [
      'empty',
      'headersOnly',
      'binary',
      'tooLarge',
      'notHar',
      'noStreamingEntry',
      'entryEmpty',
      'noSuchEntry',
    ];
    for (const locale of ['en', 'es', 'fr']) {
      const table = JSON.parse(
        readFileSync(new URL(`../../../../content/i18n/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const messages = [...problems, 'unreadable'].map((problem) => table[`course.inspect.problem.${problem}`]);
      expect(
        messages.every((message) => typeof message === 'string' && message.length > 20),
        locale,
      ).toBe(true);
      expect(new Set(messages).size, locale).toBe(messages.length);
    }
  });
});

describe('an HTTP head before the body (curl -i)', () => {
  it('is set aside, and counted in lines so that line numbers stay those of the input', () => {
    const input = 'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\ndata: a\n\n';
    const result = text(input);
    expect(result.kind).toBe('stream');
    if (result.kind !== 'stream') return;
    expect(result.body).toBe('data: a\n\n');
    expect(result.head).toEqual({
      statusLine: 'HTTP/1.1 200 OK',
      headers: [
        ['Content-Type', 'text/event-stream'],
        ['Cache-Control', 'no-cache'],
      ],
      statusAt: 1,
      headerAt: [2, 3],
      lines: 4,
      earlier: 0,
    });
  });

  it('several heads in a row (an interim 100 Continue): all set aside, the last one kept', () => {
    const split = splitHead(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/2 200\r\ncontent-type: text/event-stream\r\n\r\ndata: x\n\n',
    );
    expect('head' in split && split.head).toMatchObject({ statusLine: 'HTTP/2 200', lines: 5, earlier: 1 });
    expect('body' in split && split.body).toBe('data: x\n\n');
  });

  it('a body with no head is left whole, its byte order mark too', () => {
    expect(splitHead('\uFEFFdata: x\n\n')).toEqual({ head: null, body: '\uFEFFdata: x\n\n' });
    expect(splitHead('data: HTTP/1.1 200 OK\n\n')).toEqual({ head: null, body: 'data: HTTP/1.1 200 OK\n\n' });
  });
});

describe('a HAR file', () => {
  const file = har([
    { method: 'GET', url: 'https://host.example/', mimeType: 'text/html', text: '<!doctype html>' },
    { url: 'https://api.anthropic.com/v1/messages', text: ANTHROPIC_MESSAGES_STREAM },
    {
      url: 'https://host.example/sse-without-its-type',
      mimeType: 'application/octet-stream',
      text: Buffer.from('data: hello\n\ndata: [DONE]\n\n').toString('base64'),
      encoding: 'base64',
    },
    { url: 'https://host.example/not-saved', text: '' },
    { url: 'https://host.example/json', mimeType: 'application/json', text: '{"a":1}' },
  ]);

  it('lists the entries whose response is an event stream or looks like one, by method, address and size', () => {
    const result = text(file);
    expect(result.kind).toBe('har');
    if (result.kind !== 'har') return;
    expect(result.total).toBe(5);
    expect(result.entries.map((e) => [e.index, e.method, e.url, e.size])).toEqual([
      [1, 'POST', 'https://api.anthropic.com/v1/messages', encode(ANTHROPIC_MESSAGES_STREAM).length],
      [2, 'POST', 'https://host.example/sse-without-its-type', 27],
      [3, 'POST', 'https://host.example/not-saved', 0],
    ]);
  });

  it('reads the entry picked, with the head it records; base64 decoded', () => {
    const anthropic = text(file, 1);
    expect(anthropic.kind === 'stream' && anthropic.body).toBe(ANTHROPIC_MESSAGES_STREAM);
    expect(anthropic.kind === 'stream' && anthropic.head?.statusLine).toBe('HTTP/1.1 200 OK');
    expect(anthropic.kind === 'stream' && anthropic.head?.lines).toBe(0);
    const decoded = bytes(encode(file), 2);
    expect(decoded.kind === 'stream' && decoded.body).toBe('data: hello\n\ndata: [DONE]\n\n');
  });

  it('says so when the browser saved no body, or the entry is not a stream of the file', () => {
    expect(problemOf(text(file, 3))).toBe('entryEmpty');
    expect(problemOf(text(file, 0))).toBe('noSuchEntry');
    expect(problemOf(text(file, 99))).toBe('noSuchEntry');
  });
});
