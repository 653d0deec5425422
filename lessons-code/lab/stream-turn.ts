// One request to a streaming host, on a timeline: when the headers came, when each read came and
// which events it held, and how a page that batches its paints drew the answer meanwhile.

import { STREAM_PATH } from '../host/chatbot-host.ts';
import type { FetchLike } from '../host/in-page-host.ts';
import { type Clock, realClock } from '../core/fake-clock.ts';
import { createPaintBatcher, type PaintReason, type PaintRecord } from './paint-batcher.ts';
import { classifyEvent, EventSorter } from '../core/events.ts';
import { pumpBody } from '../core/transport.ts';
import { StandardParser } from '../standard/parser.ts';
import { expectObject } from '../core/arguments.ts';

/** What an event of the turn was, for the timeline. */
export type TimelineEventKind = 'routing' | 'text' | 'done' | 'error';

/** One moment of a turn: the request sent, the headers, a read (and its events), the end. */
export interface TimelineEntry {
  /** Milliseconds since the request was sent. */
  t: number;
  kind: 'sent' | 'headers' | 'read' | 'end';
  status?: number;
  /** For a read: its size in bytes and the events it completed. */
  bytes?: number;
  events?: TimelineEventKind[];
}

/** One request to a streaming host, on a timeline, with the paints a batching page made meanwhile. */
export interface TurnTimeline {
  entries: TimelineEntry[];
  /** Text events received: each one is a delta. */
  deltas: number;
  /** Every paint, its time since the request was sent. */
  paints: PaintRecord[];
  /** Paints by their reason. */
  timerPaints: number;
  /** Pending paints cancelled (by the final paint). */
  cancelled: number;
  final: string;
  done: boolean;
  error: string | null;
  /** Every painted text is a prefix of the final answer. */
  prefixes: boolean;
  /** The last paint is the final answer, and no paint came after it. */
  finalLast: boolean;
  /** Milliseconds from the request to the headers, to the first text event, and to the last byte. */
  headersAt: number;
  firstTextAt: number | null;
  lastReadAt: number | null;
}

/** The host, the message, the clock, and how the page paints. */
export interface StreamTurnOptions {
  host: FetchLike;
  message: string;
  clock?: Clock;
  intervalMs?: number;
  /** Called for each paint, e.g. to draw the bubble. */
  paint?: (text: string, reason: PaintReason) => void;
  /**
   * Stops the turn: the request is told, the body cancelled, no paint made after; the promise rejects with the signal's
   * reason.
   */
  signal?: AbortSignal;
}

/** Sends one question to the host's stream endpoint and reads the answer as it arrives, painting through a batcher. */
export async function runStreamTurn(options: StreamTurnOptions): Promise<TurnTimeline> {
  expectObject(options, 'runStreamTurn', 'options');
  const clock = options.clock ?? realClock;
  const start = clock.now();
  const since = () => Math.round((clock.now() - start) * 1000) / 1000;
  const entries: TimelineEntry[] = [{ t: 0, kind: 'sent' }];
  const signal = options.signal;
  signal?.throwIfAborted();
  const batcher = createPaintBatcher({
    clock,
    intervalMs: options.intervalMs ?? 40,
    paint: (text, reason) => {
      if (!signal?.aborted) options.paint?.(text, reason);
    },
  });
  const sorter = new EventSorter();
  let pendingKinds: TimelineEventKind[] = [];
  let deltas = 0;
  let firstTextAt: number | null = null;
  let lastReadAt: number | null = null;
  const parser = new StandardParser((event) => {
    const kind = classifyEvent(event.data).kind;
    pendingKinds.push(kind);
    sorter.take(event.data);
    if (kind === 'text') {
      deltas++;
      if (firstTextAt === null) firstTextAt = since();
      batcher.delta(sorter.text);
    }
  });

  const response = await options.host(STREAM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: options.message }),
    ...(signal ? { signal } : {}),
  });
  signal?.throwIfAborted();
  const headersAt = since();
  entries.push({ t: headersAt, kind: 'headers', status: response.status });
  if (response.body) {
    // An abort cancels the body, which settles a read still waiting; the turn then rejects with the reason.
    await pumpBody(
      response.body,
      (text, bytes) => {
        pendingKinds = [];
        parser.feed(text);
        if (bytes === 0) return; // the decoder's leftovers at the end: no read of their own
        lastReadAt = since();
        entries.push({ t: lastReadAt, kind: 'read', bytes, events: pendingKinds });
      },
      { signal },
      'runStreamTurn',
    );
    parser.end();
  }
  entries.push({ t: since(), kind: 'end' });
  const result = sorter.result();
  batcher.finish(result.text);
  const paints = batcher.log.map((record) => ({ ...record, t: Math.round((record.t - start) * 1000) / 1000 }));
  const last = paints[paints.length - 1];
  return {
    entries,
    deltas,
    paints,
    timerPaints: paints.filter((p) => p.reason === 'timer').length,
    cancelled: batcher.cancelled,
    final: result.text,
    done: result.done,
    error: result.error,
    prefixes: paints.every((p) => result.text.startsWith(p.text)),
    finalLast: last !== undefined && last.reason === 'final' && last.text === result.text,
    headersAt,
    firstTextAt,
    lastReadAt,
  };
}
