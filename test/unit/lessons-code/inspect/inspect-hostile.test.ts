// The stream inspector on hostile and odd captures: everything in a capture is untrusted, and bad input
// gets a problem said in words, never a throw, a frozen page or a false report. Each bug found by an
// audit has its case here (names of Object.prototype's members as reasons, JSON nested past the call
// stack, a report's Markdown on a text of many backquotes, work that grew as the square of the input),
// then a property: generated hostile captures, every one read to a result the page can show, with its
// words in every locale, and no prototype touched.

import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  reportMarkdown,
  runInspect,
  type InspectReport,
  type InspectResult,
  type Tr,
} from '../../../../lessons-code/index.ts';
import { MAX_JSON_DEPTH } from '../../../../lessons-code/inspect/depth.ts';
import { errorWords } from '../../../../lessons-code/inspect/response.ts';
import { translate, type Table } from '../../../../src/demo-kit/format.ts';

const ROOT = new URL('../../../../', import.meta.url);
const LOCALES = ['en', 'es', 'fr'] as const;
const TABLES = Object.fromEntries(
  LOCALES.map((locale) => [locale, JSON.parse(readFileSync(new URL(`content/i18n/${locale}.json`, ROOT), 'utf8'))]),
) as Record<(typeof LOCALES)[number], Table>;

/** The page's strings of a locale; a key that has none throws, as the command line's do. */
const strings =
  (locale: (typeof LOCALES)[number]): Tr =>
  (key, vars) =>
    translate(TABLES[locale], locale, `course.${key}`, vars);

const inspectText = (text: string, format?: InspectReport['format']['id']) =>
  runInspect({ op: 'inspect', source: { kind: 'text', text }, ...(format ? { format } : {}) });
const inspectBytes = (bytes: Uint8Array, entry?: number) =>
  runInspect({ op: 'inspect', source: { kind: 'bytes', bytes }, ...(entry === undefined ? {} : { entry }) });

async function reportOf(text: string): Promise<InspectReport> {
  const result = await inspectText(text);
  if (result.kind !== 'report') throw new Error(`not a report: ${JSON.stringify(result).slice(0, 200)}`);
  return result.report;
}

/** The Markdown report in every locale, the stream included: what Copy gives and the command prints. */
function markdownIn(report: InspectReport, stream?: string): string[] {
  return LOCALES.map((locale) =>
    reportMarkdown(report, strings(locale), {
      lesson: () => ({ href: 'https://example.com/', title: 'Lesson' }),
      page: 'https://example.com/inspect/',
      ...(stream === undefined ? {} : { stream }),
    }),
  );
}

const sse = (...data: (string | object)[]) =>
  data.map((d) => `data: ${typeof d === 'string' ? d : JSON.stringify(d)}\n\n`).join('');

