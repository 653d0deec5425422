// What the stream inspector is given, before any stream is read: a pasted text or a file's bytes,
// checked (empty, binary, too large), a HAR file's streaming entries listed, and a leading HTTP
// status line and headers (what `curl -i` prints before the body) set aside. Pure: it runs in the
// inspector's worker (inspect-worker.ts) and in the unit tests.
// HAR: the format as browsers export it, http://www.softwareishard.com/blog/har-12-spec/
// (`log.entries[].response.content`: `text`, `encoding: "base64"`, `mimeType`, `size`; `timings`,
// `time`: what the inspector's transport part shows, inspect-transport.ts).

/** The largest input the inspector reads: 20 MiB, as bytes (a pasted text is measured in UTF-8). */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;

/** Invalid UTF-8 sequences a text may hold (each decoded as U+FFFD) before it is taken for binary. */
const MAX_REPLACED = 4;

/** Why an input cannot be inspected; each has its message in the page's language (`course.inspect.problem.*`). */
export type InputProblem =
  | 'empty'
  | 'headersOnly'
  | 'binary'
  | 'tooLarge'
  | 'notHar'
  | 'noStreamingEntry'
  | 'entryEmpty'
  | 'noSuchEntry'
  | 'unreadable';

/** What the inspector is given: a pasted text, or a file's bytes. */
export type InputSource = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: ArrayBuffer | Uint8Array };

/** A status line and its headers, as `curl -i` prints them before the body, or as a HAR entry records them. */
export interface HttpHead {
  statusLine: string;
  headers: [string, string][];
  /** The line of the input that holds the status line, and each header's (0 for a HAR entry: no lines). */
  statusAt: number;
  headerAt: number[];
  /** Lines of the input the head takes, the blank line after it included (0 for a HAR entry). */
  lines: number;
  /** Heads before this one (`HTTP/1.1 100 Continue`, a proxy's `200 Connection established`). */
  earlier: number;
}

/** The phases of a HAR entry's timings, in the order they happen (HAR 1.2, `timings`). */
export const HAR_PHASES = ['blocked', 'dns', 'connect', 'send', 'wait', 'receive'] as const;
export type HarPhase = (typeof HAR_PHASES)[number];

/**
 * A HAR entry's timings in milliseconds, as the file gives them: -1 where the phase does not apply
 * (HAR 1.2: no DNS lookup on a reused connection), null where the file has no such field (Chromium's
 * export through Playwright has no `blocked`). `time`: the whole entry, null when absent.
 */
export type HarTimings = Record<HarPhase, number | null> & { time: number | null };

/** A HAR entry whose response looks like an event stream. */
export interface HarEntry {
  /** Its index in `log.entries`. */
  index: number;
  method: string;
  url: string;
  status: number;
  mimeType: string;
  /** The body's size in bytes, decoded. */
  size: number;
  /** Its timings, or null when it records none. */
  timings: HarTimings | null;
}

/** The body to read, once the input is checked: its text (a leading byte order mark kept) and where it came from. */
export interface StreamInput {
  kind: 'stream';
  body: string;
  /** The body's size in bytes (UTF-8). */
  bytes: number;
  head: HttpHead | null;
  /** Invalid UTF-8 sequences the decoder replaced with U+FFFD (at most MAX_REPLACED). */
  replaced: number;
  /** The HAR entry the body came from, if it did. */
  entry: HarEntry | null;
}

export type InputResult =
  | StreamInput
  | { kind: 'har'; entries: HarEntry[]; total: number }
  | { kind: 'problem'; problem: InputProblem };

const encoder = /* @__PURE__ */ new TextEncoder();
const REPLACEMENT = '\uFFFD';

function countOf(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) n++;
  return n;
}

/** The number of times the bytes EF BF BD (U+FFFD written in UTF-8) occur: those are not decoding errors. */
function encodedReplacements(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0xef); i !== -1 && i + 2 < bytes.length; i = bytes.indexOf(0xef, i + 1))
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) n++;
  return n;
}

/**
 * Bytes as text: UTF-8, the byte order mark kept (the trace reports it), or a problem: a NUL byte
 * or more than MAX_REPLACED invalid sequences make it binary.
 */
function decodeBytes(bytes: Uint8Array): { text: string; replaced: number } | { problem: InputProblem } {
  if (bytes.length > MAX_INPUT_BYTES) return { problem: 'tooLarge' };
  if (bytes.indexOf(0) !== -1) return { problem: 'binary' };
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const replaced = countOf(text, REPLACEMENT) - encodedReplacements(bytes);
  if (replaced > MAX_REPLACED) return { problem: 'binary' };
  return { text, replaced };
}

