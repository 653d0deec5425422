// Painting a fast stream: store every delta, paint at most once per interval (40 ms), always the
// latest aggregate, paint at once when the draft is cleared, and cancel the pending paint before
// writing the final answer. The clock is injected so tests (and the timeline demo) can run on a
// fake one.

import { expectObject, expectString } from '../core/arguments.ts';
import { type Clock, realClock } from '../core/fake-clock.ts';

/** Why a paint happened: its interval came, the draft was cleared, or the answer is final. */
export type PaintReason = 'timer' | 'cleared' | 'final';

/** One paint: when, what text, and why. */
export interface PaintRecord {
  /** When the paint happened, on the batcher's clock. */
  t: number;
  text: string;
  reason: PaintReason;
}

/** The batcher's clock, its interval, and the function that paints. */
export interface PaintBatcherOptions {
  clock?: Clock;
  /** The shortest time between two scheduled paints; 40 ms by default (25 paints a second). */
  intervalMs?: number;
  /** Draws the message; called at most once per interval while deltas arrive. */
  paint: (text: string, reason: PaintReason) => void;
}

/** What a page calls as a stream arrives; the batcher decides when to paint. */
export interface PaintBatcher {
  /** A delta arrived: `aggregate` is the whole text so far. Stored; a paint is scheduled if none is pending. */
  delta(aggregate: string): void;
  /** The draft jumps (e.g. emptied before a retry): cancel the pending paint and paint now. */
  clear(text?: string): void;
  /** The answer is final: cancel the pending paint, paint `final`; later deltas are ignored. */
  finish(final: string): void;
  readonly deltas: number;
  readonly paints: number;
  /** Pending paints cancelled by `clear` or `finish`. */
  readonly cancelled: number;
  readonly finished: boolean;
  /** The latest aggregate stored. */
  readonly draft: string;
  /** Every paint, in order. */
  readonly log: readonly PaintRecord[];
}

/**
 * A painter for a fast stream: every delta is stored, and the latest whole text painted at most
 * once per interval; clearing the draft paints at once, and the final answer cancels the pending
 * paint before it is drawn.
 *
 * @example
 * ```ts
 * const clock = createFakeClock();
 * const batcher = createPaintBatcher({ clock, paint: (text) => (bubble.textContent = text) });
 * batcher.delta('Hel');
 * batcher.delta('Hello');
 * clock.advance(40); // one paint, of "Hello"
 * ```
 */
export function createPaintBatcher(options: PaintBatcherOptions): PaintBatcher {
  expectObject(options, 'createPaintBatcher', 'options');
  const clock = options.clock ?? realClock;
  const interval = options.intervalMs ?? 40;
  let draft = '';
  let pending: unknown = undefined;
  let hasPending = false;
  let deltas = 0;
  let cancelled = 0;
  let finished = false;
  const log: PaintRecord[] = [];

  const paint = (text: string, reason: PaintReason) => {
    log.push({ t: clock.now(), text, reason });
    options.paint(text, reason);
  };
  const cancel = () => {
    if (!hasPending) return;
    clock.clearTimeout(pending);
    hasPending = false;
    pending = undefined;
    cancelled++;
  };

  return {
    delta(aggregate) {
      expectString(aggregate, 'PaintBatcher.delta', 'aggregate');
      if (finished) return;
      deltas++;
      draft = aggregate; // cheap: just store it
      if (hasPending) return;
      hasPending = true;
      pending = clock.setTimeout(() => {
        hasPending = false;
        pending = undefined;
        paint(draft, 'timer'); // the latest value, not the one that scheduled the paint
      }, interval);
    },
    clear(text = '') {
      expectString(text, 'PaintBatcher.clear', 'text');
      if (finished) return;
      cancel();
      draft = text;
      paint(text, 'cleared');
    },
    finish(final) {
      expectString(final, 'PaintBatcher.finish', 'final');
      if (finished) return;
      cancel();
      finished = true;
      draft = final;
      paint(final, 'final');
    },
    get deltas() {
      return deltas;
    },
    get paints() {
      return log.length;
    },
    get cancelled() {
      return cancelled;
    },
    get finished() {
      return finished;
    },
    get draft() {
      return draft;
    },
    get log() {
      return log;
    },
  };
}
