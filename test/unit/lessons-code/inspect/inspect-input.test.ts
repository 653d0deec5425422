// The stream inspector's input (lessons-code/inspect/input.ts): what it refuses and why (each
// reason has its message in every locale), the HTTP head curl -i prints, set aside, and HAR files,
// their streaming entries listed and one read, base64 included.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_MESSAGES_STREAM } from '../../../../lessons-code/index.ts';
import {
  MAX_INPUT_BYTES,
  inflateGzip,
  readInput,
  splitHead,
  utf8Length,
  type InputProblem,
  type InputResult,
} from '../../../../lessons-code/inspect/input.ts';

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
    expect(problemOf(bytes(new Uint8Array(MAX_INPUT_BYTES).fill(0x61)))).not.toBe('tooLarge');
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

  it('JSON cut short, or broken, is said so in words; a stream that starts with a brace is read', () => {
    expect(problemOf(text('{"error": {"code": 503}\n'))).toBe('jsonCut');
    expect(problemOf(text('{"error": {"code": 503}}}\n'))).toBe('jsonInvalid');
    expect(problemOf(text('{"a": "an open string\n'))).toBe('jsonCut');
    expect(problemOf(text('{"a":1}\ndata: x\n\n'))).toBe('stream');
  });

  it('a HAR file cut short, or broken, is said so in words and never read as a stream', () => {
    const whole = har([{ text: 'data: hello\n\n' }]);
    expect(problemOf(text(whole.slice(0, whole.length - 40)))).toBe('harCut');
    expect(problemOf(text(whole.replace('"entries":', '"entries"::')))).toBe('harInvalid');
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
      'compressed',
      'harCut',
      'harInvalid',
      'jsonCut',
      'jsonInvalid',
      'curlVerbose',
      'curlVerboseNoBody',
      'curlTrace',
      'curlFailed',
      'tooDeep',
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

describe('what a developer brings: other encodings, curl -v, pasted text', () => {
  const stream = 'data: {"a":"G♯"}\r\n\r\ndata: [DONE]\r\n\r\n';
  const utf16 = (value: string, little: boolean, bom: boolean) => {
    const out = new Uint8Array((value.length + (bom ? 1 : 0)) * 2);
    [...(bom ? '\uFEFF' : ''), ...value].forEach((char, i) => {
      const code = char.charCodeAt(0);
      out[2 * i + (little ? 0 : 1)] = code & 0xff;
      out[2 * i + (little ? 1 : 0)] = code >> 8;
    });
    return out;
  };

  it('UTF-16, little- or big-endian, by its byte order mark or by its NUL bytes, is read as text', () => {
    for (const little of [true, false])
      for (const bom of [true, false]) {
        const result = bytes(utf16(stream, little, bom));
        expect(result.kind, `${little} ${bom}`).toBe('stream');
        if (result.kind !== 'stream') continue;
        expect(result.body).toBe(stream);
        expect(result.decoded).toBe(little ? 'utf-16le' : 'utf-16be');
        expect(result.replaced).toBe(0);
      }
    // A head before the body, as Windows PowerShell 5.1 writes curl -i's output with >
    const captured = bytes(utf16(`HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\n${stream}`, true, true));
    expect(captured.kind === 'stream' && [captured.head?.statusLine, captured.body]).toEqual([
      'HTTP/1.1 200 OK',
      stream,
    ]);
  });

  it('gzip bytes, alone or after a head, and a head naming a coding over noise pasted: compressed, in words', () => {
    expect(problemOf(bytes(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff])))).toBe('compressed');
    const head = encode('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-encoding: gzip\r\n\r\n');
    expect(problemOf(bytes(new Uint8Array([...head, 0x1f, 0x8b, 8, 0, 0x13, 0x88])))).toBe('compressed');
    const br = encode('HTTP/2 200\r\ncontent-encoding: br\r\n\r\n');
    expect(problemOf(bytes(new Uint8Array([...br, 0x8b, 0x05, 0x80, 0xff, 0xfe, 0xc3, 0xc3, 0xfa, 0x91, 0x92])))).toBe(
      'compressed',
    );
    expect(
      problemOf(text('HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\n\r\n\u001f\uFFFD\b\u0000\u0000\uFFFD\uFFFD\u0003')),
    ).toBe('compressed');
    // curl --compressed: the head still says gzip, the body is text
    expect(problemOf(text('HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\n\r\ndata: x\n\n'))).toBe('stream');
  });

  it('a pasted text with U+FFFD is read, as the same bytes in a file are', () => {
    const replaced = 'data: \uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD\n\n';
    expect(problemOf(text(replaced))).toBe('stream');
    expect(problemOf(bytes(encode(replaced)))).toBe('stream');
  });

  const verbose = [
    '*   Trying 127.0.0.1:5252...',
    '* Connected to 127.0.0.1 (127.0.0.1) port 5252 (#0)',
    '> POST /api/chatbot/chat/stream HTTP/1.1\r',
    '> Host: 127.0.0.1:5252\r',
    '> \r',
    '} [36 bytes data]',
    '< HTTP/1.1 200 OK\r',
    '< content-type: text/event-stream\r',
    '< cache-control: no-cache\r',
    '< \r',
    '{ [408 bytes data]',
    'data: hello',
    '',
    'data: [DONE]',
    '',
    '* Connection #0 to host 127.0.0.1 left intact',
    '',
  ].join('\n');

  it('curl -v: the head read from its < lines, the body from the lines after them; line numbers the input’s', () => {
    const result = text(verbose);
    expect(result.kind).toBe('stream');
    if (result.kind !== 'stream') return;
    expect(result.body).toBe('data: hello\n\ndata: [DONE]\n\n');
    expect(result.head).toMatchObject({
      statusLine: 'HTTP/1.1 200 OK',
      headers: [
        ['content-type', 'text/event-stream'],
        ['cache-control', 'no-cache'],
      ],
      statusAt: 7,
      headerAt: [8, 9],
      lines: 11,
    });
  });

  it('curl --trace-ascii: said so in words; a request printed before the response (HTTPie -v): set aside', () => {
    const trace = '== Info:   Trying 127.0.0.1:5252...\n=> Send header, 90 bytes (0x5a)\n0000: POST /x HTTP/1.1\n';
    expect(problemOf(text(trace))).toBe('curlTrace');
    const echoed = [
      'POST /api/chatbot/chat/stream HTTP/1.1',
      'Content-Type: application/json',
      '',
      '{"message": "Show me Cmaj7 voicings"}',
      '',
      '',
      'HTTP/1.1 200 OK',
      'content-type: text/event-stream',
      '',
      'data: [DONE]',
      '',
      '',
    ].join('\n');
    const result = text(echoed);
    expect(result.kind === 'stream' && [result.head?.statusLine, result.head?.statusAt, result.head?.headerAt]).toEqual(
      ['HTTP/1.1 200 OK', 7, [8]],
    );
    expect(result.kind === 'stream' && [result.body, result.head?.lines]).toEqual(['data: [DONE]\n\n', 9]);
  });

  it('curl’s error line at the end is set aside and kept as what curl said; alone, curl got no response', () => {
    const cut = 'data: {"a":1}\n\ncurl: (18) transfer closed with outstanding read data remaining\n';
    const result = text(cut);
    expect(result.kind === 'stream' && [result.body, result.curlSaid]).toEqual([
      'data: {"a":1}\n\n',
      'curl: (18) transfer closed with outstanding read data remaining',
    ]);
    expect(text('data: x\n\n').kind === 'stream' && text('data: x\n\n')).toMatchObject({ curlSaid: null });
    expect(text('curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn’t connect to server\n')).toEqual({
      kind: 'problem',
      problem: 'curlFailed',
      detail: 'curl: (7) Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn’t connect to server',
    });
  });

  it('curl -i -v: the head printed again before the body is set aside too', () => {
    const both = verbose.replace(
      '{ [408 bytes data]\n',
      '{ [408 bytes data]\nHTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n',
    );
    const result = text(both);
    expect(result.kind === 'stream' && [result.body, result.head?.lines]).toEqual([
      'data: hello\n\ndata: [DONE]\n\n',
      14,
    ]);
  });

  it('curl -v without a response, without a body, or with its marks inside lines: said so in words', () => {
    const refused = text('*   Trying 127.0.0.1:9...\n* connect to 127.0.0.1 port 9 failed: Connection refused\n');
    expect(refused).toEqual({
      kind: 'problem',
      problem: 'curlVerbose',
      detail: 'connect to 127.0.0.1 port 9 failed: Connection refused',
    });
    expect(problemOf(text(verbose.replace(/\ndata: [\s\S]*?(?=\* Connection)/, '\n')))).toBe('curlVerboseNoBody');
    expect(problemOf(text(verbose.replace('data: hello', 'data: hel{ [3 bytes data]\nlo')))).toBe('curlVerbose');
    // A text that merely starts with "* " is no curl output
    expect(problemOf(text('* a list item\n* another\n'))).toBe('response');
  });
});