/** The UTF-8 size of a text, counted without encoding it (a lone surrogate is written as U+FFFD, 3 bytes). */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const STATUS_LINE = /^HTTP\/\d(?:\.\d)? \d{3}\b[^\r\n]*/;

/**
 * A leading HTTP head, as `curl -i` (or `curl -N -i`) prints it: a status line, header lines, a blank
 * line, then the body. Several heads in a row (an interim `100 Continue`, a proxy's answer to
 * CONNECT) are all set aside; the last one is the response's. `null` when the text starts with no
 * status line; `headersOnly` when no blank line ends the head.
 */
export function splitHead(text: string): { head: HttpHead | null; body: string } | { problem: 'headersOnly' } {
  let rest = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let head: HttpHead | null = null;
  let lines = 0;
  let earlier = -1;
  while (STATUS_LINE.test(rest)) {
    const end = /\r?\n\r?\n/.exec(rest);
    if (end === null) return { problem: 'headersOnly' };
    const block = rest.slice(0, end.index);
    const [statusLine, ...headerLines] = block.split(/\r?\n/);
    const headers: [string, string][] = [];
    const headerAt: number[] = [];
    const statusAt = lines + 1;
    headerLines.forEach((line, i) => {
      const colon = line.indexOf(':');
      if (colon <= 0) return;
      headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
      headerAt.push(statusAt + 1 + i);
    });
    lines += headerLines.length + 2; // the status line, the headers, the blank line
    earlier++;
    head = { statusLine: statusLine!, headers, statusAt, headerAt, lines, earlier };
    rest = rest.slice(end.index + end[0].length);
  }
  return head === null ? { head: null, body: text } : { head, body: rest };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Lines that look like server-sent events: a field the standard knows, or a comment, at the start of a line. */
const SSE_LINE = /^(?:data|event|id|retry)(?::|$)|^:/m;

/** Whether a body's text looks like an event stream. */
function looksLikeSse(body: string): boolean {
  return SSE_LINE.test(body.slice(0, 4096));
}

interface HarContent {
  text: string;
  base64: boolean;
  mimeType: string;
}

function contentOf(entry: unknown): HarContent {
  const content = isObject(entry) && isObject(entry.response) ? entry.response.content : undefined;
  if (!isObject(content)) return { text: '', base64: false, mimeType: '' };
  return { text: text(content.text), base64: content.encoding === 'base64', mimeType: text(content.mimeType) };
}

function base64Bytes(data: string): Uint8Array | null {
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** An entry's body as bytes (base64 decoded when the HAR says so), or null when the base64 is broken. */
function bodyBytes(content: HarContent): Uint8Array | null {
  return content.base64 ? base64Bytes(content.text) : encoder.encode(content.text);
}

/** Whether a HAR entry's response is an event stream: by its MIME type, or by what its text looks like. */
function isStreamingEntry(content: HarContent): boolean {
  if (/^text\/event-stream\b/i.test(content.mimeType)) return true;
  if (content.text === '') return false;
  if (!content.base64) return looksLikeSse(content.text);
  const bytes = base64Bytes(content.text.slice(0, 8192 - (8192 % 4)));
  return bytes !== null && looksLikeSse(new TextDecoder().decode(bytes));
}

function harEntryOf(entry: unknown, index: number, content: HarContent): HarEntry {
  const request = isObject(entry) && isObject(entry.request) ? entry.request : {};
  const response = isObject(entry) && isObject(entry.response) ? entry.response : {};
  const size = content.base64
    ? Math.floor((content.text.replace(/\s+|=+$/g, '').length * 3) / 4)
    : utf8Length(content.text);
  return {
    index,
    method: text(request.method) || '?',
    url: text(request.url),
    status: typeof response.status === 'number' ? response.status : 0,
    mimeType: content.mimeType,
    size,
    timings: timingsOf(entry),
  };
}

const milliseconds = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= -1 ? value : null;

/** An entry's `timings` and `time`, each phase a number of milliseconds, -1 or null; null when it has none. */
function timingsOf(entry: unknown): HarTimings | null {
  const timings = isObject(entry) && isObject(entry.timings) ? entry.timings : null;
  if (timings === null) return null;
  const out = { time: isObject(entry) ? milliseconds(entry.time) : null } as HarTimings;
  for (const phase of HAR_PHASES) out[phase] = milliseconds(timings[phase]);
  return out;
}

/** The head a HAR entry records: its status line, made from the entry's fields, and its headers. */
function harHead(entry: unknown): HttpHead {
  const response = isObject(entry) && isObject(entry.response) ? entry.response : {};
  const version = text(response.httpVersion) || 'HTTP/1.1';
  const status = typeof response.status === 'number' ? response.status : 0;
  const statusLine = [
    version.toUpperCase().startsWith('HTTP') ? version : `HTTP/${version}`,
    status,
    text(response.statusText),
  ]
    .join(' ')
    .trim();
  const headers: [string, string][] = (Array.isArray(response.headers) ? response.headers : [])
    .filter(isObject)
    .map((header) => [text(header.name), text(header.value)]);
  return { statusLine, headers, statusAt: 0, headerAt: headers.map(() => 0), lines: 0, earlier: 0 };
}

/** A parsed JSON text: a HAR (`log.entries`), or some other JSON. */
function harEntries(value: unknown): unknown[] | null {
  if (!isObject(value) || !isObject(value.log) || !Array.isArray(value.log.entries)) return null;
  return value.log.entries;
}

/**
 * What the inspector makes of its input. A text or a file that parses as JSON is a HAR when it has
 * `log.entries` (then its streaming entries are listed, or entry `entry` is read), and otherwise
 * JSON that is not a stream; anything else is a body, maybe behind an HTTP head.
 */
export function readInput(source: InputSource, entry?: number): InputResult {
  let body: string;
  let replaced = 0;
  if (source.kind === 'bytes') {
    const bytes = source.bytes instanceof Uint8Array ? source.bytes : new Uint8Array(source.bytes);
    const decoded = decodeBytes(bytes);
    if ('problem' in decoded) return { kind: 'problem', problem: decoded.problem };
    ({ text: body, replaced } = decoded);
  } else {
    body = source.text;
    if (utf8Length(body) > MAX_INPUT_BYTES) return { kind: 'problem', problem: 'tooLarge' };
    if (body.includes('\u0000')) return { kind: 'problem', problem: 'binary' };
    replaced = countOf(body, REPLACEMENT);
    if (replaced > MAX_REPLACED) return { kind: 'problem', problem: 'binary' };
  }
  if (body.trim() === '' || body === '\uFEFF') return { kind: 'problem', problem: 'empty' };

  const start = body.trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    let value: unknown;
    let json = true;
    try {
      value = JSON.parse(body);
    } catch {
      json = false; // not JSON: a stream that starts with a brace, or a broken file, is read as a body
    }
    if (json) {
      const entries = harEntries(value);
      if (entries === null) return { kind: 'problem', problem: 'notHar' };
      return readHar(entries, entry);
    }
  }

  const split = splitHead(body);
  if ('problem' in split) return { kind: 'problem', problem: split.problem };
  if (split.body.trim() === '') return { kind: 'problem', problem: split.head ? 'headersOnly' : 'empty' };
  return { kind: 'stream', body: split.body, bytes: utf8Length(split.body), head: split.head, replaced, entry: null };
}

/** A HAR's streaming entries, or the body of the one asked for. */
function readHar(entries: unknown[], wanted: number | undefined): InputResult {
  const streaming: HarEntry[] = [];
  entries.forEach((entry, index) => {
    const content = contentOf(entry);
    if (isStreamingEntry(content)) streaming.push(harEntryOf(entry, index, content));
  });
  if (streaming.length === 0) return { kind: 'problem', problem: 'noStreamingEntry' };
  if (wanted === undefined) return { kind: 'har', entries: streaming, total: entries.length };
  const chosen = streaming.find((candidate) => candidate.index === wanted);
  if (chosen === undefined) return { kind: 'problem', problem: 'noSuchEntry' };
  const content = contentOf(entries[wanted]);
  if (content.text === '') return { kind: 'problem', problem: 'entryEmpty' };
  const bytes = bodyBytes(content);
  if (bytes === null) return { kind: 'problem', problem: 'binary' };
  const decoded = decodeBytes(bytes);
  if ('problem' in decoded) return { kind: 'problem', problem: decoded.problem };
  if (decoded.text.trim() === '') return { kind: 'problem', problem: 'entryEmpty' };
  return {
    kind: 'stream',
    body: decoded.text,
    bytes: bytes.length,
    head: harHead(entries[wanted]),
    replaced: decoded.replaced,
    entry: chosen,
  };
}