/** Names a capture may use that are members of Object.prototype, or its accessor. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

describe('a reason named like a member of Object.prototype', () => {
  const streams: Record<string, (reason: string) => string> = {
    'openai-chat': (reason) =>
      sse(
        { object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Hi' } }] },
        { object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: reason }] },
        '[DONE]',
      ),
    anthropic: (reason) =>
      sse(
        { type: 'message_start', message: { usage: { input_tokens: 1 } } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
        { type: 'message_delta', delta: { stop_reason: reason } },
        { type: 'message_stop' },
      ),
    gemini: (reason) => sse({ candidates: [{ content: { parts: [{ text: 'Hi' }] }, finishReason: reason }] }),
    'openai-responses': (reason) =>
      sse(
        { type: 'response.output_text.delta', delta: 'Hi' },
        { type: 'response.incomplete', response: { incomplete_details: { reason } } },
      ),
  };

  it('is a reason no reader knows (the turn failed), never the prototype’s member taken for an ending', async () => {
    for (const [format, stream] of Object.entries(streams))
      for (const reason of PROTOTYPE_NAMES) {
        const report = await reportOf(stream(reason));
        const where = `${format} ${reason}`;
        expect(report.format.id, where).toBe(format);
        expect(report.turn.ending.kind, where).toBe('failed');
        expect(report.turn.ending.reason, where).toBe(reason);
        // Before: the ending's kind was Object.prototype or a function, whose words no locale has.
        for (const markdown of markdownIn(report)) expect(markdown, where).toContain(reason);
      }
  });

  it('leaves the readers’ known reasons as they were', async () => {
    expect((await reportOf(streams['openai-chat']!('length'))).turn.ending.kind).toBe('token-limit');
    expect((await reportOf(streams.anthropic!('refusal'))).turn.ending.kind).toBe('refused');
    expect((await reportOf(streams.gemini!('MAX_TOKENS'))).turn.ending.kind).toBe('token-limit');
    expect((await reportOf(streams['openai-responses']!('content_filter'))).turn.ending.kind).toBe('refused');
  });
});

describe('JSON nested deeper than the readers can walk', () => {
  const deep = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const toolUse = (input: string) => {
    const block = `{"type":"tool_use","id":"t","name":"f","input":${input}}`;
    return `data: {"type":"content_block_start","index":0,"content_block":${block}}\n\n`;
  };
  const geminiCall = (args: string) =>
    `data: {"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":${args}}}]}}]}\n\n`;
  const cases: Record<string, string> = {
    'a bare array': `data: ${deep(100_000)}\n\n`,
    'Gemini’s whole call': geminiCall(`{"a":${deep(100_000)}}`),
    'Anthropic’s input in a tool_use start': `${toolUse(`{"a":${deep(100_000)}}`)}data: {"type":"message_stop"}\n\n`,
    'a usage object': `data: {"object":"chat.completion.chunk","choices":[],"usage":${deepObject(100_000)}}\n\n`,
    'GA’s error object': `data: {"error":${deep(100_000)}}\n\n`,
    // The event's object, then MAX_JSON_DEPTH arrays: one level too many.
    'just past the limit': `data: {"error":${deep(MAX_JSON_DEPTH)}}\n\n`,
  };

  it('is a problem said in words (tooDeep), in every locale, never a RangeError', async () => {
    for (const [name, text] of Object.entries(cases)) {
      const result = await inspectText(text);
      expect(result, name).toEqual({ kind: 'problem', problem: 'tooDeep' });
    }
    for (const locale of LOCALES) expect(strings(locale)('inspect.problem.tooDeep')).toContain('500');
  });

  it('reads JSON nested as deep as the limit (the event, its block, its input, then arrays)', async () => {
    const report = await reportOf(
      sse({ type: 'message_start', message: {} }) +
        toolUse(`{"a":${deep(MAX_JSON_DEPTH - 3)}}`) +
        sse({ type: 'message_stop' }),
    );
    expect(report.turn.toolCalls).toHaveLength(1);
    expect(JSON.parse(report.turn.toolCalls[0]!.arguments)).toBeTypeOf('object');
  });

  it('reads a cut event nested too deep for its first keys only', async () => {
    // The last event, with no blank line after it: its format still shows, and nothing throws.
    const report = await reportOf(`data: {"type":"message_start","x":${deep(100_000)}}`);
    expect(report.format.id).toBe('anthropic');
  });

  it('says what a whole JSON body of nested arrays is, without walking down them', async () => {
    expect(await inspectText(deep(100_000))).toEqual({ kind: 'problem', problem: 'notHar' });
    expect(errorWords(JSON.parse(deep(100_000)))).toBeNull();
    // Gemini's array of one error object is still read.
    expect(errorWords([{ error: { status: 'UNAVAILABLE', code: 503, message: 'busy' } }])).toMatchObject({
      shape: 'gemini',
      message: 'busy',
    });
  });

  it('is a problem when Gemini’s streamed argument path is deeper than the limit', async () => {
    const open = { candidates: [{ content: { parts: [{ functionCall: { name: 'f', willContinue: true } }] } }] };
    for (const path of [`$${'.a'.repeat(100_000)}`, `$.a${'[0]'.repeat(100_000)}`]) {
      const piece = {
        candidates: [
          { content: { parts: [{ functionCall: { partialArgs: [{ jsonPath: path, stringValue: 'x' }] } }] } },
        ],
      };
      expect(await inspectText(sse(open, piece))).toEqual({ kind: 'problem', problem: 'tooDeep' });
    }
  });
});

describe('work that grew as the square of the input', () => {
  it('puts Gemini’s arguments streamed in thousands of pieces together, once', async () => {
    const pieces = 20_000;
    const open = { candidates: [{ content: { parts: [{ functionCall: { name: 'f', willContinue: true } }] } }] };
    const piece = (i: number) => ({
      candidates: [
        {
          content: {
            parts: [{ functionCall: { partialArgs: [{ jsonPath: '$.text', stringValue: `${i % 10}` }] } }],
          },
        },
      ],
    });
    const close = { candidates: [{ content: { parts: [{ functionCall: {} }] }, finishReason: 'STOP' }] };
    const report = await reportOf(sse(open, ...Array.from({ length: pieces }, (_, i) => piece(i)), close));
    const args = JSON.parse(report.turn.toolCalls[0]!.arguments) as { text: string };
    expect(args.text).toHaveLength(pieces);
    expect(args.text.slice(0, 12)).toBe('012345678901');
  });

  it('looks for sentence runs in an answer without any whitespace, each event a word', async () => {
    // `Word1.` then `Word2.`…: each place where two pieces meet was walked back to the answer's start.
    const words = Array.from({ length: 30_000 }, (_, i) => `Word${i}.`);
    const report = await reportOf(sse({ type: 'routing', agentId: 'a' }, ...words, '[DONE]'));
    expect(report.format.id).toBe('ga');
    expect(report.turn.answer).toBe(words.join(''));
    // Each place follows a dotted word (`Word0.Word1.`): a name or code, never a sentence run.
    expect(report.findings.map((f) => f.id)).not.toContain('sentenceRun');
    // The run of the pinned chunker is still found after a word of its own.
    const run = await reportOf(sse({ type: 'routing', agentId: 'a' }, 'Play the chord.', 'Then resolve.', '[DONE]'));
    expect(run.findings.map((f) => f.id)).toContain('sentenceRun');
  });
});

describe('the Markdown report of a text with many backquotes', () => {
  it('writes a tool call’s arguments and the stream in code longer than any run of them, no RangeError', async () => {
    const ticks = '`a'.repeat(300_000);
    const text =
      sse(
        { type: 'message_start', message: {} },
        { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 't', name: 'f', input: {} } },
        {
          type: 'content_block_delta',
          index: 0,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(`${ticks}\`\`\`\``) },
        },
      ) + sse({ type: 'message_stop' });
    const report = await reportOf(text);
    const args = JSON.stringify(`${ticks}\`\`\`\``);
    expect(report.turn.toolCalls[0]!.arguments).toBe(args);
    for (const markdown of markdownIn(report, text)) {
      // Four backquotes in a row in the arguments: the code around them takes five, the fence around the stream too.
      expect(markdown.includes(`\`\`\`\`\`${args}\`\`\`\`\``)).toBe(true);
      expect(markdown.includes('\n`````text\n')).toBe(true);
    }
  });
});

/** The own members of Object.prototype and Array.prototype, to see that none was added or replaced. */
function prototypeState(): Map<unknown, unknown>[] {
  return [Object.prototype, Array.prototype].map(
    (o) =>
      new Map(
        Reflect.ownKeys(o).map((key) => {
          const d = Object.getOwnPropertyDescriptor(o, key)!;
          return [key, d.value ?? d.get];
        }),
      ),
  );
}

