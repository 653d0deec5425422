// A host that streams: it wraps another host (the in-page replica by default) and sends each piece
// of the answer as it is produced, one piece every `pieceMs`, instead of every event in one burst
// once the whole answer is known. The replica computes its answer at once, so the production is
// played out: the answer's text is cut into words, each sent as one event of GaChatbot.Api's writer.
// The wrapped host and its default behaviour are unchanged.

import { classifyEvent } from '../core/events.ts';
import { type Clock, realClock } from '../core/fake-clock.ts';
import { readStandardEvents } from '../standard/parser.ts';
import { DONE_EVENT, writeGaChatbotEvent } from '../ga/writers.ts';
import { createInPageHost, type FetchLike } from '../host/in-page-host.ts';
import { expectObject, expectOptions, expectString } from '../core/arguments.ts';

/** The answer cut into words, each with the whitespace after it; joined, they give the text back exactly. */
export function wordPieces(text: string): string[] {
  expectString(text, 'wordPieces', 'text');
  if (text === '') return [];
  return text.split(/(?<=\s)(?=\S)/u);
}

/** The host a paced host wraps, its clock, and how fast and in which pieces it sends the answer. */
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

/** The routing event and the error event, which a producer sends at once rather than paced. */
function isControlEvent(data: string): boolean {
  const kind = classifyEvent(data).kind;
  return kind === 'routing' || kind === 'error';
}

/** How a wrapping host plays the wrapped host's events: `send` writes one event's data, `later` waits on the clock. */
interface Player {
  send(data: string): void;
  later(ms: number, then: () => void): void;
  close(): void;
}

/**
 * A host that wraps another: the wrapped host's status and headers at once, then its events (its
 * body read whole) played out by `play`, on the clock. Cancelling the body stops the clock's timer.
 */
function replayHost(
  inner: FetchLike,
  clock: Clock,
  play: (events: readonly string[], player: Player) => void,
): FetchLike {
  return async (input, init) => {
    const response = await inner(input, init);
    if (!isEventStream(response)) return response;
    const encoder = new TextEncoder();
    let timer: unknown;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const events = readStandardEvents(await response.text()).map((event) => event.data);
        if (cancelled) return;
        play(events, {
          send: (data) =>
            controller.enqueue(encoder.encode(data === '[DONE]' ? DONE_EVENT : writeGaChatbotEvent(data))),
          later: (ms, then) => {
            timer = clock.setTimeout(() => {
              if (!cancelled) then();
            }, ms);
          },
          close: () => controller.close(),
        });
      },
      cancel() {
        cancelled = true;
        clock.clearTimeout(timer);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * A host that streams as a model writes: the wrapped host's answer cut into pieces (words by
 * default), each sent as an event of GaChatbot.Api's writer, one every `pieceMs` on `clock`; the
 * routing and error events go at once.
 */
export function createPacedHost(options: PacedHostOptions = {}): FetchLike {
  expectOptions(options, 'createPacedHost');
  const clock = options.clock ?? realClock;
  const split = options.split ?? wordPieces;
  return replayHost(options.inner ?? createInPageHost(), clock, (events, player) => {
    // The wrapped host's events: what the answer is made of. Routing and error events go at once.
    let answer = '';
    let done = false;
    for (const data of events) {
      if (data === '[DONE]') done = true;
      else if (isControlEvent(data)) player.send(data);
      else answer += data;
    }
    const pieces = split(answer);
    const pieceMs =
      options.totalMs === undefined ? (options.pieceMs ?? 12) : options.totalMs / Math.max(1, pieces.length);
    // Piece i leaves at (i + 1) × pieceMs from the start: a late timer delays one piece, not all after it.
    const start = clock.now();
    let next = 0;
    const wait = () => player.later(Math.max(0, start + (next + 1) * pieceMs - clock.now()), produce);
    const produce = () => {
      if (next < pieces.length) {
        player.send(pieces[next++]!);
        if (next < pieces.length) return wait();
      }
      if (done) player.send('[DONE]');
      player.close();
    };
    if (pieces.length === 0) produce();
    else wait();
  });
}

/** The host a burst host wraps, its clock, and how long the whole answer takes to produce. */
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
  expectObject(options, 'createBurstHost', 'options');
  return replayHost(options.inner ?? createInPageHost(), options.clock ?? realClock, (events, player) =>
    player.later(options.latencyMs, () => {
      for (const data of events) player.send(data);
      player.close();
    }),
  );
}
