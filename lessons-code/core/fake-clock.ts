// Time and timers, injected: the real clock in the page, a fake one in tests and in the demos that
// replay a turn. Work paced with timers (the paint batcher's 40 ms, the host's and the replica's
// pacing) runs on a fake clock in no real time and gives the same times, and the same bytes, every
// time.

import { expectFunction, expectNumber, expectObject } from './arguments.ts';

/** Time and timers: the real ones in the page, a fake one in tests. */
export interface Clock {
  /** Milliseconds. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The page's clock: `performance.now()` and the global timers. */
export const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A clock whose time moves only when told to; due timers run in time order as it moves. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** Moves time forward to `t` (never back). */
  advanceTo(t: number): void;
  /** Timers still waiting. */
  pending(): number;
  /** When the next timer falls due, or null when none is waiting. */
  nextAt(): number | null;
}

/**
 * A clock that moves only when told to (`advance`, `advanceTo`), firing the timers that fall due in
 * order: paced work runs in no real time and gives the same times on every run.
 *
 * @param start - Its first reading, in milliseconds.
 *
 * @example
 * ```ts
 * const clock = createFakeClock();
 * clock.setTimeout(() => console.log(clock.now()), 40);
 * clock.advance(100); // prints 40
 * ```
 */
export function createFakeClock(start = 0): FakeClock {
  expectNumber(start, 'createFakeClock', 'start');
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void; order: number }>();
  const clock: FakeClock = {
    now: () => now,
    setTimeout(run, ms) {
      expectFunction(run, 'FakeClock.setTimeout', 'run');
      expectNumber(ms, 'FakeClock.setTimeout', 'ms');
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), run, order: id });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    advanceTo(t) {
      expectNumber(t, 'FakeClock.advanceTo', 't');
      for (;;) {
        let due: [number, { at: number; run: () => void; order: number }] | undefined;
        for (const entry of timers) {
          if (entry[1].at > t) continue;
          if (!due || entry[1].at < due[1].at || (entry[1].at === due[1].at && entry[1].order < due[1].order))
            due = entry;
        }
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].run();
      }
      now = Math.max(now, t);
    },
    advance(ms) {
      expectNumber(ms, 'FakeClock.advance', 'ms');
      clock.advanceTo(now + ms);
    },
    pending: () => timers.size,
    nextAt() {
      let next: number | null = null;
      for (const timer of timers.values()) if (next === null || timer.at < next) next = timer.at;
      return next;
    },
  };
  return clock;
}

/** A real timer's turn: what work that waits on `setTimeout(…, 0)` (as GA's host does) needs to go on. */
const realTimerTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * One turn of the event loop: every task and microtask already queued gets to run. Node has
 * setImmediate; a browser gets a message on a channel, which, unlike a nested setTimeout(0), is
 * never held back 4 ms (a recording of 40 tokens takes some 40 turns).
 */
const nextTurn: () => Promise<void> =
  typeof setImmediate === 'function'
    ? () => new Promise((resolve) => setImmediate(resolve))
    : typeof MessageChannel === 'function'
      ? () =>
          new Promise((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              channel.port1.close();
              resolve();
            };
            channel.port2.postMessage(null);
          })
      : realTimerTurn;

/**
 * Drives the fake clock until `work` settles: lets every pending task run, then moves the clock to
 * the next timer, and again. When the clock holds no timer, the work may still be waiting on a real
 * one (the in-page host starts its work after a `setTimeout(…, 0)`, as GaChatbot.Api starts it after
 * the headers): it gets real timer turns before the clock is called idle. Work that waits on nothing
 * (no timer of either kind after 20 such turns) would never settle: that throws instead of hanging.
 */
export async function runOnFakeClock<T>(clock: FakeClock, work: Promise<T>): Promise<T> {
  expectObject(clock, 'runOnFakeClock', 'clock');
  expectObject(work, 'runOnFakeClock', 'work');
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  // Handled by the caller once returned; without this, a rejection would count as unhandled until then.
  watched.catch(() => undefined);
  let idle = 0;
  for (;;) {
    await nextTurn();
    if (settled) return watched;
    const next = clock.nextAt();
    if (next !== null) {
      idle = 0;
      clock.advanceTo(next);
      continue;
    }
    await realTimerTurn();
    if (!settled && clock.nextAt() === null && ++idle > 20)
      throw new Error('the work waits for nothing on the fake clock and never settles');
  }
}
