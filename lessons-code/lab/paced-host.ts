// A host that streams: it wraps another host (the in-page replica by default) and sends each piece
// of the answer as it is produced, one piece every `pieceMs`, instead of every event in one burst
// once the whole answer is known. The replica computes its answer at once, so the production is
// played out: the answer's text is cut into words, each sent as one event of GaChatbot.Api's writer.
// The wrapped host and its default behaviour are unchanged.

import { type Clock, realClock } from './paint-batcher.ts';
import { readStandardEvents } from '../standard/parser.ts';
import { DONE_EVENT, writeGaChatbotEvent } from '../ga/writers.ts';
import { createInPageHost, type FetchLike } from '../host/in-page-host.ts';

/** The answer cut into words, each with the whitespace after it; joined, they give the text back exactly. */
export function wordPieces(text: string): string[] {
  if (text === '') return [];
  return text.split(/(?<=\s)(?=\S)/u);
}

export interface PacedHostOptions {
  /** The host whose answer is paced; the in-page replica by default. */
  inner?: FetchLike;
  clock?: Clock;
  /** Milliseconds between two pieces; 12 by default. */
  pieceMs?: number;
  /**
   * The time the producer (a model) takes to write the whole answer: the pieces are then spread
   * evenly over it, the last one sent when the answer is complete. Overrides `pieceMs`.
   */
  totalMs?: number;
  /** How the answer is cut into the pieces a producer would emit; words by default. */
  split?: (text: string) => string[];
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').startsWith('text/event-stream') && response.body !== null;
}

/** The routing event and the error event: JSON objects with a `type` of `routing` or an `error`. */
function isControlEvent(data: string): boolean {
  if (!data.startsWith('{')) return false;
  try {
    const value = JSON.parse(data) as unknown;
    return typeof value === 'object' && value !== null && ((value as { type?: unknown }).type === 'routing' || 'error' in value);
  } catch {
    return false;
  }
}

export function createPacedHost(options: PacedHostOptions = {}): FetchLike {
  const inner = options.inner ?? createInPageHost();
  const clock = options.clock ?? realClock;
  const defaultPieceMs = options.pieceMs ?? 12;
  const split = options.split ?? wordPieces;

  return async (input, init) => {
    const response = await inner(input, init);
    if (!isEventStream(response)) return response;
    const encoder = new TextEncoder();
    let timer: unknown;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The wrapped host's events: what the answer is made of.
        const events = readStandardEvents(await response.text());
        if (cancelled) return;
        let answer = '';
        let done = false;
        for (const { data } of events) {
          if (data === '[DONE]') done = true;
          else if (isControlEvent(data)) controller.enqueue(encoder.encode(writeGaChatbotEvent(data))); // routing or error: at once
          else answer += data;
        }
        const pieces = split(answer);
        const pieceMs = options.totalMs === undefined ? defaultPieceMs : options.totalMs / Math.max(1, pieces.length);
        const finish = () => {
          if (done) controller.enqueue(encoder.encode(DONE_EVENT));
          controller.close();
        };
        if (pieces.length === 0) {
          finish();
          return;
        }
        let next = 0;
        const produce = () => {
          if (cancelled) return;
          controller.enqueue(encoder.encode(writeGaChatbotEvent(pieces[next++]!)));
          if (next < pieces.length) timer = clock.setTimeout(produce, pieceMs);
          else finish();
        };
        timer = clock.setTimeout(produce, pieceMs);
      },
      cancel() {
        cancelled = true;
        clock.clearTimeout(timer);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

export interface BurstHostOptions {
  /** The host whose answer is held back; the in-page replica by default. */
  inner?: FetchLike;
  clock?: Clock;
  /** The time the producer (a model) takes to write the whole answer, before anything is sent. */
  latencyMs: number;
}

/**
 * GA's shape with a model behind it: status and headers at once (ChatbotController.cs line 39),
 * then nothing while the whole answer is produced (`latencyMs`), then every event of the wrapped
 * host one after another, with no pause.
 */
export function createBurstHost(options: BurstHostOptions): FetchLike {
  const inner = options.inner ?? createInPageHost();
  const clock = options.clock ?? realClock;
  return async (input, init) => {
    const response = await inner(input, init);
    if (!isEventStream(response)) return response;
    const encoder = new TextEncoder();
    let timer: unknown;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const events = readStandardEvents(await response.text());
        if (cancelled) return;
        await new Promise<void>((resolve) => (timer = clock.setTimeout(resolve, options.latencyMs)));
        if (cancelled) return;
        for (const { data } of events) controller.enqueue(encoder.encode(data === '[DONE]' ? DONE_EVENT : writeGaChatbotEvent(data)));
        controller.close();
      },
      cancel() {
        cancelled = true;
        clock.clearTimeout(timer);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
