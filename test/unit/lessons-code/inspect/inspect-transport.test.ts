// The stream inspector's transport part (lessons-code/inspect/transport.ts) and its findings
// (lessons-code/inspect/findings.ts, transportFindings): a HAR entry's status, headers and timings, read from
// hand-made HAR files shaped like the one Chromium writes through Playwright's recordHar (no
// `blocked`, -1 for the phases of a reused connection); a streamed entry and a buffered one, and the
// one late burst found only in the second; the content type, a compressed body, cache-control and a
// status that is not 2xx, from a HAR entry and from curl -i's head; the words and the Markdown report.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { selectStrings, translate } from '../../../../src/demo-kit/format.ts';
import type { FindingId } from '../../../../lessons-code/inspect/findings.ts';
import { readInput } from '../../../../lessons-code/inspect/input.ts';
import { LESSON_LINKS } from '../../../../lessons-code/inspect/lessons.ts';
import { findingLines, findingText, reportMarkdown, type Tr } from '../../../../lessons-code/inspect/report.ts';
import { inspectBody, runInspect, type InspectReport } from '../../../../lessons-code/inspect/inspect.ts';
import {
  BURST_MAX_RECEIVE_SHARE,
  BURST_MIN_EVENTS,
  BURST_MIN_WAIT,
  bodyTiming,
} from '../../../../lessons-code/inspect/transport.ts';

const trOf = (locale: 'en' | 'es' | 'fr'): Tr => {
  const all = JSON.parse(
    readFileSync(new URL(`../../../../content/i18n/${locale}.json`, import.meta.url), 'utf8'),
  ) as Record<string, string>;
  const table = selectStrings(all, ['course.']);
  return (key, vars) => translate(table, locale, key, vars);
};
const tr = trOf('en');