describe('a HAR entry is a stream by its type or by an event-stream line at its start', () => {
  const file = har([
    { url: 'https://host.example/style.css', mimeType: 'text/css', text: ':root {\n  --gap: 1rem;\n}\n' },
    { url: 'https://host.example/keep-alive-first', mimeType: 'text/plain', text: ': ping\n\ndata: x\n\n' },
    { url: 'https://host.example/typed', mimeType: 'text/event-stream; charset=utf-8', text: ': ping\n\n' },
    { url: 'https://host.example/comment-only', mimeType: 'text/plain', text: ': just a comment\n' },
  ]);

  it('lists the typed entry and the one whose first field line is an event stream’s, never CSS', () => {
    const result = text(file);
    expect(result.kind === 'har' && result.entries.map((e) => e.url)).toEqual([
      'https://host.example/keep-alive-first',
      'https://host.example/typed',
    ]);
  });
});

describe('a gzip body, inflated before it is read (curl -i without --compressed)', () => {
  const stream = 'data: {"a":1}\n\ndata: {"a":2}\n\ndata: [DONE]\n\n'.repeat(40);
  const head = encode('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncontent-encoding: gzip\r\n\r\n');
  const zipped = new Uint8Array(gzipSync(stream));

  it('alone or after its head: the head kept as it was, the body inflated', async () => {
    expect(new TextDecoder().decode((await inflateGzip(zipped))!)).toBe(stream);
    const inflated = await inflateGzip(new Uint8Array([...head, ...zipped]));
    const result = bytes(inflated!);
    expect(result.kind === 'stream' && [result.head?.statusLine, result.body]).toEqual(['HTTP/1.1 200 OK', stream]);
  });

  it('cut short: what came before the cut; nothing to inflate, or broken from the start: null', async () => {
    const cut = await inflateGzip(zipped.subarray(0, Math.floor(zipped.length * 0.6)));
    const text = new TextDecoder().decode(cut!);
    expect(text.length).toBeGreaterThan(0);
    expect(stream.startsWith(text)).toBe(true);
    expect(text.length).toBeLessThan(stream.length);
    expect(await inflateGzip(encode(stream))).toBeNull();
    expect(await inflateGzip(new Uint8Array([0x1f, 0x8b, 0xff, 0xff, 0xff, 0xff]))).toBeNull();
  });

  it('a body that inflates past 20 MB: inflating stops there, and the input is too large', async () => {
    const bomb = new Uint8Array(gzipSync(Buffer.alloc(MAX_INPUT_BYTES * 2, 'data: a\n\n')));
    expect(bomb.length).toBeLessThan(200_000);
    const inflated = await inflateGzip(bomb);
    expect(inflated!.length).toBeLessThan(MAX_INPUT_BYTES * 1.5);
    expect(problemOf(bytes(inflated!))).toBe('tooLarge');
  });
});
