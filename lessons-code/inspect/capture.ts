// What a capture holds besides its body: the HTTP head that `curl -i` prints before it, or a HAR
// entry with its timings. Both the input's reading (input.ts) and a response that is no stream
// (response.ts) speak of them; neither imports the other for them.

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
