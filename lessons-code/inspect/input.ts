// What the stream inspector is given, before any stream is read: a pasted text or a file's bytes,
// checked (empty, binary, too large, compressed), decoded (UTF-8, or UTF-16 by its byte order mark),
// a HAR file's streaming entries listed, a leading HTTP status line and headers (what `curl -i`
// prints before the body, or what `curl -v` prints among its own lines) set aside, and a response that
// is not an event stream told apart (an error, JSON, JSON lines: response.ts). Pure: it runs
// in the inspector's worker (inspect-worker.ts) and in the unit tests.
// HAR: the format as browsers export it, http://www.softwareishard.com/blog/har-12-spec/
// (`log.entries[].response.content`: `text`, `encoding: "base64"`, `mimeType`, `size`; `timings`,
// `time`: what the inspector's transport part shows, transport.ts).

import { expectObject } from '../core/arguments.ts';
import {
  hasFieldLine,
  jsonLineCount,
  onlyComments,
  parseJson,
  responseView,
  statusOf,
  errorWords,
  type ResponseView,
  type ResponseWhy,
} from './response.ts';
import { HAR_PHASES, type HarEntry, type HarTimings, type HttpHead } from './capture.ts';

export { HAR_PHASES, type HarEntry, type HarPhase, type HarTimings, type HttpHead } from './capture.ts';

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
  | 'unreadable'
  | 'compressed'
  | 'harCut'
  | 'harInvalid'
  | 'jsonCut'
  | 'jsonInvalid'
  | 'curlVerbose'
  | 'curlVerboseNoBody'
  | 'curlTrace'
  | 'curlFailed'
  | 'tooDeep';

/** How the input's bytes became text, when not as UTF-8: UTF-16 by its byte order mark, or a gzip body inflated. */
export type Decoding = 'utf-16le' | 'utf-16be' | 'gzip';

/** What the inspector is given: a pasted text, or a file's bytes. */
export type InputSource = { kind: 'text'; text: string } | { kind: 'bytes'; bytes: ArrayBuffer | Uint8Array };

/** The body to read, once the input is checked: its text (a leading byte order mark kept) and where it came from. */
export interface StreamInput {
  kind: 'stream';
  body: string;
  /** The body's size in bytes (UTF-8). */
  bytes: number;
  head: HttpHead | null;
  /** Invalid UTF-8 sequences the decoder replaced with U+FFFD (at most MAX_REPLACED), or a pasted text's U+FFFD. */
  replaced: number;
  /** The HAR entry the body came from, if it did. */
  entry: HarEntry | null;
  /** How the bytes became text, when not as UTF-8 (a gzip body is inflated before: inspect.ts). */
  decoded: Decoding | null;
  /** curl's error line at the end of a terminal's copy (`curl: (18) transfer closed…`), set aside; or null. */
  curlSaid: string | null;
}

/** A problem, and the input's own words about it when it has some (what curl said, for `curlVerbose`). */
export interface ProblemResult {
  kind: 'problem';
  problem: InputProblem;
  detail?: string;
}

export type InputResult =
  | StreamInput
  | { kind: 'har'; entries: HarEntry[]; total: number }
  | { kind: 'response'; response: ResponseView }
  | ProblemResult;

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

/** Code units U+FFFD in UTF-16 bytes (FD FF little-endian, FF FD big-endian): those are not decoding errors. */
function encodedReplacements16(bytes: Uint8Array, little: boolean): number {
  let n = 0;
  for (let i = 2; i + 1 < bytes.length; i += 2)
    if (bytes[i + (little ? 0 : 1)] === 0xfd && bytes[i + (little ? 1 : 0)] === 0xff) n++;
  return n;
}

/**
 * The UTF-16 byte order of a text file: by its byte order mark (FF FE little-endian, as Windows
 * PowerShell 5.1's `>` writes a command's output; FE FF big-endian), or, without one, by ASCII
 * characters written as two bytes, one of them NUL, in three pairs out of four of its first 64 bytes.
 */