describe('generated hostile captures', () => {
  // Pieces of captures: lines of every kind a capture holds, with the names, numbers and bytes that
  // make trouble (prototype names as types, ids, keys and reasons; indexes far out, negative, not
  // whole; line ends alone or mixed; a BOM, NUL, lone surrogates; JSON nested past the limit).
  const name = fc.constantFrom(...PROTOTYPE_NAMES, 'message', 'error', 'routing', 'a', '');
  const number = fc.constantFrom(0, 1, -1, 1.5, 1e9, -0, 2 ** 53, Number.MAX_VALUE);
  const numberish = fc.oneof(number, fc.constantFrom('NaN', 'Infinity', '1e9', '-1', null, true, [], {}));
  const jsonValue = fc.oneof(
    fc.record({
      object: fc.constantFrom('chat.completion.chunk', '__proto__'),
      choices: fc.array(
        fc.record({
          index: numberish,
          delta: fc.record({
            content: fc.oneof(fc.string(), fc.constant(null)),
            tool_calls: fc.array(
              fc.record({
                index: numberish,
                id: name,
                type: fc.constantFrom('function', '__proto__'),
                function: fc.record({ name, arguments: fc.oneof(fc.string(), fc.constant('{"a":')) }),
              }),
              { maxLength: 3 },
            ),
          }),
          finish_reason: fc.oneof(name, fc.constant('stop'), fc.constant('length')),
        }),
        { maxLength: 2 },
      ),
      usage: fc.dictionary(name, numberish, { maxKeys: 3 }),
    }),
    fc.record({
      type: fc.constantFrom('message_start', 'content_block_start', 'content_block_delta', 'message_delta', 'error'),
      index: numberish,
      content_block: fc.record({
        type: fc.constant('tool_use'),
        id: name,
        name,
        input: fc.dictionary(name, fc.string()),
      }),
      delta: fc.record({
        type: fc.constantFrom('input_json_delta', 'text_delta'),
        partial_json: fc.string(),
        stop_reason: name,
      }),
    }),
    fc.record({
      candidates: fc.array(
        fc.record({
          index: numberish,
          content: fc.record({
            parts: fc.array(
              fc.oneof(
                fc.record({ text: fc.string() }),
                fc.record({
                  functionCall: fc.record({
                    name,
                    id: name,
                    willContinue: fc.boolean(),
                    partialArgs: fc.array(
                      fc.record({
                        jsonPath: fc.oneof(
                          name.map((n) => `$.${n}`),
                          fc.constantFrom(
                            '$.__proto__.x',
                            '$.constructor.prototype.x',
                            '$.a[99999999]',
                            '$.a[-1]',
                            '$',
                          ),
                        ),
                        stringValue: fc.string(),
                        numberValue: numberish,
                      }),
                      { maxLength: 3 },
                    ),
                  }),
                }),
              ),
              { maxLength: 3 },
            ),
          }),
          finishReason: name,
        }),
        { maxLength: 2 },
      ),
    }),
    fc.dictionary(name, fc.oneof(fc.string(), numberish)),
  );
  const jsonText = fc.oneof(
    jsonValue.map((value) => JSON.stringify(value)),
    // __proto__ as an own key, as JSON.parse makes it (JSON.stringify of a literal cannot write it).
    name.map((n) => `{"__proto__":{"polluted":1},"type":"${n}","${n}":{"${n}":1}}`),
    fc
      .oneof(fc.integer({ min: MAX_JSON_DEPTH - 2, max: MAX_JSON_DEPTH + 2 }), fc.constant(50_000))
      .map((d) => `{"error":${'['.repeat(d)}${']'.repeat(d)}}`),
    fc.constantFrom('[DONE]', '{', '{"', '{"type":"response.', ''),
  );
  const line = fc.oneof(
    jsonText.map((json) => `data: ${json}`),
    name.map((n) => `event: ${n}`),
    name.map((n) => `id: ${n}`),
    numberish.map((n) => `retry: ${String(n)}`),
    fc.constantFrom(
      ': keep-alive',
      'data:',
      'data',
      ' data: x',
      'Data: x',
      '\uFEFFdata: x',
      'data: \uD800',
      'data: a\u0000b',
    ),
    fc.constantFrom(
      'HTTP/1.1 200 OK',
      'content-type: text/event-stream',
      '< HTTP/1.1 200 OK',
      '* Trying 127.0.0.1',
      'curl: (18) cut',
    ),
    fc.string({ maxLength: 20 }),
  );
  const end = fc.constantFrom('\n', '\r\n', '\r', '\n\n', '\r\n\r\n', '\r\r', '');
  const lines = fc.array(fc.tuple(line, end), { maxLength: 12 }).map((all) => all.map(([l, e]) => l + e).join(''));
  // Events in whole, as a server writes them, so that the readers of each format get far into them.
  const events = fc
    .tuple(fc.array(jsonText, { minLength: 1, maxLength: 6 }), fc.boolean(), end)
    .map(
      ([all, done, last]) => `${[...all, ...(done ? ['[DONE]'] : [])].map((d) => `data: ${d}\n\n`).join('')}${last}`,
    );
  const body = fc.oneof(lines, events);
  const capture = fc.oneof(
    body.map((text) => ({ kind: 'text' as const, text })),
    body.map((text) => ({ kind: 'bytes' as const, bytes: new TextEncoder().encode(text) })),
    // UTF-16 with its mark, gzip of it, a HAR file holding it, and bytes of any kind.
    body.map((text) => ({ kind: 'bytes' as const, bytes: new Uint8Array(Buffer.from(`\uFEFF${text}`, 'utf16le')) })),
    body.map((text) => ({
      kind: 'bytes' as const,
      bytes: new Uint8Array(gzipSync(text).subarray(0, 10 + text.length)),
    })),
    fc.tuple(body, fc.constantFrom('text/event-stream', '__proto__'), fc.boolean()).map(([text, mimeType, base64]) => ({
      kind: 'text' as const,
      text: JSON.stringify({
        log: {
          entries: [
            {
              request: { method: 'POST', url: 'https://example.com/' },
              response: {
                status: 200,
                headers: [
                  { name: '__proto__', value: 'x' },
                  { name: 'content-type', value: 'text/event-stream' },
                ],
                content: base64
                  ? { mimeType, text: Buffer.from(text).toString('base64'), encoding: 'base64' }
                  : { mimeType, text },
              },
              timings: { wait: -1, receive: 1e308 },
            },
          ],
        },
      }),
    })),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ kind: 'bytes' as const, bytes })),
  );

  it('are each read to a report, a list, a response or a problem with words, and touch no prototype', async () => {
    const before = prototypeState();
    await fc.assert(
      fc.asyncProperty(capture, fc.constantFrom(undefined, 0, 1, -1, 1.5), async (source, entry) => {
        const result: InspectResult = await runInspect({
          op: 'inspect',
          source,
          ...(entry === undefined ? {} : { entry }),
        });
        expect(['report', 'har', 'response', 'problem']).toContain(result.kind);
        if (result.kind === 'problem')
          for (const locale of LOCALES) expect(strings(locale)(`inspect.problem.${result.problem}`)).not.toBe('');
        if (result.kind === 'report') {
          const { report } = result;
          expect(['complete', 'cut', 'failed', 'refused', 'token-limit', 'unknown']).toContain(report.turn.ending.kind);
          for (const call of report.turn.toolCalls) expect(typeof call.arguments).toBe('string');
          markdownIn(report, source.kind === 'text' ? source.text : undefined);
          JSON.stringify(report);
        }
        expect(prototypeState()).toEqual(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { seed: 20_251_106, numRuns: 300 },
    );
    // A file of bytes read by inspectBytes goes the same way (the command line's path).
    expect((await inspectBytes(new Uint8Array(0))).kind).toBe('problem');
  });
});
