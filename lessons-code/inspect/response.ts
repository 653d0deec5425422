// A response that is not an event stream, as the stream inspector shows it: an error status, an
// error object in JSON, one JSON answer, JSON lines, or text with no event in it. What it shows: the
// status, the content type, `retry-after`, and the server's own words in the shape each API gives
// them. The shapes, and where each is documented:
// - OpenAI: `{"error": {"message", "type", "param", "code"}}`
//   (https://platform.openai.com/docs/guides/error-codes);
// - Anthropic: `{"type": "error", "error": {"type", "message"}}`
//   (https://docs.anthropic.com/en/api/errors);
// - Gemini: `{"error": {"code", "message", "status", "details"}}`, also as a JSON array of one such
//   object from streamGenerateContent without `alt=sse`, and a `google.rpc.RetryInfo` detail with a
//   `retryDelay` (https://ai.google.dev/gemini-api/docs/troubleshooting);
// - GA's host: `{"error": "..."}`, a string (lessons-code/host/chatbot-host.ts);
// - ASP.NET Core's problem details, RFC 9457: `{"type", "title", "status", "detail"}`, which the
//   course's replica of GA's host sends for a request it refuses (lessons-code/host/requests.ts).
// Pure: it runs in the inspector's worker and in the unit tests.

import type { HarEntry, HttpHead } from './capture.ts';

/** The shapes of error objects the inspector knows; `other`: a `message` or `detail` string alone. */
export type ErrorShape = 'openai' | 'anthropic' | 'gemini' | 'ga' | 'problem' | 'other';

/** The server's own words: its error's kind (a type, a status name), its code, its message. */
export interface ErrorWords {
  shape: ErrorShape;
  kind: string;
  code: string;
  message: string;
  /** Gemini's `retryDelay` (`"41s"`), or ''. */
  retryDelay: string;
}

/**
 * Why the input is a response and not a stream: a status that is not 2xx (`status`; `redirect` for a
 * 3xx), an error object without such a status (`error`), one JSON body (`json`), JSON lines
 * (`ndjson`), or a text with no line of an event stream in it (`notSse`). Each has its explanation
 * in the page's language (`course.inspect.response.why.*`).
 */
export type ResponseWhy = 'status' | 'redirect' | 'error' | 'json' | 'ndjson' | 'notSse';

/** A response that is not an event stream, as the inspector shows it. */
export interface ResponseView {
  why: ResponseWhy;
  /** The status code and line, when the input has a head (curl -i, a HAR entry); null and '' otherwise. */
  status: number | null;
  statusLine: string;
  /** Whether the head comes from a HAR entry. */
  har: boolean;
  contentType: string | null;
  retryAfter: string | null;
  /** Where a redirect sends the request. */
  location: string | null;
  words: ErrorWords | null;
  /** The lines that parse as JSON, for JSON lines. */
  jsonLines: number;
  /** The body's first characters, as it came; `cut`: there is more. */
  excerpt: string;
  cut: boolean;
  /** The body's size in bytes (UTF-8). */
  bytes: number;
  entry: HarEntry | null;
}

/** The most characters of the body the page shows. */
export const EXCERPT_CHARS = 1500;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Gemini's advice on when to try again: the `retryDelay` of a RetryInfo detail. */
function retryDelayOf(details: unknown): string {
  if (!Array.isArray(details)) return '';
  for (const detail of details)
    if (isObject(detail) && typeof detail.retryDelay === 'string' && /RetryInfo$/.test(str(detail['@type'])))
      return detail.retryDelay;
  return '';
}

/**
 * The error words a parsed JSON body holds, in the shape of the API that wrote them, or null. An
 * array is looked into once, for Gemini's array of one error object: never further, so that a body
 * of arrays nested a hundred thousand deep (valid JSON) is no recursion that overflows the stack.
 */
export function errorWords(value: unknown): ErrorWords | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (!isObject(first)) return null;
  return objectErrorWords(first);
}