function utf16Order(bytes: Uint8Array): { little: boolean } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { little: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { little: false };
  const pairs = Math.min(32, bytes.length >> 1);
  if (pairs < 4) return null;
  let low = 0;
  let high = 0;
  for (let i = 0; i < pairs; i++) {
    const [a, b] = [bytes[2 * i]!, bytes[2 * i + 1]!];
    if (a !== 0 && a < 0x80 && b === 0) low++;
    else if (a === 0 && b !== 0 && b < 0x80) high++;
  }
  // Most characters ASCII, none the other way round: a few others (♯, an accent) are allowed.
  if (low >= pairs * 0.75 && high === 0) return { little: true };
  if (high >= pairs * 0.75 && low === 0) return { little: false };
  return null;
}

type Decoded = { text: string; replaced: number; decoded: Decoding | null } | { problem: InputProblem };

/**
 * Bytes as text: UTF-16 when a byte order mark (or the pattern of its NUL bytes) says so, otherwise
 * UTF-8 with its byte order mark kept (the trace reports it); or a problem: a NUL byte or more than
 * MAX_REPLACED invalid sequences make it binary, and gzip's first bytes make it compressed.
 */
function decodeBytes(bytes: Uint8Array): Decoded {
  if (bytes.length > MAX_INPUT_BYTES) return { problem: 'tooLarge' };
  const utf16 = utf16Order(bytes);
  if (utf16) {
    const text = new TextDecoder(utf16.little ? 'utf-16le' : 'utf-16be').decode(bytes);
    if (text.includes('\u0000')) return { problem: 'binary' };
    const replaced = countOf(text, REPLACEMENT) - encodedReplacements16(bytes, utf16.little);
    if (replaced > MAX_REPLACED) return { problem: 'binary' };
    return { text, replaced, decoded: utf16.little ? 'utf-16le' : 'utf-16be' };
  }
  if (isGzip(bytes, 0) || compressedAfterHead(bytes)) return { problem: 'compressed' };
  if (bytes.indexOf(0) !== -1) return { problem: 'binary' };
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  const replaced = countOf(text, REPLACEMENT) - encodedReplacements(bytes);
  if (replaced > MAX_REPLACED) return { problem: 'binary' };
  return { text, replaced, decoded: null };
}

/** Whether gzip's magic bytes (1F 8B, RFC 1952 §2.3.1) stand at `at`. */
function isGzip(bytes: Uint8Array, at: number): boolean {
  return bytes[at] === 0x1f && bytes[at + 1] === 0x8b;
}

const ascii = /* @__PURE__ */ new TextDecoder('latin1');

/**
 * Where the body starts in bytes that begin with one HTTP head or more (curl -i), and the last
 * head's text; null when the bytes start with no status line or no blank line ends the head.
 */
function headInBytes(bytes: Uint8Array): { head: string; bodyAt: number } | null {
  let at = 0;
  let head: string | null = null;
  for (;;) {
    const start = ascii.decode(bytes.subarray(at, at + 16));
    if (!/^HTTP\/\d/.test(start)) break;
    let end = -1;
    let size = 0;
    for (let i = at; i < Math.min(bytes.length, at + 65536); i++)
      if (bytes[i] === 0x0a) {
        if (bytes[i + 1] === 0x0a) [end, size] = [i, 2];
        else if (bytes[i + 1] === 0x0d && bytes[i + 2] === 0x0a) [end, size] = [i, 3];
        if (end !== -1) break;
      }
    if (end === -1) break;
    head = ascii.decode(bytes.subarray(at, end));
    at = end + size;
  }
  return head === null ? null : { head, bodyAt: at };
}

