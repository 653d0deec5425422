// How the response travelled, as far as the input says: the status line and the headers that decide
// whether a stream reaches the browser as it is written (curl -i's head, or a HAR entry's), and a HAR
// entry's timings. A body alone cannot show whether it streamed; a HAR entry can, in part: it records
// when the response began (`wait` ends with the headers) and when its last byte came (`receive`), but
// not when each read came in between (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/#timings).
// Pure: it runs in the inspector's worker (inspect.ts) and in the unit tests.

import type { HarEntry, HarTimings, HttpHead } from './input.ts';

/**
 * The headers the transport part shows, absent ones said as absent. What each one does to a stream:
 * content-type (an EventSource accepts only text/event-stream: https://html.spec.whatwg.org/multipage/
 * server-sent-events.html#sse-processing-model), content-encoding (a compressor holds bytes back until its
 * block is full, unless it is flushed), cache-control (no-cache and no-transform: RFC 9111 §5.2.2,
 * https://www.rfc-editor.org/rfc/rfc9111#section-5.2.2), x-accel-buffering (nginx's proxy buffering,
 * turned off per response with "no": https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_buffering).
 */
export const SHOWN_HEADERS = ['content-type', 'content-encoding', 'cache-control', 'x-accel-buffering'] as const;
export type ShownHeader = (typeof SHOWN_HEADERS)[number];

/*
 * When a HAR entry's body came as one late burst rather than as a stream. All three must hold:
 *
 * - BURST_MIN_WAIT: the response began after at least a second of silence. Streaming exists so that the
 *   first words come before the whole answer is known; a body held back for less than a second costs
 *   the reader little (past about a second a user stops feeling that the page responds: the RAIL model,
 *   https://web.dev/articles/rail), and the course's in-page host, whose silence is short (06b), is not
 *   worth a finding.
 * - BURST_MAX_RECEIVE_SHARE: its body took at most a tenth of the time from the request to the last byte
 *   (wait + receive; the connection's set-up is left out, since it says nothing of the body). A body sent
 *   as it is written takes most of that time: in a HAR that Chromium recorded through Playwright, a
 *   body of 8 events written 150 ms apart took 99 % of it, while the same body written at once after a
 *   pause of 1.2 s took 7 % (89 ms, on an idle machine: Chromium counts until the body is handed over,
 *   which is never instant). A tenth keeps room for that on a busy machine, and leaves out a model that
 *   thinks for 10 s and then writes for 2 s (17 %).
 * - BURST_MIN_EVENTS: the body holds at least 5 events. A stream of two or three events (a routing
 *   event, one chunk and [DONE], as GA's shortest) often comes in one read however it is sent.
 *
 * What this cannot see: a server that sends its headers at once and its body later in one burst, as
 * GA's host does (06b), has a short wait and a long receive, like a stream; and a model that thinks in
 * silence for long before writing a short answer fast looks like a burst. The finding's text says so.
 */
export const BURST_MIN_WAIT = 1000;
export const BURST_MAX_RECEIVE_SHARE = 0.1;
export const BURST_MIN_EVENTS = 5;

export interface TransportHeader {
  name: ShownHeader;
  /** Its value as the response gives it (several headers of the name joined by ", "), or null when absent. */
  value: string | null;
  /** The line of the input that holds it (the first of them), 0 when absent or when it comes from a HAR entry. */
  line: number;
}

/** The body's timing, when the HAR entry records both `wait` and `receive`. */
export interface BodyTiming {
  wait: number;
  receive: number;
  /** receive / (wait + receive): the share of the time the body took. */
  share: number;
  /** The events the body holds. */
  events: number;
  /** Whether it is one late burst (the three thresholds above). */
  burst: boolean;
}

export interface TransportView {
  /** The status code, or null when the status line has none. */
  status: number | null;
  statusLine: string;
  /** The line of the input that holds the status line; 0 for a HAR entry. */
  statusAt: number;
  /** Whether the head comes from a HAR entry (true) or from the input's own lines (curl -i). */
  har: boolean;
  headers: TransportHeader[];
  /** A HAR entry's timings (null without a HAR entry, or when it records none). */
  timings: HarTimings | null;
  body: BodyTiming | null;
}

const STATUS_CODE = /^HTTP\/[\d.]+\s+(\d{3})\b/i;

/** The value of a header by its name, any case; several of them joined as RFC 9110 §5.3 allows. */
function headerOf(head: HttpHead, name: string): TransportHeader['value'] {
  const values = head.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
  return values.length === 0 ? null : values.join(', ');
}

/** The body's timing from the entry's `wait` and `receive`, or null when either is missing or does not apply. */
export function bodyTiming(timings: HarTimings | null, events: number): BodyTiming | null {
  const wait = timings?.wait;
  const receive = timings?.receive;
  if (wait == null || receive == null || wait < 0 || receive < 0 || wait + receive <= 0) return null;
  const share = receive / (wait + receive);
  const burst = wait >= BURST_MIN_WAIT && share <= BURST_MAX_RECEIVE_SHARE && events >= BURST_MIN_EVENTS;
  return { wait, receive, share, events, burst };
}

/** What the input says of the transport: null when it has no head (a body pasted or opened alone). */
export function transportOf(head: HttpHead | null, entry: HarEntry | null, events: number): TransportView | null {
  if (head === null) return null;
  const har = entry !== null;
  const timings = entry?.timings ?? null;
  const headers = SHOWN_HEADERS.map((name) => {
    const at = head.headers.findIndex(([n]) => n.toLowerCase() === name);
    return { name, value: headerOf(head, name), line: har || at === -1 ? 0 : (head.headerAt[at] ?? 0) };
  });
  const code = STATUS_CODE.exec(head.statusLine)?.[1];
  return {
    status: code === undefined ? null : Number(code),
    statusLine: head.statusLine,
    statusAt: head.statusAt,
    har,
    headers,
    timings,
    body: bodyTiming(timings, events),
  };
}

/** The comma-separated tokens of a header's value, lower case, without their arguments (`max-age=0` → `max-age`). */
export function directives(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(',')
    .map((part) => part.split('=')[0]!.trim().toLowerCase())
    .filter((part) => part !== '');
}