/** A chunk of Chat Completions, as an event. */
const chunk = (choice: object) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, ...choice }] })}\n\n`;
/** Eight events of a Chat Completions answer, its finish reason, then [DONE]: the body both entries carry. */
const BODY =
  ['Cmaj7', ' is', ' C', ' E', ' G', ' B', '.', ' Try it.'].map((content) => chunk({ delta: { content } })).join('') +
  chunk({ delta: {}, finish_reason: 'stop' }) +
  'data: [DONE]\n\n';
const EVENTS = 10;

interface EntrySpec {
  url?: string;
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  timings?: Record<string, number>;
  time?: number;
  text?: string;
}
const SSE_HEADERS = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
/** A streamed entry: the headers at once, then the body over most of the time (as Chromium timed one). */
const STREAMED: EntrySpec = {
  url: 'http://127.0.0.1:4000/streamed',
  timings: { dns: -1, connect: -1, ssl: -1, send: 0, wait: 9.6, receive: 1236.6 },
  time: 1246.2,
};
/** A buffered entry: a long silence, then the whole body at once. */
const BUFFERED: EntrySpec = {
  url: 'http://127.0.0.1:4000/buffered',
  timings: { dns: -1, connect: -1, ssl: -1, send: 0, wait: 1227.8, receive: 89 },
  time: 1316.8,
};

/** A HAR file as Chromium writes it through Playwright (log.entries[].request, .response, .timings, .time). */
function har(...entries: EntrySpec[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'Playwright', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: '2026-01-01T00:00:00.000Z',
        time: e.time ?? 0,
        request: { method: 'GET', url: e.url ?? 'http://127.0.0.1:4000/stream', headers: [] },
        response: {
          status: e.status ?? 200,
          statusText: e.statusText ?? 'OK',
          httpVersion: 'HTTP/1.1',
          headers: Object.entries(e.headers ?? SSE_HEADERS).map(([name, value]) => ({ name, value })),
          content: { size: BODY.length, mimeType: 'text/event-stream', text: e.text ?? BODY },
        },
        ...(e.timings ? { timings: e.timings } : {}),
      })),
    },
  });
}

/** The report on entry `index` of a HAR file, as the page's worker makes it. */
async function fromHar(file: string, index = 0): Promise<InspectReport> {
  const result = await runInspect({ op: 'inspect', source: { kind: 'text', text: file }, entry: index });
  if (typeof result === 'string' || result.kind !== 'report') throw new Error(JSON.stringify(result));
  return result.report;
}
/** The report on a body pasted with curl -i's head. */
function fromCurl(head: string): InspectReport {
  const input = readInput({ kind: 'text', text: head + BODY });
  if (input.kind !== 'stream') throw new Error(JSON.stringify(input));
  return inspectBody(input.body, { head: input.head, bytes: input.bytes });
}
const ids = (report: InspectReport) => report.findings.map((f) => f.id);
const finding = (report: InspectReport, id: FindingId) => report.findings.find((f) => f.id === id);

describe('a HAR entry’s timings', () => {
  it('are read as the file gives them: -1 where a phase does not apply, null where the file has none', () => {
    const input = readInput({ kind: 'text', text: har(STREAMED) }, 0);
    expect(input.kind === 'stream' && input.entry?.timings).toEqual({
      blocked: null, // Chromium's HAR has no `blocked`
      dns: -1,
      connect: -1,
      send: 0,
      wait: 9.6,
      receive: 1236.6,
      time: 1246.2,
    });
    const listed = readInput({ kind: 'text', text: har(STREAMED, { ...BUFFERED, timings: undefined }) });
    expect(listed.kind === 'har' && listed.entries.map((e) => e.timings?.wait ?? null)).toEqual([9.6, null]);
  });
});

describe('the transport part', () => {
  it('from a HAR entry: its status, the four headers (absent ones as null) and its timings', async () => {
    const report = await fromHar(har(STREAMED));
    const transport = report.transport!;
    expect(transport.har).toBe(true);
    expect(transport.status).toBe(200);
    expect(transport.statusLine).toBe('HTTP/1.1 200 OK');
    expect(transport.headers.map((h) => [h.name, h.value])).toEqual([
      ['content-type', 'text/event-stream'],
      ['content-encoding', null],
      ['cache-control', 'no-cache'],
      ['x-accel-buffering', null],
    ]);
    expect(transport.timings?.receive).toBe(1236.6);
    expect(transport.body).toMatchObject({ wait: 9.6, receive: 1236.6, events: EVENTS, burst: false });
    expect(transport.body!.share).toBeGreaterThan(0.99);
  });

  it('from curl -i’s head: the lines of the status and of each header, no timings', () => {
    const report = fromCurl(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/2 200\r\ncontent-type: text/event-stream\r\nx-accel-buffering: no\r\n\r\n',
    );
    const transport = report.transport!;
    expect(transport.har).toBe(false);
    expect(transport.statusAt).toBe(3);
    expect(transport.headers.find((h) => h.name === 'x-accel-buffering')).toEqual({
      name: 'x-accel-buffering',
      value: 'no',
      line: 5,
    });
    expect(transport.timings).toBeNull();
    expect(transport.body).toBeNull();
  });

  it('none for a body alone, and none of the transport’s findings', () => {
    const report = inspectBody(BODY);
    expect(report.transport).toBeNull();
    expect(ids(report)).toEqual([]);
  });
});

describe('one late burst', () => {
  it('the buffered entry has it, the streamed one does not; the rest of the stream is the same', async () => {
    const streamed = await fromHar(har(STREAMED));
    const buffered = await fromHar(har(BUFFERED));
    expect(ids(streamed)).toEqual([]);
    expect(ids(buffered)).toEqual(['burst']);
    expect(buffered.turn.answer).toBe(streamed.turn.answer);
    const burst = finding(buffered, 'burst')!;
    expect(burst).toMatchObject({ severity: 'problem', lines: [], from: 'timings', lesson: 'noStream' });
    expect(LESSON_LINKS[burst.lesson].en).toBe('ga-ai/06b-beyond-the-wire/#the-stream-that-doesnt-stream');
    expect(findingLines(burst, tr)).toBe('From the HAR entry’s timings');
    expect(findingText(burst, tr)).toMatch(/^The response began after 1,228 ms, then its 10 events came within 89 ms:/);
    expect(findingText(burst, trOf('fr'))).toContain('au bout de 1\u202f228\u00a0ms, puis ses 10 événements');
  });

  it('needs a wait of a second, a receive of at most a tenth of the time, and enough events', () => {
    const timing = (wait: number, receive: number, events = EVENTS) =>
      bodyTiming({ blocked: null, dns: -1, connect: -1, send: 0, wait, receive, time: null }, events)?.burst;
    expect(BURST_MIN_WAIT).toBe(1000);
    expect(BURST_MAX_RECEIVE_SHARE).toBe(0.1);
    expect(timing(1000, 100)).toBe(true);
    expect(timing(999, 50)).toBe(false); // a short silence
    expect(timing(1000, 120)).toBe(false); // the body took more than a tenth of the time
    expect(timing(20_000, 2_500)).toBe(false); // a model that thinks, then writes for a while
    expect(timing(5000, 10, BURST_MIN_EVENTS - 1)).toBe(false); // too few events to spread out
    expect(timing(5000, 10, BURST_MIN_EVENTS)).toBe(true);
    // a phase the file does not record, or that does not apply: nothing to tell
    expect(bodyTiming({ blocked: null, dns: -1, connect: -1, send: 0, wait: 5000, receive: -1, time: 5000 }, 9)).toBe(
      null,
    );
    expect(bodyTiming(null, 9)).toBeNull();
  });

  it('an entry without timings has none; the transport says the timings are missing', async () => {
    const report = await fromHar(har({ ...BUFFERED, timings: undefined }));
    expect(report.transport?.timings).toBeNull();
    expect(ids(report)).toEqual([]);
  });
});

describe('the headers’ findings', () => {
  it('a content type other than text/event-stream, or none; a charset parameter is fine', async () => {
    const json = await fromHar(har({ ...STREAMED, headers: { ...SSE_HEADERS, 'content-type': 'application/json' } }));
    expect(ids(json)).toEqual(['contentType']);
    const type = finding(json, 'contentType')!;
    expect(type).toMatchObject({ severity: 'problem', lesson: 'fiveRules', detail: { type: 'application/json' } });
    expect(findingText(type, tr)).toMatch(
      /^The response says its body is application\/json\. A reader built on EventSource/,
    );
    expect(findingLines(type, tr)).toBe('From the HAR entry’s status and headers');
    const none = await fromHar(har({ ...STREAMED, headers: { 'cache-control': 'no-cache' } }));
    expect(findingText(finding(none, 'contentType')!, tr)).toMatch(/^The response has no content-type header\./);
    const charset = { ...SSE_HEADERS, 'Content-Type': 'text/event-stream; charset=utf-8' };
    delete (charset as Record<string, string>)['content-type'];
    expect(ids(await fromHar(har({ ...STREAMED, headers: charset })))).toEqual([]);
  });

  it('a compressed body (gzip, br), a note; identity is not compression', async () => {
    const gzip = await fromHar(har({ ...STREAMED, headers: { ...SSE_HEADERS, 'content-encoding': 'gzip' } }));
    expect(finding(gzip, 'compressed')).toMatchObject({
      severity: 'note',
      lesson: 'noStream',
      detail: { coding: 'gzip' },
    });
    expect(findingText(finding(gzip, 'compressed')!, tr)).toContain('(content-encoding: gzip)');
    // a header line is HTTP's, in French too: no space between the name and its colon
    expect(findingText(finding(gzip, 'compressed')!, trOf('fr'))).toContain('(content-encoding: gzip)');
    const br = await fromHar(har({ ...STREAMED, headers: { ...SSE_HEADERS, 'Content-Encoding': 'br' } }));
    expect(ids(br)).toEqual(['compressed']);
    const identity = { ...SSE_HEADERS, 'content-encoding': 'identity' };
    expect(ids(await fromHar(har({ ...STREAMED, headers: identity })))).toEqual([]);
  });

  it('cache-control without no-cache or no-transform, or none at all, a note', async () => {
    const withCache = (value: string) =>
      fromHar(har({ ...STREAMED, headers: { 'content-type': 'text/event-stream', 'cache-control': value } }));
    expect(ids(await withCache('no-cache'))).toEqual([]);
    expect(ids(await withCache('no-transform'))).toEqual([]);
    expect(ids(await withCache('No-Cache, must-revalidate'))).toEqual([]);
    const privateCache = await withCache('private, max-age=60');
    const cache = finding(privateCache, 'cacheControl')!;
    expect(cache).toMatchObject({ severity: 'note', lesson: 'noStream', detail: { value: 'private, max-age=60' } });
    expect(findingText(cache, tr)).toMatch(/^The response’s cache-control says private, max-age=60, without no-transf/);
    // no-cache does not keep a cache from storing a response: only no-store does, and the note says so
    expect(findingText(cache, tr)).toContain('only no-store keeps a cache from storing');
    expect(findingText(cache, trOf('fr'))).toContain('Cache-Control: no-cache');
    const absent = await fromHar(har({ ...STREAMED, headers: { 'content-type': 'text/event-stream' } }));
    expect(findingText(finding(absent, 'cacheControl')!, tr)).toMatch(/^The response has no cache-control header,/);
  });

  it('x-accel-buffering: yes, a note (it holds for the app behind nginx); no, or none, nothing', async () => {
    const withBuffering = (value: string) =>
      fromHar(har({ ...STREAMED, headers: { ...SSE_HEADERS, 'X-Accel-Buffering': value } }));
    const buffered = finding(await withBuffering('yes'), 'proxyBuffering')!;
    expect(buffered).toMatchObject({ severity: 'note', lesson: 'noStream' });
    expect(findingText(buffered, tr)).toMatch(/^The response says x-accel-buffering: yes\. An nginx in front/);
    // nginx keeps X-Accel-* from the client by default: the note says where such a capture was taken
    expect(findingText(buffered, tr)).toContain('does not pass the header on to the client by default');
    expect(findingText(buffered, trOf('fr'))).toContain('x-accel-buffering: yes.');
    expect(ids(await withBuffering('no'))).toEqual([]);
    expect(ids(await fromHar(har(STREAMED)))).toEqual([]);
    const curl = fromCurl(
      'HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n' +
        'X-Accel-Buffering: yes\r\n\r\n',
    );
    expect(curl.findings.map((f) => [f.id, f.lines])).toEqual([['proxyBuffering', [4]]]);
  });

  it('a status that is not 2xx, first of all the findings', async () => {
    const failed = await fromHar(har({ ...BUFFERED, status: 503, statusText: 'Service Unavailable' }));
    expect(ids(failed)).toEqual(['status', 'burst']);
    const status = finding(failed, 'status')!;
    expect(status).toMatchObject({
      severity: 'problem',
      lesson: 'whenFails',
      detail: { status: 'HTTP/1.1 503 Service Unavailable' },
    });
    expect(findingText(status, tr)).toMatch(/^The server answered HTTP\/1\.1 503 Service Unavailable: /);
    expect(ids(await fromHar(har({ ...STREAMED, status: 204, statusText: 'No Content' })))).toEqual([]);
  });

  it('from curl -i’s head, each finding names the line it rests on', () => {
    const report = fromCurl(
      'HTTP/1.1 500 Internal Server Error\r\nContent-Type: text/plain\r\nContent-Encoding: br\r\n\r\n',
    );
    expect(ids(report)).toEqual(['status', 'contentType', 'compressed', 'cacheControl']);
    expect(report.findings.map((f) => [f.id, f.lines])).toEqual([
      ['status', [1]],
      ['contentType', [2]],
      ['compressed', [3]],
      ['cacheControl', [1]], // absent: the status line stands for the head
    ]);
    expect(findingLines(finding(report, 'contentType')!, tr)).toBe('Lines: 2');
    expect(report.findings.every((f) => f.from === 'head')).toBe(true);
  });
});

describe('the Markdown report', () => {
  const lesson = (key: keyof typeof LESSON_LINKS) => ({
    href: `https://course.example/${LESSON_LINKS[key].en}`,
    title: key,
  });

  it('gives the status, the headers, the timings, and the burst with its lesson', async () => {
    const text = reportMarkdown(await fromHar(har(BUFFERED)), tr, { lesson, page: 'p' });
    expect(text).toContain('- Status: `HTTP/1.1 200 OK`');
    expect(text).toContain(
      '  - Headers: `content-type: text/event-stream`, `content-encoding` absent, `cache-control: no-cache`, ' +
        '`x-accel-buffering` absent',
    );
    expect(text).toContain(
      '  - Timings (HAR): `blocked` not recorded, `dns` does not apply, `connect` does not apply, `send` 0 ms, ' +
        '`wait` 1,228 ms, `receive` 89 ms, `time` 1,317 ms',
    );
    expect(text).toMatch(
      /\n1\. \*\*The body came in one late burst\*\* \(From the HAR entry’s timings\)\. The response began after 1,228/,
    );
    expect(text).toContain(
      '[noStream](https://course.example/ga-ai/06b-beyond-the-wire/#the-stream-that-doesnt-stream)',
    );
  });

  it('in Spanish and French too', async () => {
    const report = await fromHar(har(BUFFERED));
    const es = reportMarkdown(report, trOf('es'), { lesson, page: 'p' });
    expect(es).toContain('**El cuerpo llegó en una sola ráfaga tardía** (De los tiempos de la entrada del HAR).');
    expect(es).toContain('`wait` 1228 ms'); // Spanish groups digits from five
    const fr = reportMarkdown(report, trOf('fr'), { lesson, page: 'p' });
    expect(fr).toContain('Durées (HAR)\u00a0: `blocked` non enregistré, `dns` sans objet');
  });
});