/** The codings a head's content-encoding names, identity left out. */
function codingsOf(head: string): string[] {
  return [...head.matchAll(/^content-encoding:([^\r\n]*)/gim)]
    .flatMap((match) => match[1]!.split(','))
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * Whether a head (curl -i) stands before a compressed body: gzip's first bytes, or a content-encoding
 * over a body that is not UTF-8 text (what curl prints without --compressed).
 */
function compressedAfterHead(bytes: Uint8Array): boolean {
  const found = headInBytes(bytes);
  if (found === null || found.bodyAt >= bytes.length) return false;
  if (isGzip(bytes, found.bodyAt)) return true;
  if (codingsOf(found.head).length === 0) return false;
  const body = bytes.subarray(found.bodyAt, found.bodyAt + 4096);
  if (body.indexOf(0) !== -1) return true;
  const text = new TextDecoder().decode(body);
  return countOf(text, REPLACEMENT) > MAX_REPLACED;
}

/** Whether a pasted text is a head (curl -i) over a compressed body, which pasting has turned into noise. */
function compressedText(text: string): boolean {
  const end = /\r?\n\r?\n/.exec(text);
  if (!STATUS_LINE.test(text) || end === null || codingsOf(text.slice(0, end.index)).length === 0) return false;
  const body = text.slice(end.index + end[0].length, end.index + 4096);
  let noise = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0xfffd || c < 0x09 || (c > 0x0d && c < 0x20)) noise++;
  }
  return noise > MAX_REPLACED;
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

/**
 * Whether a body's text starts as an event stream: its first line that is neither blank nor a comment
 * is a field the standard knows (`data:`, `event:`, `id:`, `retry:`). A comment alone proves nothing:
 * CSS starts `:root {`.
 */