function objectErrorWords(value: Json): ErrorWords | null {
  const words = (shape: ErrorShape, kind: string, code: string, message: string, retryDelay = ''): ErrorWords => ({
    shape,
    kind,
    code,
    message,
    retryDelay,
  });
  const error = value.error;
  if (value.type === 'error' && isObject(error)) return words('anthropic', str(error.type), '', str(error.message));
  if (typeof error === 'string') return words('ga', '', '', error);
  if (isObject(error)) {
    if (typeof error.status === 'string')
      return words('gemini', error.status, str(error.code), str(error.message), retryDelayOf(error.details));
    return words('openai', str(error.type), str(error.code), str(error.message));
  }
  if (typeof value.title === 'string' && ('status' in value || 'type' in value)) {
    const listed = isObject(value.errors)
      ? Object.values(value.errors)
          .flat()
          .filter((item): item is string => typeof item === 'string')
      : [];
    return words('problem', value.title, str(value.status), [str(value.detail), ...listed].filter(Boolean).join(' '));
  }
  if (typeof value.detail === 'string') return words('other', '', '', value.detail);
  if (typeof value.message === 'string' && (value.object === 'error' || 'code' in value || 'type' in value))
    return words('other', str(value.type), str(value.code), value.message);
  return null;
}

/** JSON text: the value, or undefined when it does not parse. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** How many of the first lines to look at for JSON lines. */
const JSON_LINES_LOOKED_AT = 50;

/**
 * The number of JSON lines a body starts with, when it is JSON lines (NDJSON, https://github.com/ndjson/ndjson-spec):
 * two lines or more, each an object or an array; the last line may be cut short. 0 otherwise.
 */
export function jsonLineCount(body: string): number {
  const lines = body
    .slice(0, 1 << 20)
    .split(/\r?\n|\r/)
    .filter((line) => line.trim() !== '');
  const looked = lines.slice(0, JSON_LINES_LOOKED_AT);
  let parsed = 0;
  for (const [i, line] of looked.entries()) {
    const start = line.trimStart()[0];
    const value = start === '{' || start === '[' ? parseJson(line) : undefined;
    if (value !== undefined) parsed++;
    // A last line cut short is still JSON lines; any other line that does not parse is not.
    else if (i < lines.length - 1) return 0;
  }
  return parsed >= 2 ? parsed : 0;
}

/**
 * Whether a text holds a line of an event stream: a field the standard knows, with its colon or alone;
 * or one a writer got wrong, indented or in capitals (` data:`, `Data:`), which the standard ignores
 * but which still makes the text a stream, to be read with its findings.
 */
export function hasFieldLine(body: string): boolean {
  return /^\uFEFF?[ \t]*(?:data|event|id|retry)(?::|[\r\n]|$)/im.test(body);
}

/** Whether every line of a text that is not blank is a comment (a stream of keep-alives only). */
export function onlyComments(body: string): boolean {
  return body
    .split(/\r\n|\r|\n/)
    .filter((line) => line.trim() !== '')
    .every((line) => line.replace(/^\uFEFF/, '').startsWith(':'));
}

/** A header's value by name, any case; several of the name joined by ", " (RFC 9110 §5.3). */
function headerValue(head: HttpHead | null, name: string): string | null {
  const values = (head?.headers ?? []).filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
  return values.length === 0 ? null : values.join(', ');
}

/** The status code of a head's status line, or null. */
export function statusOf(head: HttpHead | null): number | null {
  const code = head ? /^HTTP\/[\d.]+\s+(\d{3})\b/i.exec(head.statusLine)?.[1] : undefined;
  return code === undefined ? null : Number(code);
}

/** What the page shows of a response that is not a stream. */
export function responseView(
  why: ResponseWhy,
  body: string,
  options: { head: HttpHead | null; bytes: number; entry?: HarEntry | null; value?: unknown; jsonLines?: number },
): ResponseView {
  const { head } = options;
  const text = body.replace(/^\uFEFF/, '');
  const shown = text.length > EXCERPT_CHARS ? text.slice(0, EXCERPT_CHARS) : text.replace(/\s+$/, '');
  return {
    why,
    status: statusOf(head),
    statusLine: head?.statusLine ?? '',
    har: (options.entry ?? null) !== null,
    contentType: headerValue(head, 'content-type'),
    retryAfter: headerValue(head, 'retry-after'),
    location: headerValue(head, 'location'),
    words: options.value === undefined ? null : errorWords(options.value),
    jsonLines: options.jsonLines ?? 0,
    excerpt: shown,
    cut: text.length > EXCERPT_CHARS,
    bytes: options.bytes,
    entry: options.entry ?? null,
  };
}

/** An error shape's name: the API's own for a provider (never translated), the page's words for the others. */
export function errorShapeName(shape: ErrorShape, tr: (key: string) => string): string {
  if (shape === 'openai') return 'OpenAI';
  if (shape === 'anthropic') return 'Anthropic';
  if (shape === 'gemini') return 'Gemini';
  return tr(`response.shape.${shape}`);
}