function startsAsSse(body: string): boolean {
  for (const line of body.slice(0, 4096).split(/\r\n|\r|\n/)) {
    const bare = line.replace(/^\uFEFF/, '');
    if (bare.trim() === '' || bare.startsWith(':')) continue;
    return /^(?:data|event|id|retry)(?::|$)/.test(bare);
  }
  return false;
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

/** Whether a HAR entry's response is an event stream: by its MIME type, or by an event-stream line at its start. */
function isStreamingEntry(content: HarContent): boolean {
  if (/^\s*text\/event-stream\b/i.test(content.mimeType)) return true;
  if (content.text === '') return false;
  if (!content.base64) return startsAsSse(content.text);
  const bytes = base64Bytes(content.text.slice(0, 8192 - (8192 % 4)));
  return bytes !== null && startsAsSse(new TextDecoder().decode(bytes));
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
 * Whether JSON text ends with a bracket or a string still open: a file cut short, as opposed to one
 * broken elsewhere. Reads strings and escapes, nothing more: it is asked only of text that does not parse.
 */
function endsOpen(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return inString || depth > 0;
}

/** Whether a text that does not parse was meant to be a HAR file: `"log"` is its first key. */
const HAR_START = /^\s*\{\s*"log"\s*:/;

/** A line of curl's own in `curl -v` output: a note (`* `), the request (`> `), a data mark (`{ [`, `} [`). */
const CURL_NOTE = /^(?:\* |\*\r?$|> |>\r?$|\{ \[|\} \[)/;
/** The first line of `curl -v` output: its note on the address it tries, or a warning about the command. */
const CURL_VERBOSE_START = /^(?:\* |> [A-Z]+ \S+ HTTP\/|< HTTP\/|Note: )/;
/** A line only curl -v writes: the request line, the status line, or its note on the connection. */
const CURL_VERBOSE_LINE =
  /^(?:> [A-Z]+ \S+ HTTP\/|< HTTP\/|\* +(?:Trying|Connected|Could not resolve|Failed to connect|connect to))/m;

/**
 * `curl -v` output, with its body on the same screen or file (`2>&1`): curl's notes, the request
 * (`> `), the response's head (`< `), then the body (after the head again, with `-i`), with data
 * marks (`{ [190 bytes data]`). The head
 * is read from the `< ` lines (of the last response, after a redirect or a `100 Continue`), the body
 * from the lines after it that are not curl's. Line numbers stay those of the input up to the body's
 * first line; a note of curl's inside the body (seldom: its last one comes after it) is left out.
 * Null when the text is not `curl -v` output.
 */
function fromCurlVerbose(text: string): { head: HttpHead; body: string } | ProblemResult | null {
  const bare = text.replace(/^\uFEFF/, '');
  if (!CURL_VERBOSE_START.test(bare) || !CURL_VERBOSE_LINE.test(bare.slice(0, 65536))) return null;
  const lines = bare.split(/(?<=\n)/);
  let statusAt = -1;
  lines.forEach((line, i) => {
    if (line.startsWith('< HTTP/')) statusAt = i;
  });
  // What curl said of a failure: its error line (`curl: (7) Failed to connect…`), or its last note.
  const said = lines.find((line) => /^curl: \(\d+\)/.test(line));
  const notes = lines.filter((line) => line.startsWith('* ') && !/^\* Closing connection/.test(line));
  const lastNote = (said ?? (notes.at(-1) ?? '').slice(2)).trim();
  if (statusAt === -1) return { kind: 'problem', problem: 'curlVerbose', detail: lastNote };
  let end = statusAt;
  while (end < lines.length && lines[end]!.startsWith('<') && !/^<\s*$/.test(lines[end]!)) end++;
  if (end === lines.length) return { kind: 'problem', problem: 'headersOnly' };
  const headLines = lines.slice(statusAt, end).map((line) => line.slice(2));
  const split = splitHead(`${headLines.join('')}\r\n`);
  if ('problem' in split || split.head === null) return { kind: 'problem', problem: 'curlVerbose', detail: lastNote };
  const rest = lines.slice(end + 1);
  // A data mark in the middle of a line: the body and curl's notes are mixed beyond taking apart.
  if (rest.some((line) => /.\{ \[\d+ bytes data\]/.test(line)))
    return { kind: 'problem', problem: 'curlVerbose', detail: '' };
  const firstBody = rest.findIndex((line) => !CURL_NOTE.test(line));
  // curl's last note follows a body that ends without a line end on the same line: it is taken off.
  const body = rest
    .filter((line) => !CURL_NOTE.test(line))
    .join('')
    .replace(/\* (?:Connection #\d+ to host \S+ left intact|Closing connection \d+)\r?\n?$/, '');
  // With -i as well as -v, curl prints the head a second time, before the body: it is set aside too.
  const again = splitHead(body);
  const inner = 'head' in again && again.head !== null ? again : null;
  const { head } = split;
  const answer = inner?.body ?? body;
  // No body: curl printed it elsewhere, unless the response had none (an error or a redirect may not).
  if (answer.trim() === '' && !failed(head)) return { kind: 'problem', problem: 'curlVerboseNoBody' };
  return {
    head: {
      ...head,
      statusAt: statusAt + 1,
      headerAt: head.headerAt.map((at) => at + statusAt),
      lines: end + 1 + Math.max(0, firstBody) + (inner?.head?.lines ?? 0),
    },
    body: answer,
  };
}

/** Whether a head's status is not 2xx. */
function failed(head: HttpHead | null): boolean {
  const status = statusOf(head);
  return status !== null && (status < 200 || status > 299);
}

/** curl's --trace-ascii output (or --trace's): `== Info:` notes and `<= Recv header` blocks of hex offsets. */
const CURL_TRACE = /^(?:== Info: |=> Send header|<= Recv header)/;

/** A request line, as a tool that prints the request before the response starts (HTTPie's -v, say). */
const REQUEST_LINE = /^[A-Z]+ \S+ HTTP\/\d(?:\.\d)?\r?$/m;

/**
 * The head and body of a text that may start with the request it answers (a request line, headers,
 * a blank line, maybe a request body, then the response's status line): the request is set aside
 * with the head, its lines counted in the head's so that line numbers stay the input's.
 */
function afterRequest(text: string): ReturnType<typeof splitHead> {
  const bare = text.replace(/^\uFEFF/, '');
  const first = REQUEST_LINE.exec(bare);
  if (first === null || first.index !== 0) return splitHead(text);
  const status = /\n(?=HTTP\/\d(?:\.\d)? \d{3}\b)/.exec(bare);
  if (status === null) return splitHead(text);
  const before = bare.slice(0, status.index + 1).split(/\r\n|\r|\n/).length - 1;
  const split = splitHead(bare.slice(status.index + 1));
  if ('problem' in split || split.head === null) return split;
  const { head } = split;
  return {
    head: {
      ...head,
      statusAt: head.statusAt + before,
      headerAt: head.headerAt.map((at) => at + before),
      lines: head.lines + before,
    },
    body: split.body,
  };
}

/**
 * What a body is, once its head is set aside: a stream, or a response that is not one. A status that
 * is not 2xx over a body with no line of an event stream, a body that is JSON (error words or not),
 * JSON lines, and a text with no line of an event stream are responses; a text of comments only is
 * a stream (of keep-alives).
 */
function classify(body: string, head: HttpHead | null, rest: Omit<StreamInput, 'kind' | 'body' | 'head'>): InputResult {
  const options = { head, bytes: rest.bytes, entry: rest.entry };
  const response = (why: ResponseWhy, extra: { value?: unknown; jsonLines?: number } = {}): InputResult => ({
    kind: 'response',
    response: responseView(why, body, { ...options, ...extra }),
  });
  const status = statusOf(head) ?? 0;
  const notOk = failed(head);
  const start = body.replace(/^\uFEFF/, '').trimStart()[0];
  const value = start === '{' || start === '[' ? parseJson(body.replace(/^\uFEFF/, '')) : undefined;
  if (value !== undefined) {
    const words = errorWords(value);
    return response(notOk ? 'status' : words ? 'error' : 'json', { value });
  }
  const sse = hasFieldLine(body);
  if (status >= 300 && status < 400 && !sse) return response('redirect');
  if (notOk && !sse) return response('status');
  const lines = start === '{' || start === '[' ? jsonLineCount(body) : 0;
  if (lines > 0) return response('ndjson', { jsonLines: lines });
  if (!sse && !onlyComments(body)) return response('notSse');
  return { kind: 'stream', body, head, ...rest };
}

/**
 * What the inspector makes of its input. A text or a file that parses as JSON is a HAR when it has
 * `log.entries` (then its streaming entries are listed, or entry `entry` is read), an error response
 * when it holds an API's error object, and otherwise JSON that is not a stream; one that does not
 * parse is a HAR or JSON file cut short or broken, or JSON lines. Anything else is a body, maybe
 * behind an HTTP head (curl -i, curl -v), and a stream unless it is a response of another kind.
 * A pasted text is never refused for the U+FFFD it holds: a file with the same bytes is read.
 */
export function readInput(source: InputSource, entry?: number): InputResult {
  expectObject(source, 'readInput', 'source');
  let body: string;
  let replaced = 0;
  let decoded: Decoding | null = null;
  if (source.kind === 'bytes') {
    const bytes = source.bytes instanceof Uint8Array ? source.bytes : new Uint8Array(source.bytes);
    const read = decodeBytes(bytes);
    if ('problem' in read) return { kind: 'problem', problem: read.problem };
    ({ text: body, replaced, decoded } = read);
  } else {
    body = source.text;
    if (utf8Length(body) > MAX_INPUT_BYTES) return { kind: 'problem', problem: 'tooLarge' };
    if (compressedText(body)) return { kind: 'problem', problem: 'compressed' };
    if (body.includes('\u0000')) return { kind: 'problem', problem: 'binary' };
    // A pasted text's U+FFFD were bytes some decoder replaced before it was pasted: counted for the
    // finding, never a reason to refuse it (the same bytes in a file are read).
    replaced = countOf(body, REPLACEMENT);
  }
  if (body.trim() === '' || body === '\uFEFF') return { kind: 'problem', problem: 'empty' };
  // curl's error, printed last when the transfer failed (copied from a terminal, or saved with 2>&1),
  // is no line of the response: it is set aside, and shown as what curl said.
  const said = CURL_ERROR.exec(body);
  const curlSaid = said ? said[1]! : null;
  if (said) body = body.slice(0, said.index + (said[0].startsWith('\n') ? 1 : 0));
  if (curlSaid !== null && body.trim() === '') return { kind: 'problem', problem: 'curlFailed', detail: curlSaid };

  const start = body.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('{') || start.startsWith('[')) {
    const value = parseJson(body.replace(/^\uFEFF/, ''));
    if (value !== undefined) {
      const entries = harEntries(value);
      if (entries !== null) return readHar(entries, entry);
      if (errorWords(value) === null) return { kind: 'problem', problem: 'notHar' };
    } else if (HAR_START.test(start)) {
      return { kind: 'problem', problem: endsOpen(start) ? 'harCut' : 'harInvalid' };
    } else if (!hasFieldLine(body) && jsonLineCount(body) === 0) {
      return { kind: 'problem', problem: endsOpen(start) ? 'jsonCut' : 'jsonInvalid' };
    }
  }

  if (CURL_TRACE.test(body.replace(/^\uFEFF/, ''))) return { kind: 'problem', problem: 'curlTrace' };
  const verbose = fromCurlVerbose(body);
  if (verbose !== null && 'kind' in verbose)
    return verbose.problem === 'curlVerbose' && curlSaid !== null ? { ...verbose, detail: curlSaid } : verbose;
  const split = verbose ?? afterRequest(body);
  if ('problem' in split) return { kind: 'problem', problem: split.problem };
  // A head alone: a response without a body when its status is not 2xx, a stream not yet come otherwise.
  if (split.body.trim() === '' && !failed(split.head))
    return { kind: 'problem', problem: split.head ? 'headersOnly' : 'empty' };
  return classify(split.body, split.head, {
    bytes: utf8Length(split.body),
    replaced,
    entry: null,
    decoded,
    curlSaid,
  });
}

/** curl's error line (`curl: (7) Failed to connect…`), last in what it printed, after the body or alone. */
const CURL_ERROR = /(?:^|\n)(curl: \(\d+\) [^\r\n]*)\s*$/;

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
  return classify(decoded.text, harHead(entries[wanted]), {
    bytes: bytes.length,
    replaced: decoded.replaced,
    entry: chosen,
    decoded: decoded.decoded,
    curlSaid: null,
  });
}

/**
 * Bytes whose body is gzip (a file of it, or curl -i without --compressed: the head, then the bytes
 * as the server sent them), the body inflated and the head kept before it; null when there is no
 * gzip body, or nothing could be inflated (the browser has no DecompressionStream, or the data is
 * broken from its start: readInput then says it is compressed). A body cut short gives what came
 * before the cut, and inflating stops past MAX_INPUT_BYTES (readInput then says it is too large).
 * https://compression.spec.whatwg.org/#decompression-stream
 */
export async function inflateGzip(bytes: Uint8Array): Promise<Uint8Array | null> {
  const bodyAt = isGzip(bytes, 0) ? 0 : (headInBytes(bytes)?.bodyAt ?? -1);
  if (bodyAt === -1 || !isGzip(bytes, bodyAt) || typeof DecompressionStream !== 'function') return null;
  const parts: Uint8Array[] = [bytes.slice(0, bodyAt)];
  let size = bodyAt;
  const reader = new Blob([bytes.slice(bodyAt)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      size += value.length;
      if (size > MAX_INPUT_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // Cut short or broken past some point: what was inflated before it is kept.
  }
  if (size === bodyAt) return null;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
